import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Migration 0010: a product is found by its exact SKU from an index (the CSV import tells updates from new products
 * by SKU, a thousand at a time). The SKU indexes of 0008 and 0009 are partial (in, out of, low on stock) and, on
 * PostgreSQL, in the "C" collation of the sort, so neither serves `sku in (…)`: each lookup read the store's every
 * row, minutes for an import into a store of a million products.
 */
export const skuLookup: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create index products_store_sku_lookup_idx on products (store_id, sku)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index products_store_sku_lookup_idx`.execute(db);
  },
};
