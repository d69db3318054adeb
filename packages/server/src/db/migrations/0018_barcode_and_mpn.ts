import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

/**
 * Migration 0018: a product's barcode (a GTIN: EAN-8, UPC-A, EAN-13 or GTIN-14, digits with a valid check digit, the
 * contract's `validateBarcode`) and manufacturer part number, both optional (null), beside the other fields
 * (docs/decisions/0030-free-skus-barcodes-and-part-numbers.md).
 *
 * - A barcode is unique in its store: a partial unique index on `(store_id, barcode)` where there is one, which also
 *   finds a product by its barcode (search, scan, the import's matching).
 * - A part number is not unique (two products may share a manufacturer's part); `(store_id, lower(mpn))` finds it
 *   whatever its ASCII case (`lower(mpn collate "C")` on PostgreSQL, as SKUs are), where there is one.
 */
export const barcodeAndMpn: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema.alterTable('products').addColumn('barcode', 'text').execute();
    await db.schema.alterTable('products').addColumn('mpn', 'text').execute();
    await sql`create unique index products_store_barcode_idx on products (store_id, barcode) where barcode is not null`.execute(db);
    const key = sql.raw(postgres ? 'lower(mpn collate "C")' : 'lower(mpn)');
    await sql`create index products_store_mpn_idx on products (store_id, (${key})) where mpn is not null`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index products_store_mpn_idx`.execute(db);
    await sql`drop index products_store_barcode_idx`.execute(db);
    await db.schema.alterTable('products').dropColumn('mpn').execute();
    await db.schema.alterTable('products').dropColumn('barcode').execute();
  },
};
