import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config';
import type { Database } from './types';

export type { Database } from './types';
export type Db = Kysely<Database>;

/** How long a request may wait for a PostgreSQL connection before it answers 503. */
export const PG_CONNECT_TIMEOUT_MS = 2_000;
/** Server-side cap on one statement (SQLSTATE 57014 → 503). */
export const PG_STATEMENT_TIMEOUT_MS = 10_000;
/** Client-side cap on one query, for a connection that went silent (no answer, no reset). */
export const PG_QUERY_TIMEOUT_MS = 12_000;

/** How long a SQLite statement waits for another process's lock before it fails with SQLITE_BUSY. */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;
/** How long opening a SQLite database keeps trying while other processes starting at once hold it (a fresh folder). */
const SQLITE_OPEN_PATIENCE_MS = 60_000;

/**
 * Run a statement of opening the database again while it fails with SQLITE_BUSY: switching a fresh file to WAL takes
 * an exclusive lock, which processes starting at once (WORKERS) contend for, and on a loaded machine one of them can
 * wait past the busy timeout while another creates the file or migrates. Synchronous, as opening is.
 */
function whenNotBusy<T>(statement: () => T): T {
  const deadline = Date.now() + SQLITE_OPEN_PATIENCE_MS;
  for (;;) {
    try {
      return statement();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code !== 'string' || !code.startsWith('SQLITE_BUSY') || Date.now() > deadline) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50 + Math.random() * 200);
    }
  }
}

/** SQLite's page cache per connection, in KiB. */
export const SQLITE_CACHE_KB = 65_536;
/** The size SQLite's write-ahead log is cut back to once its pages are in the database (bytes). */
export const SQLITE_WAL_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * `fold_case(text)`: the contract's case folding (matchesSearch: Unicode lowercase), which SQLite's own lower() and
 * LIKE apply to ASCII letters only; short searches of other text match through it (list-query.ts).
 */
export function registerSqliteFunctions(sqlite: SqliteDatabase.Database): void {
  sqlite.function('fold_case', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value));
}

/** A Kysely instance for the configured database: SQLite under DATA_DIR (WAL, foreign keys on) or a pg Pool. */
export function createDb(database: Config['database']): Db {
  if (database.kind === 'sqlite') {
    mkdirSync(path.dirname(database.file), { recursive: true });
    const sqlite = new SqliteDatabase(database.file, { timeout: SQLITE_BUSY_TIMEOUT_MS });
    whenNotBusy(() => sqlite.pragma('journal_mode = WAL'));
    sqlite.pragma('foreign_keys = ON');
    // 64 MB of pages kept in the process (SQLite's default is 2 MB): a store's list indexes and the pages a bulk write
    // touches stay at hand instead of being read from the file again for each row.
    sqlite.pragma(`cache_size = -${SQLITE_CACHE_KB}`);
    sqlite.pragma('temp_store = memory');
    // The log of one large transaction (an import of 50,000 rows: hundreds of MB) is checkpointed as any other, but
    // SQLite keeps the file at its largest size unless told to cut it back: it would hold that disk space for good.
    sqlite.pragma(`journal_size_limit = ${SQLITE_WAL_LIMIT_BYTES}`);
    registerSqliteFunctions(sqlite);
    return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  }
  const pool = new pg.Pool({
    connectionString: database.url,
    max: 10,
    // An unreachable database answers 503 quickly instead of holding requests (http/errors.ts, db/availability.ts).
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    statement_timeout: PG_STATEMENT_TIMEOUT_MS,
    query_timeout: PG_QUERY_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // A client losing its connection must not crash the process: idle ones report through the pool, checked-out ones
  // through their own 'error' event (the running query rejects as well, and the pool drops the broken client on
  // release). The next query opens a new connection, so the server recovers without a restart.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

/** True when the database answers a trivial query. */
export async function isDbReady(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/** Whether an error is a unique-constraint violation on either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Whether an error is a foreign-key violation on either dialect: a row written names one deleted meanwhile. */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
