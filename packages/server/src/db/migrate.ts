import { type Kysely, type MigrationProvider, Migrator, PostgresAdapter, sql, type Transaction } from 'kysely';
import type { Db } from './index';
import { migrations } from './migrations';

// The migrator runs before the typed schema exists, so it takes an untyped Kysely on purpose.
type AnyDb = Kysely<unknown>;

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

/** An error SQLite gives when another process holds the write lock (SQLITE_BUSY, SQLITE_BUSY_SNAPSHOT, ...). */
function isSqliteBusy(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/**
 * Kysely's migrator first lists every table and column of every schema, through functions that look each name up
 * again; a schema, table or column another connection drops meanwhile (another suite's schema going away, or an
 * older backup's restore undoing migrations in its own schema) makes that listing fail, naming it: 3F000, 42P01 or
 * 42703 before any migration has run. Nothing of ours is wrong then, and the next attempt passes. (Our own schema
 * missing is a real error and is not retried; an error inside a migration is reported with that migration's name.)
 */
function isListingRace(error: unknown, ours: string | undefined): boolean {
  if (ours === undefined || typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof message !== 'string') return false;
  if (code === '42703') return /column "[^"]+" of relation "[^"]+" does not exist/.test(message);
  const named =
    code === '3F000'
      ? /schema "([^"]+)" does not exist/.exec(message)?.[1]
      : code === '42P01'
        ? /relation "([^".]+)\.[^"]+" does not exist/.exec(message)?.[1]
        : undefined;
  return named !== undefined && named !== ours;
}

const BUSY_RETRIES = 40;

/** On PostgreSQL the schema the connection works in (search_path); undefined on SQLite. */
export async function currentSchema(db: Db): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}

/** Runs `run` inside one SQLite write transaction, committed only when the migrator reports no error. */
async function exclusively(
  db: Db,
  run: () => ReturnType<Migrator['migrateToLatest']>,
): ReturnType<Migrator['migrateToLatest']> {
  await sql`begin immediate`.execute(db);
  let outcome: Awaited<ReturnType<Migrator['migrateToLatest']>>;
  try {
    outcome = await run();
  } catch (error) {
    // SQLite may have rolled the transaction back itself (a busy or I/O error): the error to report, and to retry on,
    // is the one that stopped the run, not "no transaction is active".
    await sql`rollback`.execute(db).catch(() => undefined);
    throw error;
  }
  if (outcome.error) await sql`rollback`.execute(db).catch(() => undefined);
  else await sql`commit`.execute(db);
  return outcome;
}

/** A short random pause, longer after each lost race (at most ~0.5 s). */
const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100 * Math.min(attempt + 1, 5)));

/**
 * Apply every pending migration; throws with the failing migration's name.
 *
 * Safe when several processes start at once (WORKERS, or several servers on one database). On PostgreSQL Kysely's
 * migrator takes a transaction-scoped advisory lock (`pg_advisory_xact_lock`) and runs the pending migrations in that
 * transaction: one process migrates, the others wait and then find nothing pending. On SQLite Kysely neither locks nor
 * uses a transaction (its adapter reports no transactional DDL), so the whole run happens inside our own
 * `BEGIN IMMEDIATE`: better-sqlite3 is one connection per process, so the migrator's statements join it; a second
 * process waits for the write lock and then reads the committed state. Waiting longer than the busy timeout gives
 * SQLITE_BUSY, and the attempt is retried after a short random pause, as is a PostgreSQL attempt whose listing met
 * another schema changing (isListingRace).
 */
export async function migrateToLatest(db: Db): Promise<void> {
  await migrateTo(db);
}

/**
 * Apply pending migrations up to and including `target` (a migration's key; all of them when left out), as
 * migrateToLatest does. A restore of an older backup migrates an empty database only as far as the backup's own.
 */
export async function migrateTo(db: Db, target?: string): Promise<void> {
  // The migrator keeps its own bookkeeping tables, outside the typed schema. On PostgreSQL they are pinned to the
  // connection's current schema: unpinned, Kysely looks for them in every schema and, when another schema of the
  // database already has them, skips creating its own and fails.
  const migrationTableSchema = await currentSchema(db);
  const sqlite = migrationTableSchema === undefined;
  const migrator = new Migrator({
    db: db as unknown as AnyDb,
    provider,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  for (let attempt = 0; ; attempt += 1) {
    let outcome: Awaited<ReturnType<Migrator['migrateToLatest']>>;
    const retry = (error: unknown, inMigration = false) =>
      (isSqliteBusy(error) || (!inMigration && isListingRace(error, migrationTableSchema))) && attempt < BUSY_RETRIES;
    try {
      const run = () => (target === undefined ? migrator.migrateToLatest() : migrator.migrateTo(target));
      outcome = sqlite ? await exclusively(db, run) : await run();
    } catch (error) {
      if (retry(error)) {
        await pause(attempt);
        continue;
      }
      throw error;
    }
    const { error, results } = outcome;
    if (!error) return;
    if (retry(error, results?.some((result) => result.status === 'Error'))) {
      await pause(attempt);
      continue;
    }
    const failed = results?.find((result) => result.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

/** Migrations after `level` (a migration's key), oldest first. */
export function migrationsAfter(level: string): string[] {
  return Object.keys(migrations)
    .sort()
    .filter((name) => name > level);
}

/** Whether the database (on PostgreSQL, the connection's schema) has a table of that name. */
export async function tableExists(db: Db, name: string): Promise<boolean> {
  const query =
    (await currentSchema(db)) === undefined
      ? sql<{
          found: string | null;
        }>`select max(name) as found from sqlite_master where type = 'table' and name = ${name}`
      : sql<{ found: string | null }>`select to_regclass(${name})::text as found`;
  return Boolean((await query.execute(db)).rows[0]?.found);
}

/** The last migration a database has run; undefined for a database no migration has touched. */
export async function appliedLevel(db: Db): Promise<string | undefined> {
  if (!(await tableExists(db, 'kysely_migration'))) return undefined;
  const { rows } = await sql<{ name: string | null }>`select max(name) as name from kysely_migration`.execute(db);
  return rows[0]?.name ?? undefined;
}

/**
 * Inside a transaction on an empty database: undo every migration after `level`, newest first, so rows shaped as
 * they were at `level` (an older backup's) can be written. `migrateUpFrom` then redoes them, oldest first, and each
 * migration's own data step upgrades those rows as it upgraded live databases. The migrator's bookkeeping follows
 * both ways. Some migrations cannot be undone (their `down` throws): a restore then needs a database no server has
 * migrated yet, which is brought up to `level` only.
 */
export async function migrateDownTo(trx: Transaction<unknown>, level: string): Promise<void> {
  for (const name of migrationsAfter(level).reverse()) {
    const migration = migrations[name];
    if (!migration?.down) throw new Error(`Migration ${name} cannot be undone`);
    await migration.down(trx);
    await sql`delete from kysely_migration where name = ${name}`.execute(trx);
  }
}

export async function migrateUpFrom(trx: Transaction<unknown>, level: string): Promise<void> {
  for (const name of migrationsAfter(level)) {
    await migrations[name]?.up(trx);
    await sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(
      trx,
    );
  }
}
