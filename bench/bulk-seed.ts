import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, sql, type RawBuilder } from 'kysely';
import pg from 'pg';
import { createDb } from '../packages/server/src/db/index';
import { addMissingCategories } from '../packages/server/src/db/migrations/0029_categories';
import type { Database } from '../packages/server/src/db/types';
import type { Owner } from './seed';

/**
 * A big store, fast: products and orders are made by the database itself, one `INSERT … SELECT` per batch of 50,000
 * rows over a number series (a recursive CTE on SQLite, in one transaction; `generate_series` on PostgreSQL, 2,000 rows
 * per statement, each committed, see below).
 * Nothing crosses the wire but the statements, and the database's triggers still run for every row, so the store's
 * figures, the category counts, the SQLite FTS5 search index and the list versions stay exact. Every product gets its
 * opening stock movement (one more `INSERT … SELECT`), so `npm run check:stock` holds.
 *
 * Row n (1-based) is deterministic: name `<Kind> <5-digit serial>` with serial (n × 7919) mod 100,000, SKU
 * `<prefix>-<n>`, category n mod 8, price 5.00–2,504.99, quantity (n × 37) mod 40 (0 for every 40th), a reorder point
 * of 5 on every third product, created one minute apart from 2025-01-01. Ids are UUIDs (v4 layout) made of a random
 * per-seed prefix and n, so seeds never collide.
 */
export const CATEGORIES = [
  'Laptops',
  'Monitors',
  'Networking',
  'Storage',
  'Printers',
  'Peripherals',
  'Servers',
  'Cables',
];
export const KINDS = ['Laptop', 'Monitor', 'Router', 'SSD', 'Printer', 'Keyboard', 'Server', 'Cable', 'Switch', 'Dock'];
export const BATCH = 50_000;
export const PG_BATCH = 2_000;

export type Dialect = 'sqlite' | 'postgres';

/**
 * A connection for the bench's own bulk work (seeding, checks over every row, deleting its stores): the server's
 * PostgreSQL pool stops any statement after 10 s, which a million-row statement outlasts.
 */
export function bulkDb(
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string },
): Kysely<Database> {
  if (database.kind === 'sqlite') return createDb(database);
  return new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 2 }) }),
  });
}

/** The name of product n, as the seeder makes it (the keystroke test types serials that exist). */
export function bulkProductName(n: number): string {
  return `${KINDS[n % KINDS.length]} ${String((n * 7919) % 100_000).padStart(5, '0')}`;
}

/** Product n of a seed without a `quantity` option, as the seeding SQL below makes it. */
export function bulkProduct(n: number, skuOf: (table: 'products', n: number) => string) {
  return {
    sku: skuOf('products', n),
    name: bulkProductName(n),
    category: CATEGORIES[n % CATEGORIES.length]!,
    priceCents: 500 + ((n * 104_729) % 250_000),
    quantity: (n * 37) % 40,
  };
}

/** SQL pieces over the series column `n`, for each database. */
export function pieces(dialect: Dialect, prefix: string) {
  const pg = dialect === 'postgres';
  const pick = (list: string[]) =>
    sql.raw(`(case n % ${list.length} ${list.map((item, i) => `when ${i} then '${item}'`).join(' ')} end)`);
  return {
    id: pg
      ? sql.raw(`('${prefix}-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))`)
      : sql.raw(`printf('${prefix}-0000-4000-8000-%012x', n)`),
    serial: pg ? sql.raw(`lpad(((n * 7919) % 100000)::text, 5, '0')`) : sql.raw(`printf('%05d', (n * 7919) % 100000)`),
    padded: pg ? sql.raw(`lpad(n::text, 7, '0')`) : sql.raw(`printf('%07d', n)`),
    at: pg
      ? sql.raw(`to_char(timestamp '2025-01-01' + n::int * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`)
      : sql.raw(`strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || n || ' minutes')`),
    series: (from: number, to: number): RawBuilder<unknown> =>
      pg
        ? sql.raw(`generate_series(${from}::bigint, ${to}::bigint) as s(n)`)
        : sql.raw(
            `(with recursive s(n) as (select ${from} union all select n + 1 from s where n < ${to}) select n from s)`,
          ),
    kind: pick(KINDS),
    category: pick(CATEGORIES),
  };
}

export interface BulkOptions {
  dialect: Dialect;
  products: number;
  orders: number;
  /** Every product's quantity, instead of (n × 37) mod 40 (e.g. plenty of stock for the order bench). */
  quantity?: number;
  /** A reorder point of `point` on every `every`-th product, instead of 5 on every third (e.g. 10,000 low of a million). */
  reorder?: { every: number; point: number };
  /** Called after each batch with what is done, for progress lines. */
  progress?: (table: 'products' | 'orders', done: number) => void;
}

/** Seeds the store; returns the milliseconds each part took and the id prefix (ids are `<prefix>-0000-4000-8000-<n>`). */
export async function bulkSeed(db: Kysely<Database>, { userId, storeId }: Owner, options: BulkOptions) {
  const prefix = randomBytes(4).toString('hex');
  const p = pieces(options.dialect, prefix);
  const sku = prefix.slice(0, 4).toUpperCase();
  const quantity = options.quantity === undefined ? sql.raw('((n * 37) % 40)') : sql.raw(String(options.quantity));
  const reorder = options.reorder ?? { every: 3, point: 5 };
  const reorderPoint = sql.raw(`case when n % ${reorder.every} = 0 then ${reorder.point} else null end`);
  const times = { products: 0, movements: 0, orders: 0, analyze: 0 };
  // PostgreSQL: the triggers update the store's one counter row per inserted row, and inside one transaction every
  // update of that row adds a version the next one walks past; short transactions keep that chain short.
  const batch = options.dialect === 'postgres' ? PG_BATCH : BATCH;
  const inTransaction = async (work: (trx: Kysely<Database>) => Promise<void>) =>
    options.dialect === 'postgres' ? work(db) : db.transaction().execute(work);
  await inTransaction(async (trx) => {
    let started = performance.now();
    for (let from = 1; from <= options.products; from += batch) {
      const to = Math.min(options.products, from + batch - 1);
      await sql`
        insert into products (id, user_id, store_id, created_by_token, updated_by, updated_by_token, name, sku, category,
          price_cents, quantity, reorder_point, description, image_name, image_file_name, image_type, image_size, version,
          created_at, updated_at)
        select ${p.id}, ${userId}, ${storeId}, null, ${userId}, null, ${p.kind} || ' ' || ${p.serial},
          ${`P${sku}-`} || ${p.padded}, ${p.category}, 500 + (n * 104729) % 250000, ${quantity},
          ${reorderPoint}, '<p>A bench product.</p>', null, null, null, null, 1, ${p.at}, ${p.at}
        from ${p.series(from, to)}`.execute(trx);
      options.progress?.('products', to);
    }
    times.products = performance.now() - started;
    started = performance.now();
    await sql`
      insert into stock_movements (store_id, product_id, change, quantity_after, reason, user_id, token_id, order_id, created_at)
      select store_id, id, quantity, quantity, 'opening', user_id, null, null, created_at from products
      where store_id = ${storeId}`.execute(trx);
    // The store's categories (migration 0029): a row for each category the seeded products name.
    await addMissingCategories(trx as unknown as Kysely<unknown>);
    times.movements = performance.now() - started;
    started = performance.now();
    for (let from = 1; from <= options.orders; from += batch) {
      const to = Math.min(options.orders, from + batch - 1);
      await sql`
        insert into orders (id, user_id, store_id, created_by_token, updated_by, updated_by_token, name, sku, category,
          price_cents, quantity, version, created_at, updated_at, status, product_id, number)
        select ${p.id}, ${userId}, ${storeId}, null, ${userId}, null, 'Order for ' || ${p.kind} || ' ' || ${p.serial},
          ${`O${sku}-`} || ${p.padded}, ${p.category}, 500 + (n * 7841) % 250000, 1 + n % 9, 1, ${p.at}, ${p.at},
          case n % 3 when 0 then 'open' when 1 then 'fulfilled' else 'cancelled' end, null, n
        from ${p.series(from, to)}`.execute(trx);
      options.progress?.('orders', to);
    }
    // The store's order numbers go on after the seeded ones (db/sequences.ts).
    if (options.orders > 0)
      await sql`insert into store_sequences (store_id, kind, last_value) values (${storeId}, 'sales_order', ${options.orders})`.execute(trx);
    times.orders = performance.now() - started;
  });
  if (options.dialect === 'postgres') {
    // PostgreSQL plans by its statistics, which autovacuum gathers within a minute of a bulk load on any server where
    // it is on (the default); where it is off (as on this project's test machines) a million rows would be planned
    // as a small table. ANALYZE after a bulk load, as PostgreSQL's own advice for bulk loading says.
    const started = performance.now();
    await sql`analyze products, orders, stock_movements`.execute(db);
    times.analyze = performance.now() - started;
  }
  const how =
    options.dialect === 'postgres'
      ? `INSERT … SELECT per ${batch} rows, each committed`
      : `INSERT … SELECT per ${batch} rows, one transaction`;
  return { times, how, ...seededNames(prefix) };
}

/** The SKU and id of row n of a seed made with this prefix. */
export function seededNames(prefix: string) {
  const sku = prefix.slice(0, 4).toUpperCase();
  return {
    prefix,
    skuOf: (table: 'products' | 'orders', n: number) =>
      `${table === 'products' ? 'P' : 'O'}${sku}-${String(n).padStart(7, '0')}`,
    productId: (n: number) => `${prefix}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`,
  };
}
