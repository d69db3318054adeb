import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database } from '../../db';

/**
 * The store's products named by any of `skus` (at most a thousand at a time), read through the SKU index of
 * migration 0010: an import looks its rows up by SKU, and the lookup costs the same in a store of a million products.
 * On PostgreSQL the SKU is compared in the index's "C" collation (the same equality; migration 0011 remakes the index
 * where 0010's first form made it plain), which also keeps the lookup off the SKU's trigram index.
 */
export function productsBySku(db: Kysely<Database>, storeId: string, skus: readonly string[]) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const sku = postgres ? sql<string>`(sku collate "C")` : sql<string>`sku`;
  return db.selectFrom('products').where('store_id', '=', storeId).where(sku, 'in', skus);
}
