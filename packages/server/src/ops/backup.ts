import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { type Kysely, sql } from 'kysely';
import type { Config } from '../config';
import { createDb, type Db } from '../db';
import { tableColumns } from '../db/table-columns';
import { uploadStoreFor } from '../uploads/store';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupEnd,
  type BackupHeader,
  type BackupLine,
  EXCLUDED_TABLES,
  TABLES,
} from './format';

/** Rows of any table, for code that copies tables it only knows by name. */
export type AnyRow = Record<string, unknown>;
export type UntypedDb = Kysely<Record<string, AnyRow>>;

export interface BackupSummary {
  file: string;
  rows: Record<string, number>;
  uploads: number;
  /** Uploads whose row exists but whose bytes were not found (already lost before the backup). */
  missing: string[];
  bytes: number;
}

/** Names of the migrations applied to `db`, in order. */
export async function appliedMigrations(db: Db): Promise<string[]> {
  const result = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return result.rows.map((row) => row.name);
}

/** Every table of the database must be either backed up or deliberately excluded (format.ts). */
async function checkTables(db: Db): Promise<Map<string, string[]>> {
  const columns = await tableColumns(db);
  const unknown = [...columns.keys()].filter(
    (name) => !(TABLES as readonly string[]).includes(name) && !EXCLUDED_TABLES.includes(name),
  );
  if (unknown.length > 0) {
    throw new Error(
      `Backup does not know what to do with table(s) ${unknown.join(', ')}: add them to TABLES or EXCLUDED_TABLES in src/ops/format.ts`,
    );
  }
  const missing = TABLES.filter((name) => !columns.has(name));
  if (missing.length > 0)
    throw new Error(`The database has no table ${missing.join(', ')}: is it an Inventory database (migrated)?`);
  return columns;
}

/**
 * Write the whole data set (every row of TABLES and the bytes of every upload) to `db`'s backup generator.
 * Reads in one transaction (a repeatable-read snapshot on PostgreSQL, a read transaction on SQLite), so a backup taken
 * while the server runs is consistent.
 */
async function* backupLines(config: Config, db: Db, summary: BackupSummary): AsyncGenerator<string> {
  const postgres = config.database.kind === 'postgres';
  const lines: string[] = [];
  // The snapshot is read inside the transaction, then streamed out; upload bytes are read after it, one at a time.
  let uploadNames: string[] = [];
  const begin = postgres ? db.transaction().setIsolationLevel('repeatable read') : db.transaction();
  await begin.execute(async (trx) => {
    const columns = await checkTables(trx);
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      source: config.database.kind,
      migrations: await appliedMigrations(trx),
    };
    lines.push(JSON.stringify(header satisfies BackupLine));
    const untyped = trx as unknown as UntypedDb;
    for (const table of TABLES) {
      // The bytes are never part of a row (on PostgreSQL they sit in uploads.data).
      const names = (columns.get(table) ?? []).filter((column) => !(table === 'uploads' && column === 'data'));
      const rows = await untyped
        .selectFrom(table)
        .select(names)
        .orderBy(names[0] ?? 'id')
        .execute();
      summary.rows[table] = rows.length;
      for (const row of rows) lines.push(JSON.stringify({ table, row } satisfies BackupLine));
      if (table === 'uploads') uploadNames = rows.map((row) => String(row.name));
    }
  });
  yield* lines.map((line) => `${line}\n`);
  lines.length = 0;

  const store = uploadStoreFor(config, db);
  for (const name of uploadNames) {
    const stored = await store.get(name);
    if (!stored) {
      summary.missing.push(name);
      continue;
    }
    summary.uploads += 1;
    summary.bytes += stored.bytes.length;
    yield `${JSON.stringify({ upload: name, data: stored.bytes.toString('base64') } satisfies BackupLine)}\n`;
  }
  const end: BackupEnd = { end: true, rows: summary.rows, uploads: summary.uploads };
  yield `${JSON.stringify(end satisfies BackupLine)}\n`;
}

/**
 * Back up the configured database (DATA_DIR / DATABASE_URL) and its uploads into one gzipped file at `out`.
 * The file appears under its name only when complete (written as `<out>.partial`, then renamed).
 */
export async function backup(config: Config, out: string, options: { db?: Db } = {}): Promise<BackupSummary> {
  const file = path.resolve(out);
  const db = options.db ?? createDb(config.database);
  const summary: BackupSummary = { file, rows: {}, uploads: 0, missing: [], bytes: 0 };
  const partial = `${file}.partial`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await pipeline(
      Readable.from(backupLines(config, db, summary)),
      createGzip(),
      createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
    );
    await rename(partial, file);
    return summary;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    if (!options.db) await db.destroy();
  }
}
