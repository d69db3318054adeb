import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

/**
 * Migration 0011: on PostgreSQL the SKU lookup index of 0010 is made again in the "C" collation, and the CSV import
 * looks SKUs up in it (features/import-export/sku-lookup.ts). Equality is the same in every deterministic collation;
 * in its own collation the lookup cannot be answered from the SKU's trigram index instead, which PostgreSQL chose for
 * lookups of a thousand SKUs at 6 s each (the trigrams of "LAP-1" are in most of a store's SKUs). SQLite keeps 0010's
 * index (it has no trigram index on the SKU).
 */
export const skuLookupCCollation: Migration = {
  async up(db: Kysely<unknown>) {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    await sql`drop index products_store_sku_lookup_idx`.execute(db);
    await sql`create index products_store_sku_lookup_idx on products (store_id, (sku collate "C"))`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    await sql`drop index products_store_sku_lookup_idx`.execute(db);
    await sql`create index products_store_sku_lookup_idx on products (store_id, sku)`.execute(db);
  },
};
