import { randomUUID } from 'node:crypto';
import {
  makeSku,
  MESSAGES,
  type Order,
  type OrderBody,
  type OrderHolding,
  orderDeletionMoves,
  orderEditMoves,
  orderPlacementMoves,
  type OrderStatus,
  type OrderStockMove,
  type OrderUpdateBody,
  toCents,
  orderProductRefusal,
  type SaleLine,
} from '@inventory/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, Db } from '../../db';
import type { OrdersTable } from '../../db/types';
import { nextDocumentNumber } from '../../db/sequences';
import { lockProducts, writeTransaction } from '../../db/write-transaction';
import { moveStock } from '../../stock/ledger';
import { checkIfMatch, type IfMatch } from '../../http/etag';
import { HttpError } from '../../http/errors';
import type { StoreContext } from '../../stores/access';
import { auditOf, changedBy, createdBy } from '../../stores/audit';
import { customerOfOrder, lockOrderCustomer } from './customer';
import { toOrder } from './mapping';
import { lineFieldsOf, lockOrder } from './lines/line-rows';
import { createLineOrderService } from './lines/lines-service';
import { recordedSaleOf, recordSale, saleOf, type SaleTax } from '../../reports/sales-figures';

export interface OrderServiceOptions {
  db: Db;
  now?: () => Date;
}

export interface VersionedOrder {
  order: Order;
  version: number;
}

const UNCONDITIONAL_RETRIES = 3;

/** What an order row holds of a product, for the contract's stock rules. */
function holding(row: { status: string; product_id: string | null; quantity: number | string }): OrderHolding {
  return { status: row.status as OrderStatus, productId: row.product_id, quantity: Number(row.quantity) };
}

/** An order as SPEC.md sends it sells its one line, untaxed (0041), unless cancelled. */
const SPEC_TAX: SaleTax = { rates: [], pricesIncludeTax: false };
function specSaleLines(row: { status: string; product_id: string | null; quantity: number | string; price_cents: number | string }): SaleLine[] {
  const quantity = Number(row.quantity);
  return [{ productId: row.product_id, quantity, unitPriceCents: Number(row.price_cents), discountBp: 0, taxRateId: null, cancelled: row.status === 'cancelled' ? quantity : 0, returned: 0 }];
}

/** Orders of one store each; the server makes the SKU (the client does not send one). */
export function createOrderService({ db, now = () => new Date() }: OrderServiceOptions) {
  const findOwned = (storeId: string, id: string) =>
    db.selectFrom('orders').selectAll().where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst();
  const answer = async (row: Parameters<typeof toOrder>[0] & Parameters<typeof auditOf>[1] & { line_count?: number }, version: number, reader: Kysely<Database> = db): Promise<VersionedOrder> => {
    // One after another: `reader` may be a transaction, whose one connection runs one query at a time anyway.
    const audit = await auditOf(reader, row);
    const customer = await customerOfOrder(reader, row);
    const lines = await lineFieldsOf(reader, row);
    return { order: { ...toOrder(row), ...customer, ...audit, ...lines }, version };
  };
  // Orders of several lines (issue 27): their own rules; an order without lines stays on the paths below.
  const lineOrders = createLineOrderService<Order>({ db, now, answer: (row, reader) => answer(row, row.version, reader) });
  const notFound = () => new HttpError(404, MESSAGES.orderNotFound);

  async function current(storeId: string, id: string, ifMatch: IfMatch) {
    const row = await findOwned(storeId, id);
    if (!row) throw notFound();
    checkIfMatch(ifMatch, row.version);
    return row;
  }

  return {
    async get(storeId: string, id: string): Promise<VersionedOrder> {
      const row = await findOwned(storeId, id);
      if (!row) throw notFound();
      return answer(row, row.version);
    },

    /**
     * An order naming a product takes its quantity from that product's stock in the same transaction (409 saying how
     * many are available when there are too few; nothing changes then). With `remember`, the Idempotency-Key's answer
     * is stored in that transaction too.
     */
    async create(
      store: StoreContext,
      body: OrderBody,
      remember?: (trx: Kysely<Database>, created: VersionedOrder) => Promise<void>,
    ): Promise<VersionedOrder> {
      const id = randomUUID();
      const at = now();
      return writeTransaction(db, async (trx) => {
        // The number first: the store's sequence row is the first lock a create takes (then the products, then the
        // counters their triggers update), so creates of free-text and catalogue orders queue on it without a cycle.
        const number = await nextDocumentNumber(trx, store.storeId, 'sales_order');
        const held: OrderHolding = { status: 'open', productId: body.productId, quantity: body.quantity };
        // The product, locked: 400 when gone, 409 when archived; its SKU is the order's (a free-text one gets one made).
        const sku = body.productId === null ? makeSku(body.category, at.getTime()) : await productSku(trx, store.storeId, body.productId);
        for (const move of orderPlacementMoves(held)) await orderStock(trx, store, move, id, at);
        const row = {
          id,
          store_id: store.storeId,
          ...createdBy(store.actor, at),
          name: body.name,
          sku,
          category: body.category,
          price_cents: toCents(body.price),
          quantity: body.quantity,
          status: 'open',
          product_id: body.productId,
          customer_id: body.customerId,
          number,
          version: 1,
        };
        // The customer after the products, before the order (the lock order; customer.ts).
        if (body.customerId !== null) await lockOrderCustomer(trx, store.storeId, body.customerId);
        await trx.insertInto('orders').values(row).execute();
        await recordSale(trx, id, null, await saleOf(trx, row, specSaleLines(row), SPEC_TAX));
        const created = await answer(row, row.version, trx);
        await remember?.(trx, created);
        return created;
      });
    },

    /**
     * Same rule as products: written only at the version read; with If-Match a stale write is 409. The SKU stays. The
     * stock follows in the same transaction: a new quantity moves the difference, cancelling gives the stock back,
     * reopening takes it again, another product gives back to the old one and takes from the new. A fulfilled order
     * is final (409).
     */
    async update(store: StoreContext, id: string, body: OrderUpdateBody, ifMatch: IfMatch): Promise<VersionedOrder> {
      const { storeId } = store;
      let row = await current(storeId, id, ifMatch);
      for (let attempt = 0; ; attempt += 1) {
        if (Number(row.line_count) > 0) return lineOrders.specEdit(store, id, body, ifMatch);
        if (row.status === 'fulfilled') throw new HttpError(409, MESSAGES.orderFulfilledLocked);
        const at = now();
        const changes = {
          name: body.name,
          category: body.category,
          price_cents: toCents(body.price),
          quantity: body.quantity,
          ...(body.status === undefined ? {} : { status: body.status }),
          ...(body.productId === undefined ? {} : { product_id: body.productId }),
          ...(body.customerId === undefined ? {} : { customer_id: body.customerId }),
          ...changedBy(store.actor, at),
          version: row.version + 1,
        };
        const before = row;
        const written = await writeTransaction(db, async (trx) => {
          const newProduct = body.productId ?? null;
          // The products first, then the order (whose trigger updates the store's counters): the one lock order.
          await lockProducts(trx, storeId, [before.product_id, newProduct]);
          // Checked under its lock even when unchanged: a product deleted meanwhile has set the order's product to
          // null, and writing its id back would break the foreign key.
          let sku: { sku: string } | null = null;
          if (newProduct !== null) {
            const exists = await trx
              .selectFrom('products')
              .select(['sku', 'name', 'archived_at'])
              .where('id', '=', newProduct)
              .where('store_id', '=', storeId)
              .executeTakeFirst();
            if (!exists) throw new HttpError(400, MESSAGES.orderProductGone);
            // Moved to another product: one that is not archived (an order keeps its own product archived after it was
            // placed), and the order carries that one's SKU.
            if (newProduct !== before.product_id) {
              const refusal = orderProductRefusal({ name: exists.name, archivedAt: exists.archived_at });
              if (refusal) throw new HttpError(refusal.status, refusal.message);
              sku = { sku: exists.sku };
            }
          }
          // Another customer: one of the store's who is not archived, held as on a create. The one it has may stay
          // whatever became of them since.
          if (body.customerId && body.customerId !== before.customer_id) await lockOrderCustomer(trx, storeId, body.customerId);
          const saleBefore = await recordedSaleOf(trx, before, specSaleLines(before), SPEC_TAX);
          const result = await trx
            .updateTable('orders')
            .set({ ...changes, ...sku })
            .where('id', '=', id)
            .where('store_id', '=', storeId)
            .where('version', '=', before.version)
            .where('status', '!=', 'fulfilled')
            .returningAll()
            .executeTakeFirst();
          if (!result) return null;
          await followStock(trx, store, before, result, at);
          await recordSale(trx, id, saleBefore, await saleOf(trx, result, specSaleLines(result), SPEC_TAX));
          return answer(result, result.version, trx);
        });
        if (written) return written;
        const latest = await findOwned(storeId, id);
        if (!latest) throw notFound();
        if (latest.status === 'fulfilled') throw new HttpError(409, MESSAGES.orderFulfilledLocked);
        if ((ifMatch !== null && ifMatch !== '*') || attempt >= UNCONDITIONAL_RETRIES) throw new HttpError(409, MESSAGES.editConflict);
        row = latest;
      }
    },

    /** Delete the order; an open one gives its stock back (a fulfilled one's goods have left, a cancelled one's came back). */
    async remove(store: StoreContext, id: string, ifMatch: IfMatch): Promise<void> {
      const { storeId } = store;
      const row = await current(storeId, id, ifMatch);
      if (Number(row.line_count) > 0) return lineOrders.remove(store, id, ifMatch);
      const deleted = await writeTransaction(db, async (trx) => {
        await lockProducts(trx, storeId, [row.product_id]);
        // Given lines meanwhile (its first shipment, or an edit of its lines): deleted by their rules instead.
        const latest = await lockOrder(trx, storeId, id);
        if (latest && Number(latest.line_count) > 0) return 'lines' as const;
        // Read before the delete takes the order's `order_sales` row with it.
        const saleBefore = latest ? await recordedSaleOf(trx, latest, specSaleLines(latest), SPEC_TAX) : null;
        let query = trx.deleteFrom('orders').where('id', '=', id).where('store_id', '=', storeId);
        if (ifMatch !== null && ifMatch !== '*') query = query.where('version', '=', row.version);
        const gone = await query.returningAll().executeTakeFirst();
        if (gone) {
          for (const move of orderDeletionMoves(holding(gone))) await orderStock(trx, store, move, null, now());
          await recordSale(trx, id, saleBefore, null);
        }
        return gone;
      });
      if (deleted === 'lines') return lineOrders.remove(store, id, ifMatch);
      if (!deleted) {
        if (!(await findOwned(storeId, id))) throw notFound();
        throw new HttpError(409, MESSAGES.editConflict);
      }
    },

    createWithLines: lineOrders.create,
    updateLines: lineOrders.updateLines,
  };

  /** Move the stock an edit implies (the contract's rule), from what the order held before to what it holds now. */
  async function followStock(trx: Kysely<Database>, store: StoreContext, before: Selectable<OrdersTable>, after: Selectable<OrdersTable>, at: Date) {
    for (const move of orderEditMoves(holding(before), holding(after))) await orderStock(trx, store, move, after.id, at);
  }

  /**
   * The SKU of a product of the store a new order names (locked first, as the lock order has it): 400 when it
   * is gone, 409 when it was archived (the contract's orderProductRefusal), and nothing of the order is kept.
   */
  async function productSku(trx: Kysely<Database>, storeId: string, productId: string): Promise<string> {
    await lockProducts(trx, storeId, [productId]);
    const product = await trx
      .selectFrom('products')
      .select(['sku', 'name', 'archived_at'])
      .where('id', '=', productId)
      .where('store_id', '=', storeId)
      .executeTakeFirst();
    const refusal = orderProductRefusal(product ? { name: product.name, archivedAt: product.archived_at } : null);
    if (refusal) throw new HttpError(refusal.status, refusal.message);
    return product!.sku;
  }

  /**
   * Move a product's stock for an order. A product that is gone: taking from it is refused (400); giving back to it
   * (`returning`) has nowhere to go and is skipped.
   */
  async function orderStock(trx: Kysely<Database>, store: StoreContext, move: OrderStockMove, orderId: string | null, at: Date): Promise<void> {
    const { productId, change, reason, returning } = move;
    try {
      await moveStock(trx, { storeId: store.storeId, productId, change, reason, actor: store.actor, orderId, at });
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) {
        if (returning) return;
        throw new HttpError(400, MESSAGES.orderProductGone);
      }
      throw error;
    }
  }
}

export type OrderService = ReturnType<typeof createOrderService>;
