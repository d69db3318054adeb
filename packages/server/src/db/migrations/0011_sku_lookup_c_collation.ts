import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

/**
 * Migration 0011: on PostgreSQL the SKU lookup index is in the "C" collation the CSV import looks SKUs up in
 * (features/import-export/sku-lookup.ts). Migration 0010 makes it so; before its index moved to that collation, 0010
 * made a plain `(store_id, sku)` index, which such lookups cannot use (each would read the store's every row). A
 * database that ran that first form gets the index made again; any other is left as it is (rebuilding the index of a
 * table of a million products would lock it for seconds at start-up, for nothing). SQLite has one form only.
 */
export const skuLookupCCollation: Migration = {
  async up(db: Kysely<unknown>) {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    const { rows } = await sql<{ indexdef: string }>`select indexdef from pg_indexes
      where schemaname = current_schema() and indexname = 'products_store_sku_lookup_idx'`.execute(db);
    if (rows[0]?.indexdef.includes('COLLATE "C"')) return;
    await sql`drop index if exists products_store_sku_lookup_idx`.execute(db);
    await sql`create index products_store_sku_lookup_idx on products (store_id, (sku collate "C"))`.execute(db);
  },
  async down() {
    // Nothing to undo: 0010 as it stands makes the same index.
  },
};
