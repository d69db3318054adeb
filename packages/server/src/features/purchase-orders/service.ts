import { randomUUID } from 'node:crypto';
import {
  PURCHASE_MESSAGES,
  PURCHASE_ORDER_STATUS_LABELS,
  type PurchaseOrderCreateBody,
  type PurchaseOrderLine,
  purchaseOrderEditRefusal,
  type PurchaseOrderStatus,
  type PurchaseOrderStatusBody,
  purchaseOrderTransitionRefusal,
  type PurchaseOrderUpdateBody,
} from '@inventory/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, Db } from '../../db';
import type { PurchaseOrdersTable } from '../../db/types';
import { nextDocumentNumber } from '../../db/sequences';
import { writeTransaction } from '../../db/write-transaction';
import { checkIfMatch, type IfMatch } from '../../http/etag';
import { HttpError } from '../../http/errors';
import type { StoreContext } from '../../stores/access';
import { changedBy, createdBy } from '../../stores/audit';
import { linesOf, purchaseOrderAnswer, type VersionedPurchaseOrder } from './mapping';
import { checkLineProducts, holdSupplier, lockPurchaseOrder, writeLines } from './writes';

export interface PurchaseOrderServiceOptions {
  db: Db;
  now?: () => Date;
}

export interface NewPurchaseOrder {
  supplierId: string;
  expectedDate: string | null;
  notes: string;
  lines: readonly PurchaseOrderLine[];
}

const labelOf = (status: string) => PURCHASE_ORDER_STATUS_LABELS[status as PurchaseOrderStatus].toLowerCase();

/**
 * Writes a draft in the caller's transaction: its number first (the store's `purchase_order` sequence, the first lock
 * a create takes, as sales orders take theirs), then the supplier held, the products checked, the row and its lines.
 */
export async function insertPurchaseOrder(trx: Kysely<Database>, store: StoreContext, order: NewPurchaseOrder, at: Date): Promise<Selectable<PurchaseOrdersTable>> {
  const number = await nextDocumentNumber(trx, store.storeId, 'purchase_order');
  await holdSupplier(trx, store.storeId, order.supplierId);
  await checkLineProducts(trx, store.storeId, order.lines);
  const row = {
    id: randomUUID(),
    store_id: store.storeId,
    number,
    supplier_id: order.supplierId,
    status: 'draft',
    expected_date: order.expectedDate,
    notes: order.notes,
    ordered_at: null,
    ...createdBy(store.actor, at),
    version: 1,
  };
  const inserted = await trx.insertInto('purchase_orders').values(row).returningAll().executeTakeFirstOrThrow();
  await writeLines(trx, store.storeId, row.id, order.lines);
  return inserted;
}

/**
 * A store's purchase orders (docs/decisions/0042-purchase-orders-and-receiving.md): every write one transaction that
 * locks the order's row first and decides by the contract's rules (purchase-orders.ts) on the row as it is then;
 * If-Match is checked under that lock, so a stale edit is 409 and two edits never interleave.
 */
export function createPurchaseOrderService({ db, now = () => new Date() }: PurchaseOrderServiceOptions) {
  const notFound = () => new HttpError(404, PURCHASE_MESSAGES.notFound);

  /** The order locked and at the version If-Match names, in `trx`. */
  async function locked(trx: Kysely<Database>, storeId: string, id: string, ifMatch: IfMatch) {
    const row = await lockPurchaseOrder(trx, storeId, id);
    if (!row) throw notFound();
    checkIfMatch(ifMatch, Number(row.version));
    return row;
  }

  return {
    async get(storeId: string, id: string): Promise<VersionedPurchaseOrder> {
      const row = await db.selectFrom('purchase_orders').selectAll().where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst();
      if (!row) throw notFound();
      return purchaseOrderAnswer(db, row);
    },

    /** The draft and (with `remember`) the Idempotency-Key's answer, in one transaction. */
    create(
      store: StoreContext,
      body: PurchaseOrderCreateBody,
      remember?: (trx: Kysely<Database>, created: VersionedPurchaseOrder) => Promise<void>,
    ): Promise<VersionedPurchaseOrder> {
      return writeTransaction(db, async (trx) => {
        const created = await purchaseOrderAnswer(trx, await insertPurchaseOrder(trx, store, body, now()));
        await remember?.(trx, created);
        return created;
      });
    },

    /** A draft's fields and (when sent) its whole list of lines; 409 once it is no longer a draft. */
    update(store: StoreContext, id: string, body: PurchaseOrderUpdateBody, ifMatch: IfMatch): Promise<VersionedPurchaseOrder> {
      return writeTransaction(db, async (trx) => {
        const row = await locked(trx, store.storeId, id, ifMatch);
        const refusal = purchaseOrderEditRefusal(row.status as PurchaseOrderStatus);
        if (refusal) throw new HttpError(refusal.status, refusal.message);
        if (body.supplierId !== undefined && body.supplierId !== row.supplier_id) await holdSupplier(trx, store.storeId, body.supplierId);
        if (body.lines) {
          await checkLineProducts(trx, store.storeId, body.lines);
          await writeLines(trx, store.storeId, id, body.lines);
        }
        const updated = await trx
          .updateTable('purchase_orders')
          .set({
            ...(body.supplierId === undefined ? {} : { supplier_id: body.supplierId }),
            ...(body.expectedDate === undefined ? {} : { expected_date: body.expectedDate }),
            ...(body.notes === undefined ? {} : { notes: body.notes }),
            ...changedBy(store.actor, now()),
            version: Number(row.version) + 1,
          })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return purchaseOrderAnswer(trx, updated);
      });
    },

    /** Sent (ordered: every line costed) or cancelled, as PURCHASE_ORDER_TRANSITIONS allow; the status it has is no change. */
    setStatus(store: StoreContext, id: string, body: PurchaseOrderStatusBody, ifMatch: IfMatch): Promise<VersionedPurchaseOrder> {
      return writeTransaction(db, async (trx) => {
        const row = await locked(trx, store.storeId, id, ifMatch);
        const from = row.status as PurchaseOrderStatus;
        const lines = await linesOf(trx, id);
        const named = lines.map((line) => ({ name: line.name ?? 'deleted product', unitCostCents: line.unit_cost_cents }));
        const refusal = purchaseOrderTransitionRefusal(from, body.status, named);
        if (refusal) throw new HttpError(refusal.status, refusal.message);
        if (from === body.status) return purchaseOrderAnswer(trx, row);
        const at = now();
        const updated = await trx
          .updateTable('purchase_orders')
          .set({
            status: body.status,
            ...(body.status === 'ordered' ? { ordered_at: at.toISOString() } : {}),
            ...changedBy(store.actor, at),
            version: Number(row.version) + 1,
          })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return purchaseOrderAnswer(trx, updated);
      });
    },

    /** Only a draft is deleted (nothing of it was sent or received); a sent one is cancelled instead. */
    async remove(store: StoreContext, id: string, ifMatch: IfMatch): Promise<void> {
      await writeTransaction(db, async (trx) => {
        const row = await locked(trx, store.storeId, id, ifMatch);
        if (row.status !== 'draft') throw new HttpError(409, PURCHASE_MESSAGES.notDeletable(labelOf(row.status)));
        await trx.deleteFrom('purchase_orders').where('id', '=', id).execute();
      });
    },
  };
}

export type PurchaseOrderService = ReturnType<typeof createPurchaseOrderService>;
