import { randomUUID } from 'node:crypto';
import { makeSku, MESSAGES, toCents, type Order, type OrderBody, type OrderUpdateBody } from '@inventory/contract';
import type { Db } from '../../db';
import { checkIfMatch, type IfMatch } from '../../http/etag';
import { HttpError } from '../../http/errors';
import type { StoreContext } from '../../stores/access';
import { auditOf, createdBy, updatedBy } from '../../stores/audit';
import { toOrder } from './mapping';

export interface OrderServiceOptions {
  db: Db;
  now?: () => Date;
}

export interface VersionedOrder {
  order: Order;
  version: number;
}

const UNCONDITIONAL_RETRIES = 3;

/** Orders of one store each; the server makes the SKU (the client does not send one). */
export function createOrderService({ db, now = () => new Date() }: OrderServiceOptions) {
  const findOwned = (storeId: string, id: string) =>
    db.selectFrom('orders').selectAll().where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst();
  const answer = async (row: Parameters<typeof toOrder>[0] & Parameters<typeof auditOf>[1], version: number): Promise<VersionedOrder> => ({
    order: { ...toOrder(row), ...(await auditOf(db, row)) },
    version,
  });
  const notFound = () => new HttpError(404, MESSAGES.orderNotFound);

  async function current(storeId: string, id: string, ifMatch: IfMatch) {
    const row = await findOwned(storeId, id);
    if (!row) throw notFound();
    checkIfMatch(ifMatch, row.version);
    return row;
  }

  return {
    async list(storeId: string): Promise<Order[]> {
      const rows = await db
        .selectFrom('orders')
        .selectAll()
        .where('store_id', '=', storeId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toOrder);
    },

    async get(storeId: string, id: string): Promise<VersionedOrder> {
      const row = await findOwned(storeId, id);
      if (!row) throw notFound();
      return answer(row, row.version);
    },

    async create(store: StoreContext, body: OrderBody): Promise<VersionedOrder> {
      const at = now();
      const row = {
        id: randomUUID(),
        store_id: store.storeId,
        ...createdBy(store.actor),
        name: body.name,
        sku: makeSku(body.category, at.getTime()),
        category: body.category,
        price_cents: toCents(body.price),
        quantity: body.quantity,
        status: 'open',
        version: 1,
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
      };
      await db.insertInto('orders').values(row).execute();
      return answer(row, row.version);
    },

    /** Same rule as products: written only at the version read; with If-Match a stale write is 409. The SKU stays. */
    async update(store: StoreContext, id: string, body: OrderUpdateBody, ifMatch: IfMatch): Promise<VersionedOrder> {
      const { storeId } = store;
      let row = await current(storeId, id, ifMatch);
      for (let attempt = 0; ; attempt += 1) {
        const changes = {
          name: body.name,
          category: body.category,
          price_cents: toCents(body.price),
          quantity: body.quantity,
          ...(body.status === undefined ? {} : { status: body.status }),
          ...updatedBy(store.actor),
          version: row.version + 1,
          updated_at: now().toISOString(),
        };
        const result = await db
          .updateTable('orders')
          .set(changes)
          .where('id', '=', id)
          .where('store_id', '=', storeId)
          .where('version', '=', row.version)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 1) return answer({ ...row, ...changes }, changes.version);
        const latest = await findOwned(storeId, id);
        if (!latest) throw notFound();
        if ((ifMatch !== null && ifMatch !== '*') || attempt >= UNCONDITIONAL_RETRIES) throw new HttpError(409, MESSAGES.editConflict);
        row = latest;
      }
    },

    async remove(storeId: string, id: string, ifMatch: IfMatch): Promise<void> {
      const row = await current(storeId, id, ifMatch);
      let query = db.deleteFrom('orders').where('id', '=', id).where('store_id', '=', storeId);
      if (ifMatch !== null && ifMatch !== '*') query = query.where('version', '=', row.version);
      const result = await query.executeTakeFirst();
      if (Number(result.numDeletedRows) !== 1) {
        if (!(await findOwned(storeId, id))) throw notFound();
        throw new HttpError(409, MESSAGES.editConflict);
      }
    },
  };
}

export type OrderService = ReturnType<typeof createOrderService>;
