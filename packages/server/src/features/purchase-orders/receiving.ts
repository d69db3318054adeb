import { v7 as timeOrderedId } from 'uuid';
import {
  checkReceipt,
  fromCents,
  lineLabel,
  PURCHASE_MESSAGES,
  purchaseOrderStatusAfterReceipt,
  type PurchaseOrderStatus,
  type Receipt,
  type ReceiptCreateBody,
  type ReceiptCreated,
  receiptCostUpdates,
  receiptStockMoves,
  type StockCost,
} from '@inventory/contract';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, Db } from '../../db';
import { jsonCell, jsonRows, statementChunks } from '../../db/json-rows';
import type { ReceiptsTable } from '../../db/types';
import { lockProducts, writeTransaction } from '../../db/write-transaction';
import { HttpError } from '../../http/errors';
import { moveStock } from '../../stock/ledger';
import type { StoreContext } from '../../stores/access';
import { auditOf, changedBy, changedBySql } from '../../stores/audit';
import { linesOf, productRefOf, purchaseOrderAnswer, receivableLine } from './mapping';
import { lockPurchaseOrder } from './writes';

export interface ReceivingOptions {
  db: Db;
  now?: () => Date;
}

/** Receipts as they are answered, oldest first: their lines with their products now. */
async function receiptAnswers(reader: Kysely<Database>, receipts: readonly Selectable<ReceiptsTable>[]): Promise<Receipt[]> {
  if (receipts.length === 0) return [];
  const lines = await reader
    .selectFrom('receipt_lines as r')
    .innerJoin('purchase_order_lines as l', 'l.id', 'r.line_id')
    .leftJoin('products as p', 'p.id', 'l.product_id')
    .select(['r.receipt_id', 'r.line_id', 'r.quantity', 'r.unit_cost_cents', 'l.product_id', 'p.name', 'p.sku'])
    .where('r.receipt_id', 'in', receipts.map((receipt) => receipt.id))
    .orderBy('r.receipt_id')
    .orderBy('r.position')
    .execute();
  return Promise.all(
    receipts.map(async (receipt) => {
      const { createdBy } = await auditOf(reader, { user_id: receipt.user_id ?? '', created_by_token: receipt.token_id, updated_by: null, updated_by_token: null });
      return {
        _id: receipt.id,
        purchaseOrderId: receipt.purchase_order_id,
        lines: lines
          .filter((line) => line.receipt_id === receipt.id)
          .map((line) => ({ lineId: line.line_id, product: productRefOf(line), quantity: Number(line.quantity), unitCost: fromCents(Number(line.unit_cost_cents)) })),
        createdAt: receipt.created_at,
        createdBy,
      };
    }),
  );
}

/**
 * Receiving purchase orders (docs/decisions/0042-purchase-orders-and-receiving.md). A receipt is one transaction: the
 * order's row locked first, the contract's checkReceipt run on its lines as they are then (so two receipts of one line
 * at once never pass what is outstanding: the second sees what the first received), then its products locked by id,
 * each part a `received` movement at its unit cost (stock/ledger.ts), each product's cost the contract's moving
 * average of its stock and cost before, the lines' received counts and the order's status following. All or nothing.
 */
export function createReceiving({ db, now = () => new Date() }: ReceivingOptions) {
  const notFound = () => new HttpError(404, PURCHASE_MESSAGES.notFound);

  return {
    /** With `remember`, the Idempotency-Key's answer is stored in the receipt's transaction: a retry receives nothing twice. */
    receive(
      store: StoreContext,
      id: string,
      body: ReceiptCreateBody,
      remember?: (trx: Kysely<Database>, created: ReceiptCreated) => Promise<void>,
    ): Promise<ReceiptCreated> {
      const { storeId, actor } = store;
      return writeTransaction(db, async (trx) => {
        const order = await lockPurchaseOrder(trx, storeId, id);
        if (!order) throw notFound();
        const lines = await linesOf(trx, id);
        const checked = checkReceipt(order.status as PurchaseOrderStatus, lines.map(receivableLine), body.lines);
        if ('refusal' in checked) throw new HttpError(checked.refusal.status, checked.refusal.message);
        const gone = checked.parts.find((part) => part.productId === '');
        if (gone) throw new HttpError(409, PURCHASE_MESSAGES.receiptProductGone(lineLabel([gone.line], 'deleted product')));

        const moves = receiptStockMoves(checked.parts);
        const productIds = [...new Set(moves.map((move) => move.productId))];
        await lockProducts(trx, storeId, productIds);
        const products = await trx.selectFrom('products').select(['id', 'quantity', 'cost']).where('store_id', '=', storeId).where('id', 'in', productIds).execute();
        const before = new Map<string, StockCost>(products.map((product) => [product.id, { onHand: Number(product.quantity), costCents: product.cost === null ? null : Number(product.cost) }]));

        const at = now();
        const receipt = { id: timeOrderedId(), store_id: storeId, purchase_order_id: id, user_id: actor.userId, token_id: actor.tokenId, created_at: at.toISOString() };
        await trx.insertInto('receipts').values(receipt).execute();
        const parts = checked.parts.map((part, index) => ({
          id: timeOrderedId(),
          store_id: storeId,
          receipt_id: receipt.id,
          line_id: part.lineId,
          position: index + 1,
          quantity: part.quantity,
          unit_cost_cents: part.unitCostCents,
        }));
        for (let start = 0; start < parts.length; start += 250) await trx.insertInto('receipt_lines').values(parts.slice(start, start + 250)).execute();

        for (const move of moves) {
          await moveStock(trx, { storeId, productId: move.productId, change: move.change, reason: 'received', actor, at, receipt: { id: receipt.id, unitCostCents: move.unitCostCents } });
        }
        // The costs and the lines' received counts in a few statements, not one per product and line (the 500-line
        // receipt's budget); products in id order, as they were locked.
        const costs = receiptCostUpdates(before, moves).map((update) => [update.productId, update.costCents]);
        for (const part of statementChunks(trx, costs)) {
          await sql`update products set cost = ${jsonCell(1, 'integer')}, ${changedBySql(actor, at)}
            from ${jsonRows(trx, part)} where products.id = ${jsonCell(0)}`.execute(trx);
        }

        const receivedOf = new Map<string, number>();
        for (const part of checked.parts) receivedOf.set(part.lineId, (receivedOf.get(part.lineId) ?? 0) + part.quantity);
        for (const part of statementChunks(trx, [...receivedOf])) {
          await sql`update purchase_order_lines set received = received + ${jsonCell(1, 'integer')}
            from ${jsonRows(trx, part)} where purchase_order_lines.id = ${jsonCell(0)}`.execute(trx);
        }
        const after = lines.map((line) => ({ quantity: line.quantity, received: line.received + (receivedOf.get(line.id) ?? 0) }));
        const updated = await trx
          .updateTable('purchase_orders')
          .set({ status: purchaseOrderStatusAfterReceipt(after), ...changedBy(actor, at), version: Number(order.version) + 1 })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        const [answer] = await receiptAnswers(trx, [receipt]);
        const created = { receipt: answer!, purchaseOrder: (await purchaseOrderAnswer(trx, updated)).purchaseOrder };
        await remember?.(trx, created);
        return created;
      });
    },

    /** The order's receipts, oldest first. */
    async list(storeId: string, id: string): Promise<Receipt[]> {
      const order = await db.selectFrom('purchase_orders').select('id').where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst();
      if (!order) throw notFound();
      const receipts = await db.selectFrom('receipts').selectAll().where('purchase_order_id', '=', id).orderBy('created_at').orderBy('id').execute();
      return receiptAnswers(db, receipts);
    },
  };
}

export type Receiving = ReturnType<typeof createReceiving>;
