import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database } from '../db';

/**
 * PostgreSQL: rows deleted per statement. Each deleted row still runs its row triggers and foreign-key checks (up to
 * a millisecond a row on a loaded two-core machine), so a statement stays near a second, far inside the timeout.
 */
export const ROWS_PER_DELETE = 1_000;

/** The store's big tables, children before parents, each with its key. */
const BULK_TABLES = [
  ['orders', 'id'],
  ['customers', 'id'],
  ['receipt_lines', 'id'],
  ['receipts', 'id'],
  ['purchase_order_lines', 'id'],
  ['purchase_orders', 'id'],
  ['product_suppliers', 'id'],
  ['suppliers', 'id'],
  ['stock_alerts', 'id'],
  ['mail_outbox', 'id'],
  ['stock_movements', 'id'],
  ['products', 'id'],
  ['uploads', 'name'],
] as const;
type BulkTable = (typeof BULK_TABLES)[number][0];

/** Small tables of a store, deleted whole before the store row. */
const SMALL_TABLES = ['memberships', 'invitations', 'api_tokens', 'idempotency_keys', 'store_settings', 'tax_rates', 'categories'] as const;

/** The store's counters, which triggers update for every row written. */
const COUNTER_TABLES = ['store_stats', 'store_categories', 'store_versions', 'customer_counts', 'supplier_counts'] as const;

/**
 * Deletes a store and everything it holds, inside the caller's write transaction (all or nothing).
 *
 * SQLite: one `DELETE FROM stores`, the foreign keys cascading. It has no statement timeout, and that one statement
 * was the fastest way there (50,000 products and orders in 6 s; deleting table by table as below took 10).
 *
 * PostgreSQL: that one statement has to finish inside the server's 10 s statement timeout, which a store of a hundred
 * thousand products or so outlasts, so such a store could not be deleted at all. There the rows go table by table in
 * statements of ROWS_PER_DELETE, through a cursor over the keys (a cursor reads the rows as they were when it opened,
 * so no statement walks past the index entries of rows this transaction already deleted), orders before the products
 * they name. The store's counters go first: every deleted row's trigger updates them, and each update of one row in
 * one transaction leaves a version the next update walks past: with the counters in place, in a store of 30,000
 * products each statement of a thousand took 3.5 s.
 */
export async function removeStoreRows(trx: Kysely<Database>, storeId: string): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    // The store row first, as every write that needs its store to last takes it first (stores/lock-store.ts): an
    // import under way finishes before this deletes anything, and one that starts later finds the store gone.
    await trx.selectFrom('stores').select('id').where('id', '=', storeId).forUpdate().execute();
    await removeStoreContents(trx, storeId);
  }
  await trx.deleteFrom('stores').where('id', '=', storeId).execute();
}

/** PostgreSQL: everything the store holds, leaving the store row itself (whose cascades then find nothing to delete). */
export async function removeStoreContents(trx: Kysely<Database>, storeId: string, rowsPerDelete = ROWS_PER_DELETE): Promise<void> {
  // The stock value trigger (0035) skips this store's products from here to the end of the transaction.
  await sql`select set_config('inventory.removing_store', ${storeId}, true)`.execute(trx);
  for (const table of COUNTER_TABLES) await trx.deleteFrom(table).where('store_id', '=', storeId).execute();
  for (const [table, key] of BULK_TABLES) await deleteByCursor(trx, table, key, storeId, rowsPerDelete);
  for (const table of SMALL_TABLES) await trx.deleteFrom(table).where('store_id', '=', storeId).execute();
}

async function deleteByCursor(trx: Kysely<Database>, table: BulkTable, key: 'id' | 'name', storeId: string, rowsPerDelete: number) {
  const cursor = sql.raw(`remove_store_${table}`);
  await sql`declare ${cursor} no scroll cursor for select ${sql.ref(key)} as key from ${sql.table(table)} where store_id = ${storeId}`.execute(trx);
  for (;;) {
    const { rows } = await sql<{ key: string }>`fetch forward ${sql.raw(String(rowsPerDelete))} from ${cursor}`.execute(trx);
    if (rows.length === 0) break;
    await sql`delete from ${sql.table(table)} where ${sql.ref(key)} = any(${rows.map((row) => row.key)})`.execute(trx);
  }
  await sql`close ${cursor}`.execute(trx);
}
