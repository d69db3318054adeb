import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

/**
 * Migration 0015: the CSV import matches a file's SKU to the store's whatever its ASCII case (issue 25: a supplier's
 * "lap-001" is the shop's "LAP-001"; the contract's `skuMatchKey`), a thousand at a time, so the lowered SKU is
 * indexed: `lower()` folds ASCII letters only on SQLite and, in the "C" collation, on PostgreSQL, as `skuMatchKey`
 * does (features/import-export/sku-lookup.ts). On SQLite the index carries the SKU too: a lookup that reads only the
 * SKU (a dry run's) would otherwise walk the store's part of 0006's covering `(store_id, sku, id)` index instead.
 * 0010's exact index stays for exact lookups.
 */
export const skuMatchKey: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    const key = sql.raw(postgres ? '(lower(sku collate "C"))' : 'lower(sku), sku');
    await sql`create index products_store_sku_key_idx on products (store_id, ${key})`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index products_store_sku_key_idx`.execute(db);
  },
};
