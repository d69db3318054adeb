import { randomUUID } from 'node:crypto';
import { MAX_QUANTITY, MESSAGES, type MovementReason, stockChangeOutOfRange } from '@inventory/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { HttpError } from '../http/errors';
import type { Actor } from '../stores/access';

/**
 * The one home of stock changes. A product's quantity changes only here, and every change writes its movement in the
 * caller's transaction: a quantity never moves without a ledger row, and a ledger row never exists without its change
 * (docs/decisions/0016-stock-ledger.md). `npm run check:stock` proves it on a live database.
 */
/** 409: the change would take more than there is; says how many are available. */
export class InsufficientStockError extends HttpError {
  constructor(readonly available: number) {
    super(409, MESSAGES.insufficientStock(available));
  }
}

/** 409: the change would take the product past the largest quantity (MAX_QUANTITY); says how many are in stock. */
export class StockLimitError extends HttpError {
  constructor(readonly inStock: number) {
    super(409, MESSAGES.stockAboveLimit(inStock));
  }
}

export interface StockChange {
  storeId: string;
  productId: string;
  /** Signed: negative takes stock out. */
  change: number;
  reason: MovementReason;
  actor: Actor | null;
  orderId?: string | null;
  at: Date;
  /** False when the caller already moved the product's version in this transaction (an edit of the product itself). */
  bumpVersion?: boolean;
}

export interface StockAfter {
  quantity: number;
  version: number;
}

/**
 * Move a product's stock by `change` in `trx`: one conditional UPDATE (`quantity + change` between 0 and
 * MAX_QUANTITY), atomic on both databases, so concurrent orders can never take more than there is nor corrections
 * push a product past its own limit (or a 32-bit column past its range); the loser gets 409 saying how many are
 * available (or in stock). Bumps the product's version (an edit form opened before the sale gets 409 rather than writing an old
 * quantity back). Records the movement and, when the change crosses the reorder point downwards, an alert.
 */
export async function moveStock(trx: Kysely<Database>, move: StockChange): Promise<StockAfter> {
  const { storeId, productId, change, at } = move;
  const updated = await trx
    .updateTable('products')
    .set((eb) => ({
      quantity: eb('quantity', '+', change),
      ...(move.bumpVersion === false ? {} : { version: eb('version', '+', 1), updated_at: at.toISOString() }),
    }))
    .where('id', '=', productId)
    .where('store_id', '=', storeId)
    .where((eb) => eb.between(eb('quantity', '+', change), 0, MAX_QUANTITY)) // the contract's quantity range
    .returning(['quantity', 'version', 'reorder_point', 'low_alerted'])
    .executeTakeFirst();
  if (!updated) {
    const current = await trx
      .selectFrom('products')
      .select('quantity')
      .where('id', '=', productId)
      .where('store_id', '=', storeId)
      .executeTakeFirst();
    if (!current) throw new HttpError(404, MESSAGES.productNotFound);
    if (stockChangeOutOfRange(Number(current.quantity), change) === 'above') throw new StockLimitError(Number(current.quantity));
    throw new InsufficientStockError(Number(current.quantity));
  }
  const quantity = Number(updated.quantity);
  await record(trx, move, quantity);
  await watchReorderPoint(trx, move, quantity, updated.reorder_point, Number(updated.low_alerted));
  return { quantity, version: Number(updated.version) };
}

/** The movement of a product that was just written with `quantity` (a new product, or a row imported whole). */
export async function recordNewStock(trx: Kysely<Database>, move: Omit<StockChange, 'change'>, quantity: number, reorderPoint: number | null): Promise<void> {
  await record(trx, { ...move, change: quantity }, quantity);
  await watchReorderPoint(trx, move, quantity, reorderPoint, 0);
}

/** Which product, when. */
type ProductAt = Pick<StockChange, 'storeId' | 'productId' | 'at'>;

async function record(trx: Kysely<Database>, move: StockChange, quantityAfter: number): Promise<void> {
  await trx
    .insertInto('stock_movements')
    .values({
      store_id: move.storeId,
      product_id: move.productId,
      change: move.change,
      quantity_after: quantityAfter,
      reason: move.reason,
      user_id: move.actor?.userId ?? null,
      token_id: move.actor?.tokenId ?? null,
      order_id: move.orderId ?? null,
      created_at: move.at.toISOString(),
    })
    .execute();
}

/**
 * One alert per crossing: at or below the reorder point and not alerted yet, queue one (mailed within a minute,
 * stock/alerts.ts); back above it, arm the product again. Whatever path moved the stock.
 */
async function watchReorderPoint(trx: Kysely<Database>, move: ProductAt, quantity: number, reorderPoint: number | null, alerted: number) {
  const low = reorderPoint !== null && quantity <= reorderPoint;
  if (low && !alerted) {
    await trx.updateTable('products').set({ low_alerted: 1 }).where('id', '=', move.productId).execute();
    await trx
      .insertInto('stock_alerts')
      .values({
        id: randomUUID(),
        store_id: move.storeId,
        product_id: move.productId,
        quantity,
        reorder_point: reorderPoint,
        created_at: move.at.toISOString(),
        claimed_at: null,
        sent_at: null,
      })
      .execute();
  } else if (!low && alerted) {
    await trx.updateTable('products').set({ low_alerted: 0 }).where('id', '=', move.productId).execute();
  }
}

/** Re-check a product whose reorder point (not its quantity) was edited: it may have become low, or be above again. */
export async function reorderPointChanged(trx: Kysely<Database>, move: ProductAt): Promise<void> {
  const row = await trx
    .selectFrom('products')
    .select(['quantity', 'reorder_point', 'low_alerted'])
    .where('id', '=', move.productId)
    .executeTakeFirst();
  if (row) await watchReorderPoint(trx, move, Number(row.quantity), row.reorder_point, Number(row.low_alerted));
}
