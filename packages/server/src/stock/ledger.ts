import { randomUUID } from 'node:crypto';
import { type CorrectionReason, MESSAGES, type MovementReason, reorderShortfall, stockChangeBounds, stockChangeOutOfRange } from '@inventory/contract';
import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database } from '../db';
import { notAnIndexTerm } from '../db/not-an-index-term';
import { type CellType, jsonCell, jsonRows, statementChunks, textValue } from '../db/json-rows';
import type { ProductsTable } from '../db/types';
import { onOrderOf } from '../purchasing/on-order';
import { HttpError } from '../http/errors';
import type { Actor } from '../stores/access';
import { changedBy, changedBySql, createdBy, createdBySql } from '../stores/audit';

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
  actor: Actor;
  orderId?: string | null;
  /** A return's part put back on the shelf (`order_returned`): the return it belongs to. */
  returnId?: string | null;
  /** A receipt's movement (`received`): the receipt and what each unit cost, in cents (0032). */
  receipt?: { id: string; unitCostCents: number };
  /** Corrections: why (contract CORRECTION_REASONS) and what the member wrote. */
  correction?: { reason: CorrectionReason; note: string | null };
  at: Date;
  /** False when the caller already moved the product's version (and stamped its change) in this transaction: an edit of the product itself. */
  bumpVersion?: boolean;
}

export interface StockAfter {
  quantity: number;
  version: number;
}

/**
 * Move a product's stock by `change` in `trx`: one conditional UPDATE (`quantity + change` at least 0 and,
 * when it adds, at most MAX_QUANTITY: stockChangeBounds), atomic on both databases, so concurrent orders can never take more than there is nor corrections
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
      // A stock move is a change of the product by whoever moved it: an order, a correction (issue 26).
      ...(move.bumpVersion === false ? {} : { version: eb('version', '+', 1), ...changedBy(move.actor, at) }),
    }))
    .where('id', '=', productId)
    .where('store_id', '=', storeId)
    .where((eb) => {
      // the contract's quantity range: never below 0; the ceiling only stops adding (stockChangeBounds)
      const { min, max } = stockChangeBounds(change);
      return max === null ? eb(eb('quantity', '+', change), '>=', min) : eb.between(eb('quantity', '+', change), min, max);
    })
    .returning(['quantity', 'version', 'reorder_point', 'low_alerted', 'cost'])
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
  await record(trx, move, quantity, updated.cost === null ? null : Number(updated.cost));
  await watchReorderPoint(trx, move, quantity, updated.reorder_point, Number(updated.low_alerted));
  return { quantity, version: Number(updated.version) };
}

/** What one move of `moveStocks` changes: a product of the batch's store, by `change`, for its own reason and order. */
export type StockMove = Pick<StockChange, 'productId' | 'change' | 'reason' | 'orderId' | 'returnId'>;

/**
 * Many products' stock moved as `moveStock` moves each (the same bounds, errors, movements with the cost of the time,
 * reorder alerts), in a few statements instead of three per product: one conditional UPDATE of them all, one insert
 * of their movements, one read of what is on order for the products newly low, one update and one insert for the
 * alerts. Each product at most once; the caller has locked them (lockProducts: PostgreSQL takes the rows' locks in
 * the order of the plan, not of the moves). When a product cannot move, the error is the one `moveStock` would answer
 * for the first such move, and the caller's transaction rolls back whole.
 */
export async function moveStocks(
  trx: Kysely<Database>,
  batch: Pick<StockChange, 'storeId' | 'actor' | 'at'>,
  moves: readonly StockMove[],
): Promise<Map<string, StockAfter>> {
  const after = new Map<string, StockAfter>();
  if (moves.length === 0) return after;
  if (new Set(moves.map((move) => move.productId)).size !== moves.length) throw new Error('moveStocks: a product moves at most once per batch');
  const { storeId, actor, at } = batch;
  const moved = new Map<string, { quantity: number; version: number; reorderPoint: number | null; lowAlerted: number; cost: number | null }>();
  for (const part of statementChunks(trx, moves)) {
    const rows = part.map((move) => {
      const { min, max } = stockChangeBounds(move.change);
      return [move.productId, move.change, min, max];
    });
    const q = sql`products.quantity + ${jsonCell(1, 'integer')}`;
    // As an index term on SQLite the store walked the store's products once for every row of the batch (81 against
    // 17 ms for 100 products).
    const store = notAnIndexTerm(trx, 'products.store_id');
    const updated = await sql<{ id: string; quantity: number | string; version: number | string; reorder_point: number | null; low_alerted: number | string; cost: number | string | null }>`
      update products set quantity = ${q}, version = products.version + 1, ${changedBySql(actor, at)}
      from ${jsonRows(trx, rows)}
      where products.id = ${jsonCell(0)} and ${store} = ${textValue(storeId)}
        and ${q} >= ${jsonCell(2, 'integer')} and (${jsonCell(3, 'integer')} is null or ${q} <= ${jsonCell(3, 'integer')})
      returning products.id, products.quantity, products.version, products.reorder_point, products.low_alerted, products.cost`.execute(trx);
    for (const row of updated.rows)
      moved.set(row.id, {
        quantity: Number(row.quantity),
        version: Number(row.version),
        reorderPoint: row.reorder_point === null ? null : Number(row.reorder_point),
        lowAlerted: Number(row.low_alerted),
        cost: row.cost === null ? null : Number(row.cost),
      });
  }
  const stuck = moves.find((move) => !moved.has(move.productId));
  if (stuck) {
    const current = await trx.selectFrom('products').select('quantity').where('id', '=', stuck.productId).where('store_id', '=', storeId).executeTakeFirst();
    if (!current) throw new HttpError(404, MESSAGES.productNotFound);
    if (stockChangeOutOfRange(Number(current.quantity), stuck.change) === 'above') throw new StockLimitError(Number(current.quantity));
    throw new InsufficientStockError(Number(current.quantity));
  }

  const movements = moves.map((move) => {
    const row = moved.get(move.productId)!;
    after.set(move.productId, { quantity: row.quantity, version: row.version });
    return [move.productId, move.change, row.quantity, move.reason, move.orderId ?? null, move.returnId ?? null, SALE_REASONS.has(move.reason) ? row.cost : null];
  });
  for (const part of statementChunks(trx, movements))
    await sql`
      insert into stock_movements (store_id, product_id, change, quantity_after, reason, user_id, token_id, order_id, return_id, unit_cost_cents, created_at)
      select ${textValue(storeId)}, ${jsonCell(0)}, ${jsonCell(1, 'integer')}, ${jsonCell(2, 'integer')}, ${jsonCell(3)},
        ${textValue(actor.userId)}, ${textValue(actor.tokenId)}, ${jsonCell(4)}, ${jsonCell(5)}, ${jsonCell(6, 'integer')}, ${textValue(at.toISOString())}
      from ${jsonRows(trx, part)}`.execute(trx);

  await watchReorderPoints(trx, { storeId, at }, moved);
  return after;
}

/** `watchReorderPoint` for many products at once: one read of what is on order, one update each way, one insert of alerts. */
async function watchReorderPoints(
  trx: Kysely<Database>,
  batch: Pick<StockChange, 'storeId' | 'at'>,
  products: ReadonlyMap<string, { quantity: number; reorderPoint: number | null; lowAlerted: number }>,
): Promise<void> {
  const newlyLow: string[] = [];
  const backAbove: string[] = [];
  for (const [id, product] of products) {
    const low = isLow(product.quantity, product.reorderPoint);
    if (low && !product.lowAlerted) newlyLow.push(id);
    else if (!low && product.lowAlerted) backAbove.push(id);
  }
  const onOrder = newlyLow.length > 0 ? await onOrderOf(trx, batch.storeId, newlyLow) : new Map<string, { quantity: number }>();
  const alerts = newlyLow
    .filter((id) => {
      // What is on order counts (0042): nothing is ordered twice. Not alerted yet, so the next move looks again.
      const product = products.get(id)!;
      const ordered = onOrder.get(id)?.quantity ?? 0;
      return !orderCovers(product.quantity, product.reorderPoint!, ordered);
    })
    .map((id) => alertRow({ storeId: batch.storeId, productId: id, at: batch.at }, products.get(id)!.quantity, products.get(id)!.reorderPoint!));
  for (const part of statementChunks(trx, alerts)) {
    await trx.updateTable('products').set({ low_alerted: 1 }).where('id', 'in', part.map((alert) => alert.product_id)).execute();
    await trx.insertInto('stock_alerts').values(part).execute();
  }
  for (const part of statementChunks(trx, backAbove)) await trx.updateTable('products').set({ low_alerted: 0 }).where('id', 'in', part).execute();
}

/** A new product with its opening stock: the row, its movement and, at or below its reorder point, its alert. */
export async function insertProduct(
  trx: Kysely<Database>,
  move: Omit<StockChange, 'change' | 'productId'>,
  row: Insertable<ProductsTable> & { id: string; store_id: string; reorder_point: number | null },
): Promise<void> {
  const low = isLow(row.quantity, row.reorder_point);
  await trx
    .insertInto('products')
    .values({ ...row, ...createdBy(move.actor, move.at), low_alerted: low ? 1 : 0 })
    .execute();
  const productMove = { ...move, productId: row.id };
  await record(trx, { ...productMove, change: row.quantity }, row.quantity);
  if (low) await queueAlert(trx, productMove, row.quantity, row.reorder_point!);
}

/** Which product, when. */
type ProductAt = Pick<StockChange, 'storeId' | 'productId' | 'at'>;

/** Movements of a sale (placed, changed, cancelled, reopened, deleted, returned): they carry the product's cost then (0045). */
const SALE_REASONS: ReadonlySet<MovementReason> = new Set(['order_placed', 'order_changed', 'order_cancelled', 'order_reopened', 'order_deleted', 'order_returned']);

async function record(trx: Kysely<Database>, move: StockChange, quantityAfter: number, costNow: number | null = null): Promise<void> {
  await trx
    .insertInto('stock_movements')
    .values({
      store_id: move.storeId,
      product_id: move.productId,
      change: move.change,
      quantity_after: quantityAfter,
      reason: move.reason,
      user_id: move.actor.userId,
      token_id: move.actor.tokenId,
      order_id: move.orderId ?? null,
      ...(move.returnId ? { return_id: move.returnId } : {}),
      correction_reason: move.correction?.reason ?? null,
      note: move.correction?.note ?? null,
      receipt_id: move.receipt?.id ?? null,
      // A sale's cost is the product's when it moved (ERPNext#27297: never today's cost); a receipt's is what it cost.
      unit_cost_cents: move.receipt?.unitCostCents ?? (SALE_REASONS.has(move.reason) ? costNow : null),
      created_at: move.at.toISOString(),
    })
    .execute();
}

/**
 * One alert per crossing: at or below the reorder point and not alerted yet, queue one (mailed within a minute,
 * stock/alerts.ts); back above it, arm the product again. Whatever path moved the stock.
 */
async function watchReorderPoint(trx: Kysely<Database>, move: ProductAt, quantity: number, reorderPoint: number | null, alerted: number) {
  const low = isLow(quantity, reorderPoint);
  if (low && !alerted) {
    // What is on order counts (0042): nothing is ordered twice. Not alerted yet, so the next move looks again.
    if (await coveredByOnOrder(trx, move, quantity, reorderPoint!)) return;
    await trx.updateTable('products').set({ low_alerted: 1 }).where('id', '=', move.productId).execute();
    await queueAlert(trx, move, quantity, reorderPoint!);
  } else if (!low && alerted) {
    await trx.updateTable('products').set({ low_alerted: 0 }).where('id', '=', move.productId).execute();
  }
}

/** Whether what is on order brings the product back above its point (the contract's reorderShortfall is 0). */
async function coveredByOnOrder(trx: Kysely<Database>, move: ProductAt, quantity: number, reorderPoint: number): Promise<boolean> {
  const onOrder = (await onOrderOf(trx, move.storeId, [move.productId])).get(move.productId)?.quantity ?? 0;
  return orderCovers(quantity, reorderPoint, onOrder);
}

/** Whether `ordered` (on order, not yet received) brings a low product back above its point: then no alert. */
function orderCovers(quantity: number, reorderPoint: number, ordered: number): boolean {
  return ordered > 0 && reorderShortfall(quantity, reorderPoint, ordered) === 0;
}

/** At or below its reorder point: the rule of the low-stock figure and of the reorder alerts. */
export const isLow = (quantity: number, reorderPoint: number | null) => reorderPoint !== null && quantity <= reorderPoint;

const alertRow = (move: ProductAt, quantity: number, reorderPoint: number): Database['stock_alerts'] => ({
  id: randomUUID(),
  store_id: move.storeId,
  product_id: move.productId,
  quantity,
  reorder_point: reorderPoint,
  created_at: move.at.toISOString(),
  claimed_at: null,
  sent_at: null,
});

async function queueAlert(trx: Kysely<Database>, move: ProductAt, quantity: number, reorderPoint: number) {
  await trx.insertInto('stock_alerts').values(alertRow(move, quantity, reorderPoint)).execute();
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

/** Whose, why and when: shared by every change of one batch. */
export interface StockBatch {
  storeId: string;
  actor: Actor;
  reason: MovementReason;
  at: Date;
}

/** The columns a batch writes itself: the stock, the reorder watch, who and when. */
type LedgerColumn =
  | 'id'
  | 'quantity'
  | 'reorder_point'
  | 'low_alerted'
  | 'store_id'
  | 'user_id'
  | 'created_by_token'
  | 'updated_by'
  | 'updated_by_token'
  | 'version'
  | 'created_at'
  | 'updated_at';
/** A product column the caller writes beside the stock in a batch, and how its cell is read. */
export interface BatchColumn {
  name: Exclude<keyof ProductsTable, LedgerColumn>;
  type: CellType;
}
export type BatchColumnName = BatchColumn['name'];

/** The caller's columns: those of a new product, those an update writes (the SKU, for one, never changes). */
export interface BatchColumns {
  created: readonly BatchColumn[];
  updated: readonly BatchColumn[];
}

/**
 * One product of a batch: new (`before: null`), or one of the store read in this transaction (locked on PostgreSQL),
 * with its stock then. Its quantity and reorder point become these; `values` are its other columns.
 */
export interface StockBatchEntry {
  id: string;
  before: { quantity: number; lowAlerted: number } | null;
  quantity: number;
  reorderPoint: number | null;
  values: Partial<Record<BatchColumnName, string | number | null>>;
}

/**
 * Many products' stock in a few statements (the import): new products inserted with their opening stock, the others
 * updated with their new quantity (the version moves; the caller leaves out a product whose row would not change),
 * every quantity change an `batch.reason` movement, every crossing of a reorder point queued as an alert and every
 * product back above its point armed again, as `moveStock` does one product at a time. In the caller's transaction;
 * updates are written in id order (each index page touched once instead of all over every index that ends in id).
 */
export async function writeStockBatch(
  trx: Kysely<Database>,
  batch: StockBatch,
  columns: BatchColumns,
  entries: readonly StockBatchEntry[],
): Promise<void> {
  const inserts: unknown[][] = [];
  const updates: unknown[][] = [];
  const movements: unknown[][] = [];
  const alerts: Database['stock_alerts'][] = [];
  for (const entry of entries) {
    const low = isLow(entry.quantity, entry.reorderPoint);
    const change = entry.quantity - (entry.before?.quantity ?? 0);
    if (entry.before === null || change !== 0) movements.push([entry.id, change, entry.quantity]);
    if (low && !entry.before?.lowAlerted)
      alerts.push(alertRow({ storeId: batch.storeId, productId: entry.id, at: batch.at }, entry.quantity, entry.reorderPoint!));
    const own = entry.before === null ? columns.created : columns.updated;
    const row = [entry.id, ...own.map((column) => entry.values[column.name] ?? null), entry.quantity, entry.reorderPoint, low ? 1 : 0];
    (entry.before === null ? inserts : updates).push(row);
  }
  updates.sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0));

  const { storeId, actor } = batch;
  const stamp = textValue(batch.at.toISOString());
  const creator = createdBySql(actor, batch.at);
  const own = (list: readonly BatchColumn[]) => list.map((column, i) => ({ name: sql.raw(column.name), cell: jsonCell(i + 1, column.type) }));
  const stock = (list: readonly BatchColumn[]) => {
    const n = list.length;
    return { quantity: jsonCell(n + 1, 'integer'), reorderPoint: jsonCell(n + 2, 'integer'), lowAlerted: jsonCell(n + 3, 'integer') };
  };

  if (inserts.length > 0) {
    const cells = own(columns.created);
    const s = stock(columns.created);
    const names = sql.join(cells.map((c) => c.name));
    const values = sql.join(cells.map((c) => c.cell));
    for (const part of statementChunks(trx, inserts))
      await sql`
        insert into products (id, ${names}, quantity, reorder_point, low_alerted, store_id, ${creator.columns})
        select ${jsonCell(0)}, ${values}, ${s.quantity}, ${s.reorderPoint}, ${s.lowAlerted}, ${textValue(storeId)}, ${creator.values}
        from ${jsonRows(trx, part)}`.execute(trx);
  }
  if (updates.length > 0) {
    // By id alone: the entries are the store's products, read in this transaction. (A store_id term here led SQLite
    // to walk the store's index for every row of the batch.)
    const cells = own(columns.updated);
    const s = stock(columns.updated);
    const sets = sql.join(cells.map((c) => sql`${c.name} = ${c.cell}`));
    for (const part of statementChunks(trx, updates))
      await sql`
        update products set ${sets}, quantity = ${s.quantity}, reorder_point = ${s.reorderPoint}, low_alerted = ${s.lowAlerted},
          ${changedBySql(actor, batch.at)}, version = version + 1
        from ${jsonRows(trx, part)}
        where products.id = ${jsonCell(0)}`.execute(trx);
  }
  for (const part of statementChunks(trx, movements))
    await sql`
      insert into stock_movements (store_id, product_id, change, quantity_after, reason, user_id, token_id, order_id, created_at)
      select ${textValue(storeId)}, ${jsonCell(0)}, ${jsonCell(1, 'integer')}, ${jsonCell(2, 'integer')}, ${textValue(batch.reason)},
        ${textValue(actor.userId)}, ${textValue(actor.tokenId)}, null, ${stamp}
      from ${jsonRows(trx, part)}`.execute(trx);
  for (const part of statementChunks(trx, alerts)) await trx.insertInto('stock_alerts').values(part).execute();
}

/** One product a receipt moves, as read (locked on PostgreSQL) in this transaction, with its parts and its new cost. */
export interface ReceivedProduct {
  productId: string;
  before: { quantity: number; reorderPoint: number | null; lowAlerted: number };
  /** Its parts in the receipt's order: each a movement. */
  moves: readonly { change: number; unitCostCents: number }[];
  /** Its cost after the receipt (the contract's moving average). */
  costCents: number | null;
}

/**
 * A receipt's stock in a few statements whatever its size (docs/decisions/0047): what `moveStock` does for each part,
 * batched. Each product's quantity (in range, else 409 as moveStock says it), its new cost, its reorder watch, its
 * version and who changed it in one multi-row update per chunk, in id order (the lock order); each part a `received`
 * movement naming the receipt with its unit cost and who, in one multi-row insert per chunk; the alerts of products
 * still low that what is on order does not cover. The caller has locked and read the products, and has already
 * counted the receipt on its lines, so what is on order is what remains outstanding after it.
 */
export async function receiveStockBatch(
  trx: Kysely<Database>,
  batch: { storeId: string; actor: Actor; at: Date; receiptId: string },
  products: readonly ReceivedProduct[],
): Promise<void> {
  const { storeId, actor, at } = batch;
  const sorted = [...products].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
  const movements: unknown[][] = [];
  const after = new Map<string, number>();
  for (const product of sorted) {
    let quantity = product.before.quantity;
    for (const move of product.moves) {
      const outOfRange = stockChangeOutOfRange(quantity, move.change);
      if (outOfRange === 'above') throw new StockLimitError(quantity);
      if (outOfRange === 'below') throw new InsufficientStockError(quantity);
      quantity += move.change;
      movements.push([product.productId, move.change, quantity, move.unitCostCents]);
    }
    after.set(product.productId, quantity);
  }

  // Low and not alerted yet: alerted unless what is on order brings it above its point (coveredByOnOrder, at once).
  const unwatched = sorted.filter((product) => isLow(after.get(product.productId)!, product.before.reorderPoint) && !product.before.lowAlerted);
  const onOrder = unwatched.length === 0 ? new Map() : await onOrderOf(trx, storeId, unwatched.map((product) => product.productId));
  const alerts: Database['stock_alerts'][] = [];
  const rows = sorted.map((product) => {
    const quantity = after.get(product.productId)!;
    let lowAlerted = isLow(quantity, product.before.reorderPoint) ? product.before.lowAlerted : 0;
    if (isLow(quantity, product.before.reorderPoint) && !product.before.lowAlerted) {
      const ordered = onOrder.get(product.productId)?.quantity ?? 0;
      if (!orderCovers(quantity, product.before.reorderPoint!, ordered)) {
        lowAlerted = 1;
        alerts.push(alertRow({ storeId, productId: product.productId, at }, quantity, product.before.reorderPoint!));
      }
    }
    return [product.productId, quantity, product.costCents, lowAlerted ? 1 : 0];
  });

  for (const part of statementChunks(trx, rows))
    await sql`
      update products set quantity = ${jsonCell(1, 'integer')}, cost = ${jsonCell(2, 'integer')}, low_alerted = ${jsonCell(3, 'integer')},
        ${changedBySql(actor, at)}, version = version + 1
      from ${jsonRows(trx, part)}
      where products.id = ${jsonCell(0)}`.execute(trx);
  for (const part of statementChunks(trx, movements))
    await sql`
      insert into stock_movements (store_id, product_id, change, quantity_after, reason, user_id, token_id, order_id, receipt_id, unit_cost_cents, created_at)
      select ${textValue(storeId)}, ${jsonCell(0)}, ${jsonCell(1, 'integer')}, ${jsonCell(2, 'integer')}, ${textValue('received')},
        ${textValue(actor.userId)}, ${textValue(actor.tokenId)}, null, ${textValue(batch.receiptId)}, ${jsonCell(3, 'integer')}, ${textValue(at.toISOString())}
      from ${jsonRows(trx, part)}`.execute(trx);
  for (const part of statementChunks(trx, alerts)) await trx.insertInto('stock_alerts').values(part).execute();
}
