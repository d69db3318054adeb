import type { ProductSupplier } from '@inventory/contract';
import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db';
import type { Actor } from '../stores/access';
import { changedBy } from '../stores/audit';
import { type LinkRow, toProductSupplier } from './mapping';

/**
 * Reading and writing the suppliers of products (docs/decisions/0037-suppliers.md), shared by the link routes
 * (features/suppliers) and the catalogue import's Supplier columns (features/import-export).
 */

/** The links of one product, or the links of these ids, with their product's and supplier's names as they are now. */
export async function linksOf(
  reader: Kysely<Database>,
  storeId: string,
  which: { productId: string } | { ids: readonly string[] },
): Promise<{ id: string; link: ProductSupplier }[]> {
  if ('ids' in which && which.ids.length === 0) return [];
  let query = reader
    .selectFrom('product_suppliers as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .innerJoin('suppliers as s', 's.id', 'l.supplier_id')
    .select([
      'l.id',
      'l.product_id',
      'l.supplier_id',
      'l.part_number',
      'l.pack_size',
      'l.last_cost_cents',
      'l.preferred',
      'l.created_at',
      'l.updated_at',
      'p.name as product_name',
      'p.sku as product_sku',
      's.name as supplier_name',
      's.archived_at as supplier_archived_at',
    ])
    .where('l.store_id', '=', storeId);
  query = 'ids' in which ? query.where('l.id', 'in', [...which.ids]) : query.where('l.product_id', '=', which.productId);
  const rows = await query.execute();
  return rows.map((row) => ({ id: row.id, link: toProductSupplier(row as LinkRow) }));
}

/**
 * The suppliers of the store with these name keys (the contract's supplierNameKey: the unique index of migration
 * 0030), key to the supplier. `share`: PostgreSQL `for key share`, which a deletion's `for update` waits for (and
 * which waits for it), so a link is never made to a supplier being deleted.
 */
export async function suppliersByName(
  reader: Kysely<Database>,
  storeId: string,
  keys: readonly string[],
  share = false,
): Promise<Map<string, { id: string; name: string; archived_at: string | null }>> {
  if (keys.length === 0) return new Map();
  const postgres = reader.getExecutor().adapter instanceof PostgresAdapter;
  const key: RawBuilder<string> = postgres ? sql<string>`lower(name collate "C")` : sql<string>`lower(name)`;
  let query = reader.selectFrom('suppliers').select(['id', 'name', 'archived_at', key.as('key')]).where('store_id', '=', storeId).where(key, 'in', [...keys]);
  if (share && postgres) query = query.forKeyShare();
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.key, { id: row.id, name: row.name, archived_at: row.archived_at }]));
}

/**
 * Take the preferred flag from the other links of these products (before one of theirs becomes preferred): the
 * database allows one preferred link per product (migration 0030's partial unique index), and the product's row lock,
 * taken first, makes two requests doing this for one product run one after the other.
 */
export async function clearPreferred(trx: Kysely<Database>, storeId: string, productIds: readonly string[], actor: Actor, at: Date, except?: string): Promise<void> {
  if (productIds.length === 0) return;
  let update = trx
    .updateTable('product_suppliers')
    .set({ preferred: 0, ...changedBy(actor, at) })
    .where('store_id', '=', storeId)
    .where('product_id', 'in', [...productIds])
    .where('preferred', '=', 1);
  if (except) update = update.where('supplier_id', '<>', except);
  await update.execute();
}

/** Which of these products have a preferred supplier. */
export async function productsWithPreferred(reader: Kysely<Database>, storeId: string, productIds: readonly string[]): Promise<Set<string>> {
  if (productIds.length === 0) return new Set();
  const rows = await reader
    .selectFrom('product_suppliers')
    .select('product_id')
    .where('store_id', '=', storeId)
    .where('product_id', 'in', [...productIds])
    .where('preferred', '=', 1)
    .execute();
  return new Set(rows.map((row) => row.product_id));
}
