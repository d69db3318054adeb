import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';
import {
  type ArchivableTable,
  createArchivableSortIndexes,
  createArchiveCounts,
  dropArchiveCounts,
  lowerOf,
  rebuildArchiveCounts,
} from '../archivable-tables';

/**
 * Migration 0030: suppliers, and the suppliers of each product (docs/decisions/0037-suppliers.md).
 *
 * - `suppliers`: per store, the supplier form's fields (text, '' for none; the lead time in whole days, null for
 *   none), `archived_at` (deleted while products named them), who created and changed them and a version (the ETag),
 *   as customers have. A name is unique in its store whatever its ASCII case (`lower(name)`), which also finds the
 *   supplier an import row names.
 * - Lists at any size as customers' (db/archivable-tables.ts): a partial index of the active and of the archived
 *   suppliers per sort, `supplier_counts` kept by triggers, trigram search of name, contact, email and phone.
 * - `product_suppliers`: a product's link to one supplier of its store, with the supplier's part number, the pack size
 *   (at least 1: a check), the last cost in cents (null: not known; never below 0) and whether it is the product's
 *   preferred supplier (0 or 1). Unique per (product, supplier); **at most one preferred per product**, by a unique
 *   partial index on `product_id where preferred = 1`, whatever path writes. The product's foreign key cascades (a
 *   product deleted takes its links); the supplier's does not: a supplier some product names cannot be deleted, whatever
 *   path tries (the service archives them instead). `(supplier_id, created_at, id)` serves a supplier's products newest
 *   link first, their count, the deletion's check and the foreign key's.
 */
export const suppliers: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('suppliers')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('store_id', 'text', (col) => col.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('contact', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('email', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('phone', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('address', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('lead_time_days', 'integer')
      .addColumn('notes', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('archived_at', 'text')
      .addColumn('user_id', 'text', (col) => col.notNull())
      .addColumn('created_by_token', 'text')
      .addColumn('updated_by', 'text')
      .addColumn('updated_by_token', 'text')
      .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .addCheckConstraint('suppliers_lead_time_check', sql`lead_time_days is null or lead_time_days >= 0`)
      .execute();
    await createArchivableSortIndexes(db, 'suppliers', supplierSortKeys(postgres));
    await sql`create unique index suppliers_store_name_idx on suppliers (store_id, (${sql.raw(lowerOf('name', postgres))}))`.execute(db);
    await createArchiveCounts(db, SUPPLIERS);

    await db.schema
      .createTable('product_suppliers')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('store_id', 'text', (col) => col.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('product_id', 'text', (col) => col.notNull().references('products.id').onDelete('cascade'))
      .addColumn('supplier_id', 'text', (col) => col.notNull().references('suppliers.id'))
      .addColumn('part_number', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('pack_size', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('last_cost_cents', 'integer')
      .addColumn('preferred', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('user_id', 'text', (col) => col.notNull())
      .addColumn('created_by_token', 'text')
      .addColumn('updated_by', 'text')
      .addColumn('updated_by_token', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .addCheckConstraint('product_suppliers_pack_size_check', sql`pack_size >= 1`)
      .addCheckConstraint('product_suppliers_last_cost_check', sql`last_cost_cents is null or last_cost_cents >= 0`)
      .addCheckConstraint('product_suppliers_preferred_check', sql`preferred in (0, 1)`)
      .execute();
    await sql`create unique index product_suppliers_link_idx on product_suppliers (product_id, supplier_id)`.execute(db);
    await sql`create unique index product_suppliers_preferred_idx on product_suppliers (product_id) where preferred = 1`.execute(db);
    await sql`create index product_suppliers_supplier_idx on product_suppliers (supplier_id, created_at, id)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('product_suppliers').execute();
    await dropArchiveCounts(db, SUPPLIERS);
    await db.schema.dropTable('suppliers').execute();
  },
};

/** The suppliers' counters and search (db/archivable-tables.ts). */
const SUPPLIERS: ArchivableTable = { table: 'suppliers', counts: 'supplier_counts', searched: ['name', 'contact', 'email', 'phone'] };

/** The expression each sort of the list orders by (contract SUPPLIER_SORTS); the server's list reads the same ones. */
export const supplierSortKeys = (postgres: boolean) => ({
  name: lowerOf('name', postgres),
  contact: lowerOf('contact', postgres),
  email: lowerOf('email', postgres),
  newest: 'created_at',
});

/** The counters and (on SQLite) the search index made again from the rows, after a restore. */
export const rebuildSupplierIndexes = (db: Kysely<unknown>): Promise<void> => rebuildArchiveCounts(db, SUPPLIERS);
