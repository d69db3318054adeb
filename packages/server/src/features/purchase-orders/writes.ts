import { v7 as timeOrderedId } from 'uuid';
import { MESSAGES, orderProductRefusal, PURCHASE_MESSAGES, type PurchaseOrderLine } from '@inventory/contract';
import { type Kysely, PostgresAdapter, type Selectable } from 'kysely';
import type { Database } from '../../db';
import type { PurchaseOrdersTable } from '../../db/types';
import { HttpError } from '../../http/errors';

/** The pieces every purchase-order write shares: the row locked, the supplier held, the lines checked and written. */

const isPostgres = (trx: Kysely<Database>) => trx.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The purchase order, locked for the rest of the transaction (PostgreSQL `for update`; SQLite's write lock is the
 * database's), or null. A receipt takes it before its products (docs/decisions/0042), so two writes of one order run one
 * after the other and each sees the lines as the other left them.
 */
export async function lockPurchaseOrder(trx: Kysely<Database>, storeId: string, id: string): Promise<Selectable<PurchaseOrdersTable> | null> {
  let query = trx.selectFrom('purchase_orders').selectAll().where('id', '=', id).where('store_id', '=', storeId);
  if (isPostgres(trx)) query = query.forUpdate();
  return (await query.executeTakeFirst()) ?? null;
}

/**
 * A supplier of the store a purchase order may name: held `for key share` (a deletion of the supplier, which counts
 * their orders under its own lock, waits for this transaction, so it archives them instead of failing), 404 when not
 * the store's, 409 when archived.
 */
export async function holdSupplier(trx: Kysely<Database>, storeId: string, supplierId: string): Promise<void> {
  let query = trx.selectFrom('suppliers').select(['name', 'archived_at']).where('id', '=', supplierId).where('store_id', '=', storeId);
  if (isPostgres(trx)) query = query.forKeyShare();
  const supplier = await query.executeTakeFirst();
  if (!supplier) throw new HttpError(404, MESSAGES.supplierNotFound);
  if (supplier.archived_at !== null) throw new HttpError(409, PURCHASE_MESSAGES.supplierArchived(supplier.name));
}

/** Every line's product is one of the store's and not archived: 400 naming the first unknown line, 409 for an archived one. */
export async function checkLineProducts(trx: Kysely<Database>, storeId: string, lines: readonly PurchaseOrderLine[]): Promise<void> {
  const ids = [...new Set(lines.map((line) => line.productId))];
  const found = ids.length === 0 ? [] : await trx.selectFrom('products').select(['id', 'name', 'archived_at']).where('store_id', '=', storeId).where('id', 'in', ids).execute();
  const byId = new Map(found.map((product) => [product.id, product]));
  for (const [index, line] of lines.entries()) {
    const product = byId.get(line.productId);
    if (!product) throw new HttpError(400, PURCHASE_MESSAGES.lineProductUnknown(index + 1));
    const refusal = orderProductRefusal({ name: product.name, archivedAt: product.archived_at });
    if (refusal) throw new HttpError(refusal.status, `Line ${index + 1}: ${refusal.message}`);
  }
}

/** The order's lines written as given, numbered from 1 (the lines it had are replaced). */
export async function writeLines(trx: Kysely<Database>, storeId: string, purchaseOrderId: string, lines: readonly PurchaseOrderLine[]): Promise<void> {
  await trx.deleteFrom('purchase_order_lines').where('purchase_order_id', '=', purchaseOrderId).execute();
  const rows = lines.map((line, index) => ({
    id: timeOrderedId(),
    store_id: storeId,
    purchase_order_id: purchaseOrderId,
    position: index + 1,
    product_id: line.productId,
    quantity: line.quantity,
    unit_cost_cents: line.unitCostCents,
    received: 0,
  }));
  // A statement holds at most a few hundred rows' parameters (SQLite's limit is 32,766 variables).
  for (let start = 0; start < rows.length; start += 250) await trx.insertInto('purchase_order_lines').values(rows.slice(start, start + 250)).execute();
}
