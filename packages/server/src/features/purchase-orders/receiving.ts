import { v7 as timeOrderedId } from 'uuid';
import {
  checkReceipt,
  fromCents,
  lineLabel,
  MESSAGES,
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
import { jsonCell, jsonRows, statementChunks, textValue } from '../../db/json-rows';
import type { ReceiptsTable } from '../../db/types';
import { lockProducts, writeTransaction } from '../../db/write-transaction';
import { HttpError } from '../../http/errors';
import { receiveStockBatch } from '../../stock/ledger';
import type { StoreContext } from '../../stores/access';
import { auditOf, changedBy } from '../../stores/audit';
import { linesOf, productRefOf, receivableLine, summaryOf, toPurchaseOrder } from './mapping';
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
        const products = await trx
          .selectFrom('products')
          .select(['id', 'quantity', 'cost', 'reorder_point', 'low_alerted'])
          .where('store_id', '=', storeId)
          .where('id', 'in', productIds)
          .execute();
        if (products.length !== productIds.length) throw new HttpError(404, MESSAGES.productNotFound);
        const before = new Map<string, StockCost>(products.map((product) => [product.id, { onHand: Number(product.quantity), costCents: product.cost === null ? null : Number(product.cost) }]));

        const at = now();
        const receipt = { id: timeOrderedId(), store_id: storeId, purchase_order_id: id, user_id: actor.userId, token_id: actor.tokenId, created_at: at.toISOString() };
        await trx.insertInto('receipts').values(receipt).execute();
        const parts = checked.parts.map((part, index) => [timeOrderedId(), part.lineId, index + 1, part.quantity, part.unitCostCents]);
        for (const part of statementChunks(trx, parts)) {
          await sql`insert into receipt_lines (id, store_id, receipt_id, line_id, position, quantity, unit_cost_cents)
            select ${jsonCell(0)}, ${textValue(storeId)}, ${textValue(receipt.id)}, ${jsonCell(1)}, ${jsonCell(2, 'integer')}, ${jsonCell(3, 'integer')}, ${jsonCell(4, 'integer')}
            from ${jsonRows(trx, part)}`.execute(trx);
        }

        // The lines' received counts first, so the ledger's reorder watch counts what is still on order after this receipt.
        const receivedOf = new Map<string, number>();
        for (const part of checked.parts) receivedOf.set(part.lineId, (receivedOf.get(part.lineId) ?? 0) + part.quantity);
        for (const part of statementChunks(trx, [...receivedOf])) {
          await sql`update purchase_order_lines set received = received + ${jsonCell(1, 'integer')}
            from ${jsonRows(trx, part)} where purchase_order_lines.id = ${jsonCell(0)}`.execute(trx);
        }

        // Stock, cost, movements and alerts in a few statements (stock/ledger.ts receiveStockBatch), products in id order.
        const costOf = new Map(receiptCostUpdates(before, moves).map((update) => [update.productId, update.costCents]));
        const byProduct = new Map(products.map((product) => [product.id, product]));
        await receiveStockBatch(
          trx,
          { storeId, actor, at, receiptId: receipt.id },
          productIds.map((productId) => {
            const product = byProduct.get(productId)!;
            return {
              productId,
              before: { quantity: Number(product.quantity), reorderPoint: product.reorder_point === null ? null : Number(product.reorder_point), lowAlerted: Number(product.low_alerted) },
              moves: moves.filter((move) => move.productId === productId),
              costCents: costOf.get(productId) ?? null,
            };
          }),
        );

        const linesAfter = lines.map((line) => ({ ...line, received: line.received + (receivedOf.get(line.id) ?? 0) }));
        const updated = await trx
          .updateTable('purchase_orders')
          .set({ status: purchaseOrderStatusAfterReceipt(linesAfter), ...changedBy(actor, at), version: Number(order.version) + 1 })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        // Answered from what was read and written, not read back.
        const lineById = new Map(lines.map((line) => [line.id, line]));
        const [receiptAudit, orderAudit, supplier] = await Promise.all([
          auditOf(trx, { user_id: actor.userId, created_by_token: actor.tokenId, updated_by: null, updated_by_token: null }),
          auditOf(trx, updated),
          trx.selectFrom('suppliers').select(['id', 'name', 'email']).where('id', '=', updated.supplier_id).executeTakeFirstOrThrow(),
        ]);
        const created: ReceiptCreated = {
          receipt: {
            _id: receipt.id,
            purchaseOrderId: id,
            lines: checked.parts.map((part) => ({
              lineId: part.lineId,
              product: productRefOf(lineById.get(part.lineId)!),
              quantity: part.quantity,
              unitCost: fromCents(part.unitCostCents),
            })),
            createdAt: receipt.created_at,
            createdBy: receiptAudit.createdBy,
          },
          purchaseOrder: { ...toPurchaseOrder(updated, supplier, summaryOf(linesAfter), linesAfter), ...orderAudit },
        };
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
