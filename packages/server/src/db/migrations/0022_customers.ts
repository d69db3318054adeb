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
 * Migration 0022: customers, and an order's customer (docs/decisions/0035-customers.md).
 *
 * - `customers`: per store, the customer form's fields (text, '' for none), `archived_at` (deleted while they had
 *   orders), who created and changed them and a version (the ETag), as products and orders have.
 * - `orders.customer_id`: the customer an order was placed for, or null. Its foreign key has no cascade: a customer
 *   some order names cannot be deleted, whatever path tries (the service archives them instead).
 * - Lists at any size, as products' (docs/decisions/0015-lists-at-scale.md): for each sort an index of the active and
 *   one of the archived customers, `(store_id, <sort key>, id)`, each partial on `archived_at`, so a page of either is
 *   one index range; an email unique in its store whatever its ASCII case (`lower(email)`, which also finds the
 *   customer an import row names); substring search of name, company, email and phone through a trigram index (SQLite
 *   FTS5 keyed by rowid and kept by triggers; PostgreSQL pg_trgm GIN indexes).
 * - `customer_counts`: a store's active and archived customers, kept by triggers in the writing transaction, so a
 *   list's total is one read. A table of its own: customer writes do not queue on `store_stats`, which every product
 *   and order write updates.
 * - `(customer_id, created_at, id)` on orders: a customer's orders newest first, their figures, and the check that they
 *   have any (also what the foreign key's checks read).
 */
export const customers: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('customers')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('store_id', 'text', (col) => col.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('company', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('email', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('phone', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('billing_address', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('shipping_address', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('tax_id', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('notes', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('archived_at', 'text')
      .addColumn('user_id', 'text', (col) => col.notNull())
      .addColumn('created_by_token', 'text')
      .addColumn('updated_by', 'text')
      .addColumn('updated_by_token', 'text')
      .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.alterTable('orders').addColumn('customer_id', 'text', (col) => col.references('customers.id')).execute();
    await sql`create index orders_customer_idx on orders (customer_id, created_at, id) where customer_id is not null`.execute(db);

    await createArchivableSortIndexes(db, 'customers', sortKeys(postgres));
    await sql`create unique index customers_store_email_idx on customers (store_id, (${sql.raw(lowerOf('email', postgres))})) where email <> ''`.execute(db);
    await createArchiveCounts(db, CUSTOMERS);
  },
  async down(db: Kysely<unknown>) {
    await dropArchiveCounts(db, CUSTOMERS);
    await sql`drop index orders_customer_idx`.execute(db);
    await db.schema.alterTable('orders').dropColumn('customer_id').execute();
    await db.schema.dropTable('customers').execute();
  },
};

/** The customers' counters and search (db/archivable-tables.ts). */
const CUSTOMERS: ArchivableTable = { table: 'customers', counts: 'customer_counts', searched: ['name', 'company', 'email', 'phone'] };

/** The expression each sort of the list orders by (contract CUSTOMER_SORTS); the server's list reads the same ones. */
export const sortKeys = (postgres: boolean) => ({
  name: lowerOf('name', postgres),
  company: lowerOf('company', postgres),
  email: lowerOf('email', postgres),
  newest: 'created_at',
});

/**
 * The counters and (on SQLite) the search index made again from the rows: after a restore, whose inserts run the
 * triggers anyway; this makes it independent of the order rows arrive in.
 */
export const rebuildCustomerIndexes = (db: Kysely<unknown>): Promise<void> => rebuildArchiveCounts(db, CUSTOMERS);
