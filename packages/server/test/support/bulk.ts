import type { FastifyInstance } from 'fastify';
import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { Db } from '../../src/db';
import { addMissingCategories } from '../../src/db/migrations/0029_categories';
import { cookieHeader } from './app';

/** The active store of the holder of `token`, and their user id. */
export async function storeAndUser(
  app: FastifyInstance,
  token: string | undefined,
): Promise<{ storeId: string; userId: string }> {
  const user = (await app.inject({ method: 'GET', url: '/api/users/getuser', headers: cookieHeader(token) })).json<{
    _id: string;
  }>();
  return storeOfUser(app.db, user._id);
}

export async function storeOfUser(db: Db, userId: string): Promise<{ storeId: string; userId: string }> {
  const row = await db
    .selectFrom('memberships')
    .select('store_id')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { storeId: row.store_id, userId };
}

export interface BulkRows {
  storeId: string;
  userId: string;
  count: number;
  /** Serials start here (ids and times go on from an earlier call). */
  from?: number;
  /** Rows sharing one created_at: groups that straddle the 1,000-row batches test the keyset's tie-break on id. */
  tie?: number;
}

/**
 * `created_at` of serial i: an ISO time that grows with i, the same for `tie` rows in a row. Two digits per field,
 * so text order is time order on both databases.
 */
const createdAt = (tie: number) => {
  const group = sql`(i / ${sql.lit(tie)})`;
  return sql`'2025-01-01T' || (10 + ${group} / 2500) || ':' || (10 + (${group} / 50) % 50) || ':' || (10 + ${group} % 50) || '.000Z'`;
};

/** The id of serial i: a UUID (version 4 shape) whose last group is 100000000000 + i, so ids sort as serials do. */
const id = sql`'00000000-0000-4000-8000-' || (100000000000 + i)`;

/** Serials from `from` to `from + count - 1`, made by the database itself. */
const serials = (from: number, count: number) =>
  sql`with recursive n(i) as (select ${sql.lit(from)} union all select i + 1 from n where i < ${sql.lit(from + count - 1)})`;

/**
 * Run one bulk insert. On PostgreSQL the row triggers are switched off for it (a superuser's `session_replication_role`,
 * in its own transaction): each of them updates the store's one counter row, and a row updated 100,000 times in one
 * transaction costs minutes there. The list's version is then moved by hand, once, as the triggers would have.
 * SQLite runs its triggers (fast there).
 */
async function bulkInsert(
  db: Db,
  table: 'products' | 'orders',
  storeId: string,
  insert: RawBuilder<unknown>,
): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    await insert.execute(db);
    return;
  }
  await db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    // Seeding is the test's setup, not what it measures: on a loaded machine a 20,000-row statement outlasted the
    // server's 10 s statement timeout (npm test failed at list-stream's seeding on PostgreSQL).
    await sql`set local statement_timeout = 0`.execute(trx);
    await insert.execute(trx);
    await sql`update store_versions set ${sql.ref(table)} = ${sql.ref(table)} + 1 where store_id = ${storeId}`.execute(
      trx,
    );
  });
}

/** Rows per statement: each statement stays well inside the server's statement timeouts. */
const CHUNK = 20_000;

async function inChunks(rows: BulkRows, insert: (from: number, count: number) => Promise<void>): Promise<void> {
  const start = rows.from ?? 0;
  for (let from = start; from < start + rows.count; from += CHUNK)
    await insert(from, Math.min(CHUNK, start + rows.count - from));
}

/** Fresh planner statistics after a bulk insert, as autovacuum would gather them soon after on a live database. */
async function analyze(db: Db, table: 'products' | 'orders'): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`analyze ${sql.table(table)}`.execute(db);
}

/** Insert products straight into the database, 20,000 rows a statement (SQLite and PostgreSQL alike). */
export async function bulkInsertProducts(db: Db, rows: BulkRows): Promise<void> {
  const { storeId, userId, tie = 333 } = rows;
  await inChunks(rows, (from, count) =>
    bulkInsert(
      db,
      'products',
      storeId,
      sql`
    insert into products (id, user_id, store_id, name, sku, category, price_cents, quantity, description, version, created_at, updated_at)
    ${serials(from, count)}
    select ${id}, ${userId}, ${storeId}, 'Bulk product ' || i, 'BLK-' || i, 'Category ' || (i % 7),
      100 + i % 100000, i % 50, '<p>Bulk product ' || i || '</p>', 1, ${createdAt(tie)}, ${createdAt(tie)}
    from n`,
    ),
  );
  // Their categories (migration 0029), as every product write makes them.
  await addMissingCategories(db as unknown as Kysely<unknown>);
  await analyze(db, 'products');
}

/** Insert orders straight into the database, 20,000 rows a statement. */
export async function bulkInsertOrders(db: Db, rows: BulkRows): Promise<void> {
  const { storeId, userId, tie = 333 } = rows;
  await inChunks(rows, (from, count) =>
    bulkInsert(
      db,
      'orders',
      storeId,
      sql`
    insert into orders (id, user_id, store_id, name, sku, category, price_cents, quantity, version, created_at, updated_at, number)
    ${serials(from, count)}
    select ${id}, ${userId}, ${storeId}, 'Bulk order ' || i, 'ORD-' || i, 'Category ' || (i % 7),
      100 + i % 100000, 1 + i % 9, 1, ${createdAt(tie)}, ${createdAt(tie)}, i + 1
    from n`,
    ),
  );
  // Orders placed after these go on from the last serial (db/sequences.ts).
  const last = (rows.from ?? 0) + rows.count;
  await sql`insert into store_sequences (store_id, kind, last_value) values (${storeId}, 'sales_order', ${last})
    on conflict (store_id, kind) do update set last_value = ${last}`.execute(db);
  await analyze(db, 'orders');
}
