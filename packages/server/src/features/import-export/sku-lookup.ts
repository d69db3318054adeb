import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database } from '../../db';

/**
 * The store's products named by any of `keys` (SKUs as the contract's `skuMatchKey` folds them, at most a thousand at
 * a time), read through the index of migrations 0016 and 0017 on the lowered SKU (0017's unique one on PostgreSQL): an import looks its rows up by SKU whatever
 * their ASCII case, and the lookup costs the same in a store of a million products. On PostgreSQL the SKU is lowered
 * in the "C" collation, which folds ASCII letters only, as `skuMatchKey` and SQLite's `lower()` do (and keeps the
 * lookup off the SKU's trigram index).
 */
export function productsBySku(db: Kysely<Database>, storeId: string, keys: readonly string[]) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const key = postgres ? sql<string>`lower(sku collate "C")` : sql<string>`lower(sku)`;
  return db.selectFrom('products').where('store_id', '=', storeId).where(key, 'in', keys);
}

/**
 * The store's products whose names match any of `keys` (the contract's `nameMatchKey`: ASCII letters lowered; names
 * are stored trimmed), for a dry run's likely duplicates, through the lowered name's index of migration 0006.
 */
export function productsByName(db: Kysely<Database>, storeId: string, keys: readonly string[]) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const key = postgres ? sql<string>`lower(name collate "C")` : sql<string>`lower(name)`;
  return db.selectFrom('products').where('store_id', '=', storeId).where(key, 'in', keys);
}
