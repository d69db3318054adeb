import { randomUUID } from 'node:crypto';
import {
  makeSku,
  MESSAGES,
  orderCancellationRefusal,
  orderLinesCancellationMoves,
  orderLinesEditMoves,
  orderLinesPlacementMoves,
  type OrderUpdateBody,
  outstandingToShip,
  productLockOrder,
  SALES_MESSAGES,
  SALES_ORDER_STATUS_LABELS,
  type SalesOrderBody,
  salesOrderActions,
  salesOrderStatus,
  type SalesOrderUpdateBody,
  shippedLinesEditRefusal,
  specEditOfLinesRefusal,
  taxRateOfNewLine,
  toCents,
} from '@inventory/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, Db } from '../../../db';
import type { OrdersTable } from '../../../db/types';
import { nextDocumentNumber } from '../../../db/sequences';
import { lockProducts, writeTransaction } from '../../../db/write-transaction';
import { checkIfMatch, type IfMatch } from '../../../http/etag';
import { HttpError } from '../../../http/errors';
import type { StoreContext } from '../../../stores/access';
import { changedBy, createdBy } from '../../../stores/audit';
import { lockOrderCustomer } from '../customer';
import { type LineState, lineRow, linesOf, lockOrder, updateLineRows } from './line-rows';
import { checkNewProduct, checkTaxRate, moveOrderStock, readProducts } from './line-products';
import { specFieldsOf, type TaxContext, taxContextOf } from './spec-row';
import { recordedSaleOf, recordSale, saleOf } from '../../../reports/sales-figures';

export interface VersionedAnswer<T> {
  order: T;
  version: number;
}

type OrderRow = Selectable<OrdersTable>;

export interface LineOrderServiceOptions<T> {
  db: Db;
  now: () => Date;
  /** The order's answer (the order service's: SPEC fields, customer, audit, lines), read in `reader`. */
  answer: (row: OrderRow, reader: Kysely<Database>) => Promise<VersionedAnswer<T>>;
}

const UNCONDITIONAL_RETRIES = 3;
const notFound = () => new HttpError(404, MESSAGES.orderNotFound);

/** What a line held of its product's stock: what is left to ship (the order took it when placed). */
const held = (line: LineState) => ({ productId: line.productId, quantity: outstandingToShip(line) });

/**
 * Orders of several lines (issue 27; docs/decisions/0039, 0041): placing takes stock for all lines or none, an edit
 * moves only the differences, cancelling gives back what has not shipped. The lock order of 0023/0027: the store's
 * number, then the products by id (lockProducts), then the customer, then the order's row, then the counters its
 * triggers update.
 */
export function createLineOrderService<T>({ db, now, answer }: LineOrderServiceOptions<T>) {
  const findOwned = (storeId: string, id: string) =>
    db.selectFrom('orders').selectAll().where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst();

  /**
   * A write at the version read: `work` gets the order's row locked and its lines as they are; null from it (or a
   * version moved meanwhile) runs it again without If-Match, or answers 409 with it, as the order service's edits do.
   */
  async function atVersion(
    store: StoreContext,
    id: string,
    ifMatch: IfMatch,
    productsOf: (row: OrderRow, lines: LineState[]) => (string | null)[],
    work: (trx: Kysely<Database>, row: OrderRow, lines: LineState[]) => Promise<OrderRow | 'deleted'>,
  ): Promise<OrderRow | 'deleted'> {
    let seen = await findOwned(store.storeId, id);
    if (!seen) throw notFound();
    checkIfMatch(ifMatch, seen.version);
    for (let attempt = 0; ; attempt += 1) {
      const before = seen;
      const seenLines = await linesOf(db, before);
      const done = await writeTransaction(db, async (trx) => {
        await lockProducts(trx, store.storeId, productLockOrder(productsOf(before, seenLines)));
        const row = await lockOrder(trx, store.storeId, id);
        if (!row || row.version !== before.version) return null;
        return work(trx, row, await linesOf(trx, row));
      });
      if (done) return done;
      const latest = await findOwned(store.storeId, id);
      if (!latest) throw notFound();
      if ((ifMatch !== null && ifMatch !== '*') || attempt >= UNCONDITIONAL_RETRIES) throw new HttpError(409, MESSAGES.editConflict);
      seen = latest;
    }
  }

  /** The SPEC fields from the lines, the version raised, who changed it: the order's row after a change of its lines. */
  async function writeRow(trx: Kysely<Database>, store: StoreContext, row: OrderRow, lines: LineState[], tax: TaxContext, at: Date, extra: { customer_id?: string | null } = {}) {
    return trx
      .updateTable('orders')
      .set({ ...specFieldsOf(lines, tax), ...extra, ...changedBy(store.actor, at), version: row.version + 1 })
      .where('id', '=', row.id)
      .where('store_id', '=', store.storeId)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  return {
    /** POST /api/orders with `lines`. */
    async create(store: StoreContext, body: SalesOrderBody, remember?: (trx: Kysely<Database>, created: VersionedAnswer<T>) => Promise<void>) {
      const id = randomUUID();
      const at = now();
      return writeTransaction(db, async (trx) => {
        const number = await nextDocumentNumber(trx, store.storeId, 'sales_order');
        const productIds = productLockOrder(body.lines.map((line) => line.productId));
        await lockProducts(trx, store.storeId, productIds);
        const products = await readProducts(trx, store.storeId, productIds);
        const tax = await taxContextOf(trx, store.storeId);
        const lines = body.lines.map((line, index): LineState => {
          const product = line.productId === null ? null : checkNewProduct(products, line.productId, index + 1);
          const rate = taxRateOfNewLine(line.taxRateSent ? line.taxRateId : undefined, tax.defaultRateId);
          return {
            id: randomUUID(),
            position: index,
            productId: line.productId,
            description: line.description || product?.name || '',
            quantity: line.quantity,
            unitPriceCents: line.unitPriceCents,
            discountBp: line.discountBp,
            taxRateId: checkTaxRate(tax.rateIds, rate, index + 1),
            shipped: 0,
            returned: 0,
            cancelled: 0,
          };
        });
        const spec = specFieldsOf(lines, tax);
        await moveOrderStock(trx, store, orderLinesPlacementMoves(lines), { products, lines, orderId: id, at });
        if (body.customerId !== null) await lockOrderCustomer(trx, store.storeId, body.customerId);
        const first = lines.find((line) => line.productId !== null);
        const firstProduct = first ? products.get(first.productId!) : undefined;
        const category = firstProduct?.category ?? '';
        const row = {
          id,
          store_id: store.storeId,
          ...createdBy(store.actor, at),
          ...spec,
          sku: lines.length === 1 && firstProduct ? firstProduct.sku : makeSku(category || 'Order', at.getTime()),
          category,
          customer_id: body.customerId,
          number,
          version: 1,
        };
        await trx.insertInto('orders').values(row).execute();
        await trx.insertInto('order_lines').values(lines.map((line) => lineRow(id, store.storeId, line))).execute();
        await recordSale(trx, id, null, await saleOf(trx, { id, store_id: store.storeId, created_at: row.created_at, customer_id: body.customerId }, lines, tax));
        const created = await answer((await trx.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow()), trx);
        await remember?.(trx, created);
        return created;
      });
    },

    /**
     * PATCH /api/orders/{id} with `lines`: the lines as they are to be. A kept line (by `lineId`) keeps what shipped of
     * it (shippedLinesEditRefusal); each product moves by what its lines held before and hold after.
     */
    async updateLines(store: StoreContext, id: string, body: SalesOrderUpdateBody, ifMatch: IfMatch) {
      const at = now();
      const written = await atVersion(
        store,
        id,
        ifMatch,
        (_row, lines) => [...lines.map((line) => line.productId), ...body.lines.map((line) => line.productId)],
        async (trx, row, before) => {
          const refusal = shippedLinesEditRefusal(
            before.map((line) => ({ lineId: line.id, name: line.description, productId: line.productId, quantity: line.quantity, shipped: line.shipped, cancelled: line.cancelled })),
            body.lines.map((line) => ({ lineId: line.lineId, productId: line.productId, quantity: line.quantity })),
          );
          if (refusal) throw new HttpError(refusal.status, refusal.message);
          const kept = new Map(before.map((line) => [line.id, line]));
          const named = new Set<string>();
          for (const line of body.lines) {
            if (line.lineId === null) continue;
            if (!kept.has(line.lineId) || named.has(line.lineId)) throw new HttpError(400, SALES_MESSAGES.requestLineUnknown);
            named.add(line.lineId);
          }
          const productIds = productLockOrder([...before.map((line) => line.productId), ...body.lines.map((line) => line.productId)]);
          const products = await readProducts(trx, store.storeId, productIds);
          const tax = await taxContextOf(trx, store.storeId);
          const saleBefore = await recordedSaleOf(trx, row, before, tax);
          const after = body.lines.map((line, index): LineState => {
            const old = line.lineId === null ? undefined : kept.get(line.lineId);
            const newProduct = line.productId !== null && line.productId !== old?.productId;
            const product = newProduct ? checkNewProduct(products, line.productId!, index + 1) : line.productId === null ? undefined : products.get(line.productId);
            const rate = line.taxRateSent ? line.taxRateId : old ? old.taxRateId : taxRateOfNewLine(undefined, tax.defaultRateId);
            const shipped = old?.shipped ?? 0;
            return {
              id: old?.id ?? randomUUID(),
              position: index,
              productId: line.productId,
              description: line.description || product?.name || old?.description || '',
              quantity: line.quantity,
              unitPriceCents: line.unitPriceCents,
              discountBp: line.discountBp,
              taxRateId: line.taxRateSent || !old ? checkTaxRate(tax.rateIds, rate, index + 1) : rate,
              shipped,
              returned: old?.returned ?? 0,
              cancelled: Math.min(old?.cancelled ?? 0, line.quantity - shipped),
            };
          });
          const moves = orderLinesEditMoves(before.map(held), after.map(held));
          await moveOrderStock(trx, store, moves, { products, lines: after, orderId: row.id, at, edit: true });
          if (body.customerId !== undefined && body.customerId !== null && body.customerId !== row.customer_id)
            await lockOrderCustomer(trx, store.storeId, body.customerId);
          // An order as SPEC.md sent it has no rows yet (its one line is read from the order): every line is new there.
          const stored = Number(row.line_count) > 0;
          const removed = before.filter((line) => !named.has(line.id)).map((line) => line.id);
          if (stored && removed.length > 0) await trx.deleteFrom('order_lines').where('id', 'in', removed).execute();
          if (stored) await updateLineRows(trx, after.filter((line) => named.has(line.id)));
          const added = after.filter((line) => !stored || !named.has(line.id));
          if (added.length > 0) await trx.insertInto('order_lines').values(added.map((line) => lineRow(row.id, store.storeId, line))).execute();
          const customerId = body.customerId === undefined ? row.customer_id : body.customerId;
          await recordSale(trx, row.id, saleBefore, await saleOf(trx, { ...row, customer_id: customerId }, after, tax));
          return writeRow(trx, store, row, after, tax, at, body.customerId === undefined ? {} : { customer_id: body.customerId });
        },
      );
      return answer(written as OrderRow, db);
    },

    /**
     * A SPEC.md edit of an order of lines (0041): its SPEC fields follow from its lines, so sent back as they are they
     * change nothing, and changed they are refused (409). `status: cancelled` cancels what has not shipped; the
     * customer may change as on any order.
     */
    async specEdit(store: StoreContext, id: string, body: OrderUpdateBody, ifMatch: IfMatch) {
      const at = now();
      const written = await atVersion(
        store,
        id,
        ifMatch,
        (_row, lines) => lines.map((line) => line.productId),
        async (trx, row, lines) => {
          const changed = specEditOfLinesRefusal(
            { name: row.name, category: row.category, priceCents: Number(row.price_cents), quantity: Number(row.quantity), productId: row.product_id },
            { ...body, priceCents: toCents(body.price) },
          );
          if (changed) throw new HttpError(changed.status, changed.message);
          const status = salesOrderStatus(lines);
          let after = lines;
          const tax = await taxContextOf(trx, store.storeId);
          const saleBefore = await recordedSaleOf(trx, row, lines, tax);
          if (body.status === 'cancelled' && row.status !== 'cancelled') {
            const refusal = orderCancellationRefusal(lines);
            if (refusal) throw new HttpError(refusal.status, refusal.message);
            const products = await readProducts(trx, store.storeId, productLockOrder(lines.map((line) => line.productId)));
            await moveOrderStock(trx, store, orderLinesCancellationMoves(lines), { products, lines, orderId: row.id, at });
            after = lines.map((line) => ({ ...line, cancelled: line.cancelled + outstandingToShip(line) }));
            if (Number(row.line_count) > 0) await updateLineRows(trx, after);
          } else if (body.status !== undefined && body.status !== row.status) {
            throw new HttpError(409, SALES_MESSAGES.orderNotEditable(SALES_ORDER_STATUS_LABELS[status].toLowerCase()));
          }
          if (body.customerId !== undefined && body.customerId !== null && body.customerId !== row.customer_id)
            await lockOrderCustomer(trx, store.storeId, body.customerId);
          const customerId = body.customerId === undefined ? row.customer_id : body.customerId;
          await recordSale(trx, row.id, saleBefore, await saleOf(trx, { ...row, customer_id: customerId }, after, tax));
          return writeRow(trx, store, row, after, tax, at, body.customerId === undefined ? {} : { customer_id: body.customerId });
        },
      );
      return answer(written as OrderRow, db);
    },

    /** DELETE of an order of lines: only while nothing has shipped; what it held goes back (`order_deleted`). */
    async remove(store: StoreContext, id: string, ifMatch: IfMatch): Promise<void> {
      const at = now();
      await atVersion(
        store,
        id,
        ifMatch,
        (_row, lines) => lines.map((line) => line.productId),
        async (trx, row, lines) => {
          const status = salesOrderStatus(lines);
          if (!salesOrderActions(status).delete) throw new HttpError(409, SALES_MESSAGES.orderNotDeletable(SALES_ORDER_STATUS_LABELS[status].toLowerCase()));
          const products = await readProducts(trx, store.storeId, productLockOrder(lines.map((line) => line.productId)));
          const moves = orderLinesCancellationMoves(lines).map((move) => ({ ...move, reason: 'order_deleted' as const }));
          // A deleted order sold nothing: what it added to the figures is taken away (its movements keep its id).
          await recordSale(trx, row.id, await recordedSaleOf(trx, row, lines, await taxContextOf(trx, store.storeId)), null);
          await moveOrderStock(trx, store, moves, { products, lines, orderId: null, at });
          await trx.deleteFrom('orders').where('id', '=', row.id).where('store_id', '=', store.storeId).execute();
          return 'deleted';
        },
      );
    },
  };
}
