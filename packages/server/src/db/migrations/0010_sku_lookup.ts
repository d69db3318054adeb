import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

/**
 * Migration 0010: a product is found by its exact SKU from an index (the CSV import tells updates from new products
 * by SKU, a thousand at a time). The SKU indexes of 0008 and 0009 are partial (in, out of, low on stock), so none
 * serves `sku in (…)`: each lookup read the store's every row, minutes for an import into a store of a million.
 *
 * On PostgreSQL the SKU is indexed in the "C" collation and looked up in it (features/import-export/sku-lookup.ts):
 * equality is the same in every deterministic collation, and in its own collation the lookup cannot be answered from
 * the trigram index of the SKU instead, which PostgreSQL chose for lookups of a thousand SKUs at 6 s each (the
 * trigrams of "LAP-1" are in most of a store's SKUs).
 */
export const skuLookup: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    const sku = sql.raw(postgres ? '(sku collate "C")' : 'sku');
    await sql`create index products_store_sku_lookup_idx on products (store_id, ${sku})`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index products_store_sku_lookup_idx`.execute(db);
  },
};
