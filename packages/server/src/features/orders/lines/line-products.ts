import { orderProductRefusal, orderStockRefusal, type OrderStockMove, SALES_MESSAGES } from '@inventory/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db';
import { HttpError } from '../../../http/errors';
import { moveStocks } from '../../../stock/ledger';
import type { StoreContext } from '../../../stores/access';
import type { LineState } from './line-rows';

/** A product an order's lines name, as read under its lock. */
export interface LineProduct {
  name: string;
  sku: string;
  category: string;
  quantity: number;
  archivedAt: string | null;
}

/** The store's products of these ids (locked by the caller first: lockProducts). */
export async function readProducts(trx: Kysely<Database>, storeId: string, ids: readonly string[]): Promise<Map<string, LineProduct>> {
  if (ids.length === 0) return new Map();
  const rows = await trx
    .selectFrom('products')
    .select(['id', 'name', 'sku', 'category', 'quantity', 'archived_at'])
    .where('store_id', '=', storeId)
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, { name: row.name, sku: row.sku, category: row.category, quantity: Number(row.quantity), archivedAt: row.archived_at }]));
}

/**
 * A product a line newly names (a new line, or a line moved to it): one of the store's (400 otherwise) that is not
 * archived (409, the contract's orderProductRefusal); its message is the line's ("Line 2: …").
 */
export function checkNewProduct(products: ReadonlyMap<string, LineProduct>, productId: string, line: number): LineProduct {
  const product = products.get(productId) ?? null;
  const refusal = orderProductRefusal(product);
  if (refusal) throw new HttpError(refusal.status, SALES_MESSAGES.onLine(line, refusal.message));
  return product!;
}

/** A line's tax rate: one of the store's, or none (400 naming the line otherwise). */
export function checkTaxRate(rateIds: ReadonlySet<string>, taxRateId: string | null, line: number): string | null {
  if (taxRateId !== null && !rateIds.has(taxRateId)) throw new HttpError(400, SALES_MESSAGES.onLine(line, SALES_MESSAGES.lineTaxRateUnknown));
  return taxRateId;
}

/**
 * Refuses moves that take more than there is, whole, naming each short line (the contract's orderStockRefusal), then
 * makes them through the ledger in one batch (moveStocks). The products are locked, so what was read is what is there.
 */
export async function moveOrderStock(
  trx: Kysely<Database>,
  store: StoreContext,
  moves: readonly OrderStockMove[],
  context: { products: ReadonlyMap<string, LineProduct>; lines: readonly LineState[]; orderId: string | null; at: Date; edit?: boolean; returnId?: string },
): Promise<void> {
  const available = new Map([...context.products].map(([id, product]) => [id, product.quantity]));
  const named = context.lines.map((line) => ({ productId: line.productId, quantity: line.quantity, name: line.description }));
  const refusal = orderStockRefusal(moves, available, named, { edit: context.edit ?? false });
  if (refusal) throw new HttpError(refusal.status, refusal.message);
  // A product deleted meanwhile has nowhere to take back what is given to it; taking from one is refused above.
  const made = moves.filter((move) => !move.returning || context.products.has(move.productId));
  await moveStocks(
    trx,
    { storeId: store.storeId, actor: store.actor, at: context.at },
    made.map((move) => ({ productId: move.productId, change: move.change, reason: move.reason, orderId: context.orderId, returnId: context.returnId ?? null })),
  );
}
