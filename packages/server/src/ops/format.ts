/**
 * The backup file: gzip of JSON Lines, one JSON value per line, the same whichever database wrote it, so a SQLite
 * backup restores into PostgreSQL and the other way round.
 *
 *   {"format":"inventory-backup","version":1,"createdAt":"…","source":"sqlite","migrations":["0001_…",…]}
 *   {"table":"users","row":{…}}                one line per row, tables in TABLES order (parents first)
 *   {"upload":"<uuid>.png","data":"<base64>"}  the bytes of each row of `uploads`, after all rows
 *   {"end":true,"rows":{"users":3,…},"uploads":5}   counts, so a truncated file is refused
 *
 * Row values are the columns as stored (text and integers; timestamps are ISO strings); upload bytes are never part
 * of a row (on PostgreSQL `uploads.data` is left out and written separately).
 */
export const BACKUP_FORMAT = 'inventory-backup';
export const BACKUP_VERSION = 1;

/** Tables a backup carries, parents before children (restore inserts in this order). */
export const TABLES = [
  'users',
  'stores',
  'store_sequences',
  'memberships',
  'categories',
  'products',
  'customers',
  'suppliers',
  'product_suppliers',
  'purchase_orders',
  'purchase_order_lines',
  'receipts',
  'receipt_lines',
  'orders',
  'stock_movements',
  'uploads',
  // After uploads: a store's settings name their logo.
  'store_settings',
  'tax_rates',
  // After tax rates: a line names its rate.
  'order_lines',
  'shipments',
  'shipment_lines',
  'returns',
  'return_lines',
  // After customers and stores; an invoice's lines, credit notes and payments after it.
  'billing_numbering',
  'invoices',
  'invoice_lines',
  'credit_notes',
  'credit_note_lines',
  'payments',
  'contact_messages',
] as const;
export type BackupTable = (typeof TABLES)[number];

/**
 * Tables deliberately left out:
 * - sessions: a restore signs everybody out. A backup file then holds nothing that works as a login (passwords are
 *   argon2id hashes; a session hash would let a copied cookie live on), and sessions are cheap to make again.
 * - password_resets: single-use links valid for 30 minutes; by the time a backup is restored they are stale or
 *   should be, and carrying them would revive links that were mailed out.
 * - rate_limits: short-lived counters.
 * - store_versions: cache-validation counters kept by triggers; restore inserts stores, products and orders, which
 *   makes the rows again (with a new epoch, so no list tag from before the restore is ever matched).
 * - store_stats, store_categories and the SQLite search index (products_search, orders_search and their FTS5 tables):
 *   derived from products and orders by triggers; restore makes them again (rebuildStats, then rebuildProductFigures:
 *   active products only, archived ones counted apart).
 * - customer_counts and the SQLite customers_search index: derived from customers by triggers; restore makes them
 *   again (rebuildCustomerIndexes); supplier_counts and suppliers_search the same from suppliers (rebuildSupplierIndexes).
 * - sales_figures, order_sales and stock_value_days: Bill Reports' figures, derived from orders, movements and products; restore
 *   makes them again (rebuildReportFigures, 0035).
 * - invitations: single-use links with a 7-day life, like password resets.
 * - stock_alerts: reorder-point mails waiting to go out (a minute at most); idempotency_keys: retry protection for a day.
 * - mail_outbox: mail waiting to go out holds live links (resets, invitations: themselves left out), and a restored
 *   copy would be sent again; the record of mail already sent (to, subject, when) goes with it.
 * - api_tokens: credentials, like sessions: after a restore an owner makes new ones for the store's scripts.
 * - kysely_migration, kysely_migration_lock: the migrator's bookkeeping; a restore migrates the target itself.
 * A table that is in neither list makes `backup` fail, so a new table is never silently left out.
 */
export const EXCLUDED_TABLES = [
  'sessions',
  'password_resets',
  'rate_limits',
  'store_versions',
  'store_stats',
  'store_categories',
  'customer_counts',
  'supplier_counts',
  'sales_figures',
  'order_sales',
  'stock_value_days',
  ...['products', 'orders', 'customers', 'suppliers'].flatMap((table) => ['', '_config', '_data', '_docsize', '_idx'].map((part) => `${table}_search${part}`)),
  'invitations',
  'stock_alerts',
  'mail_outbox',
  'idempotency_keys',
  'api_tokens',
  'kysely_migration',
  'kysely_migration_lock',
];

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  source: 'sqlite' | 'postgres';
  migrations: string[];
}

export interface BackupEnd {
  end: true;
  rows: Record<string, number>;
  uploads: number;
}

export type BackupLine =
  | BackupHeader
  | { table: BackupTable; row: Record<string, unknown> }
  | { upload: string; data: string }
  | BackupEnd;
