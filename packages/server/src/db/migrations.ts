import { type Kysely, type Migration, type MigrationProvider, Migrator, PostgresAdapter, sql } from 'kysely';
import { catalogueVersionsMigration } from '../features/catalogue/migration';
import { rateLimitsMigration } from '../features/rate-limit/migration';
import type { Db } from './index';

/**
 * Migrations in code, one set for SQLite and PostgreSQL. Numbered and append-only: never edit one that has shipped;
 * add the next number.
 * Only portable column types are used (text, integer), timestamps are ISO strings.
 */
// Migrations run before the typed schema exists, so they take an untyped Kysely on purpose.
type AnyDb = Kysely<unknown>;

export const migrations: Record<string, Migration> = {
  '0001_users_sessions_resets': {
    async up(db: AnyDb) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('email', 'text', (col) => col.notNull().unique())
        .addColumn('password_hash', 'text', (col) => col.notNull())
        .addColumn('phone', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('bio', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('photo', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id_hash', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addColumn('last_seen_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('password_resets')
        .addColumn('token_hash', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('expires_at', 'text', (col) => col.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('password_resets_user_id_idx').on('password_resets').column('user_id').execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('password_resets').execute();
      await db.schema.dropTable('sessions').execute();
      await db.schema.dropTable('users').execute();
    },
  },
  '0002_products_orders_uploads_contact': {
    async up(db: AnyDb) {
      const postgres = isPostgres(db);

      await db.schema
        .createTable('products')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('sku', 'text', (col) => col.notNull())
        .addColumn('category', 'text', (col) => col.notNull())
        .addColumn('price_cents', 'integer', (col) => col.notNull())
        .addColumn('quantity', 'integer', (col) => col.notNull())
        .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
        .addColumn('image_name', 'text')
        .addColumn('image_file_name', 'text')
        .addColumn('image_type', 'text')
        .addColumn('image_size', 'integer')
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('products_user_created_idx').on('products').columns(['user_id', 'created_at']).execute();

      await db.schema
        .createTable('orders')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('sku', 'text', (col) => col.notNull())
        .addColumn('category', 'text', (col) => col.notNull())
        .addColumn('price_cents', 'integer', (col) => col.notNull())
        .addColumn('quantity', 'integer', (col) => col.notNull())
        .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('updated_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('orders_user_created_idx').on('orders').columns(['user_id', 'created_at']).execute();

      // Metadata of every stored upload. On PostgreSQL the bytes live here too (`data`), so every server process
      // reaches them; on SQLite they are files under DATA_DIR/uploads.
      let uploads = db.schema
        .createTable('uploads')
        .addColumn('name', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        // 'photo' (profile photo, POST /api/uploads) or 'product' (a product's image): one never stands in for the other.
        .addColumn('kind', 'text', (col) => col.notNull())
        .addColumn('content_type', 'text', (col) => col.notNull())
        .addColumn('size', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull());
      if (postgres) uploads = uploads.addColumn('data', sql`bytea`);
      await uploads.execute();
      await db.schema.createIndex('uploads_user_id_idx').on('uploads').column('user_id').execute();

      await db.schema
        .createTable('contact_messages')
        .addColumn('id', 'text', (col) => col.primaryKey())
        .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
        .addColumn('subject', 'text', (col) => col.notNull())
        .addColumn('message', 'text', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .execute();
      await db.schema.createIndex('contact_messages_user_id_idx').on('contact_messages').column('user_id').execute();
    },
    async down(db: AnyDb) {
      await db.schema.dropTable('contact_messages').execute();
      await db.schema.dropTable('uploads').execute();
      await db.schema.dropTable('orders').execute();
      await db.schema.dropTable('products').execute();
    },
  },
  '0003_rate_limits': rateLimitsMigration,
  '0004_catalogue_versions': catalogueVersionsMigration,
};

function isPostgres(db: Pick<AnyDb, 'getExecutor'>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const provider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};

/** An error SQLite gives when another process holds the write lock (SQLITE_BUSY, SQLITE_BUSY_SNAPSHOT, ...). */
function isSqliteBusy(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
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
    await sql`rollback`.execute(db);
    throw error;
  }
  await sql.raw(outcome.error ? 'rollback' : 'commit').execute(db);
  return outcome;
}

/** A short random pause, longer after each lost race (at most ~0.5 s). */
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100 * Math.min(attempt + 1, 5)));

/**
 * Apply every pending migration; throws with the failing migration's name.
 *
 * Safe when several processes start at once (WORKERS, or several servers on one database). On PostgreSQL Kysely's
 * migrator takes a transaction-scoped advisory lock (`pg_advisory_xact_lock`) and runs the pending migrations in that
 * transaction: one process migrates, the others wait and then find nothing pending. On SQLite Kysely neither locks nor
 * uses a transaction (its adapter reports no transactional DDL), so the whole run happens inside our own
 * `BEGIN IMMEDIATE`: better-sqlite3 is one connection per process, so the migrator's statements join it; a second
 * process waits for the write lock and then reads the committed state. Waiting longer than the busy timeout gives
 * SQLITE_BUSY, and the attempt is retried after a short random pause.
 */
export async function migrateToLatest(db: Db): Promise<void> {
  // The migrator keeps its own bookkeeping tables, outside the typed schema. On PostgreSQL they are pinned to the
  // connection's current schema: unpinned, Kysely looks for them in every schema and, when another schema of the
  // database already has them, skips creating its own and fails.
  const migrationTableSchema = await currentSchema(db);
  const sqlite = migrationTableSchema === undefined;
  const migrator = new Migrator({ db: db as unknown as AnyDb, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  for (let attempt = 0; ; attempt += 1) {
    let outcome: Awaited<ReturnType<Migrator['migrateToLatest']>>;
    try {
      outcome = sqlite ? await exclusively(db, () => migrator.migrateToLatest()) : await migrator.migrateToLatest();
    } catch (error) {
      if (isSqliteBusy(error) && attempt < BUSY_RETRIES) {
        await pause(attempt);
        continue;
      }
      throw error;
    }
    const { error, results } = outcome;
    if (!error) return;
    if (isSqliteBusy(error) && attempt < BUSY_RETRIES) {
      await pause(attempt);
      continue;
    }
    const failed = results?.find((result) => result.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
