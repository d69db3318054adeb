import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Config } from '../config';
import { createDb, type Db } from '../db';
import { appliedLevel, migrateDownTo, tableExists, migrateTo, migrateUpFrom } from '../db/migrate';
import { migrations } from '../db/migrations';
import { rebuildStats } from '../db/migrations/0006_catalogue_at_scale';
import { rebuildCategoryStock } from '../db/migrations/0008_list_counters';
import { openingMovements } from '../db/migrations/0007_stock';
import { rebuildCustomerIndexes } from '../db/migrations/0022_customers';
import { rebuildProductFigures } from '../db/migrations/0026_product_archive';
import { rebuildSupplierIndexes } from '../db/migrations/0030_suppliers';
import { rebuildReportFigures } from '../db/migrations/0035_report_figures';
import { isUploadName, uploadStoreFor } from '../uploads/store';
import { type AnyRow, type UntypedDb } from './backup';
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupEnd, type BackupHeader, TABLES } from './format';

export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefused';
  }
}

export interface RestoreSummary {
  rows: Record<string, number>;
  uploads: number;
  source: string;
  createdAt: string;
}

/** The lines of a gzipped JSON Lines file, parsed; read errors and bad gzip reject the iteration. */
async function* readLines(file: string): AsyncGenerator<unknown> {
  const source = createReadStream(file);
  const gunzip = createGunzip();
  source.on('error', (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  let pending = '';
  let number = 0;
  const parse = (line: string) => {
    number += 1;
    try {
      return JSON.parse(line) as unknown;
    } catch {
      throw new RestoreRefused(`${file} is not an Inventory backup (line ${number} is not JSON)`);
    }
  };
  try {
    for await (const chunk of gunzip) {
      pending += (chunk as Buffer).toString('utf8');
      let newline = pending.indexOf('\n');
      while (newline >= 0) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        if (line !== '') yield parse(line);
        newline = pending.indexOf('\n');
      }
    }
  } catch (error) {
    if (error instanceof RestoreRefused) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new RestoreRefused(`No backup file at ${file}`);
    if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR')
      throw new RestoreRefused(
        `${file} is not an Inventory backup, or it is damaged (gzip: ${(error as Error).message})`,
      );
    throw error;
  } finally {
    source.destroy();
  }
  if (pending.trim() !== '') yield parse(pending);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function checkHeader(line: unknown, file: string): BackupHeader {
  if (!isObject(line) || line.format !== BACKUP_FORMAT) throw new RestoreRefused(`${file} is not an Inventory backup`);
  const header = line as unknown as BackupHeader;
  if (typeof header.version !== 'number' || header.version > BACKUP_VERSION) {
    throw new RestoreRefused(
      `${file} is a version ${String(header.version)} backup; this server reads version ${BACKUP_VERSION} or older: upgrade first`,
    );
  }
  const known = new Set(Object.keys(migrations));
  const newer = (header.migrations ?? []).filter((name) => !known.has(name));
  if (newer.length > 0) {
    throw new RestoreRefused(
      `${file} was made by a newer version of Inventory (migrations ${newer.join(', ')} are unknown here): upgrade first`,
    );
  }
  return header;
}

/** The backup's last migration when it is older than this server's latest; undefined when it is the latest. */
function olderLevel(header: BackupHeader): string | undefined {
  const level = [...(header.migrations ?? [])].sort().at(-1);
  const latest = Object.keys(migrations).sort().at(-1);
  return level !== undefined && level !== latest ? level : undefined;
}

/** The first line of a backup, checked. */
async function readHeader(file: string): Promise<BackupHeader> {
  for await (const line of readLines(file)) return checkHeader(line, file);
  throw new RestoreRefused(`${file} is empty`);
}

async function undoMigrationsAfter(trx: Transaction<unknown>, level: string, file: string): Promise<void> {
  try {
    await migrateDownTo(trx, level);
  } catch (error) {
    throw new RestoreRefused(
      `${file} was made by an older version (its last migration is ${level}) and the target has been migrated further, past a migration that cannot be undone (${error instanceof Error ? error.message : String(error)}). Restore it into a new data folder or an empty database no server has started on.`,
    );
  }
}

/** Refuse a target that already holds data: restore never merges into or overwrites a live data set. */
async function checkEmpty(db: Db, config: Config): Promise<void> {
  for (const table of TABLES) {
    // A table a newer migration makes is missing from a database migrated only as far as an older backup's.
    if (!(await tableExists(db, table))) continue;
    const { n } = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(n) > 0) {
      const where =
        config.database.kind === 'postgres' ? 'the database at DATABASE_URL' : `the data folder ${config.dataDir}`;
      throw new RestoreRefused(
        `Refusing to restore: ${where} is not empty (${table} has ${Number(n)} row${Number(n) === 1 ? '' : 's'}). Restore into an empty data folder or database.`,
      );
    }
  }
}

const BATCH = 100;

/**
 * Restore a backup file into the configured database (DATA_DIR / DATABASE_URL), which must be empty: migrations
 * run first, then every row and every upload's bytes go in, in one transaction on PostgreSQL (rows and bytes) and on
 * SQLite (rows; upload files are written beside it and removed again if anything fails). A truncated or damaged file
 * changes nothing.
 */
export async function restore(config: Config, input: string, options: { db?: Db } = {}): Promise<RestoreSummary> {
  const file = path.resolve(input);
  const db = options.db ?? createDb(config.database);
  const postgres = config.database.kind === 'postgres';
  const store = uploadStoreFor(config, db);
  /** Upload files written on SQLite, removed if the restore fails. */
  const written: string[] = [];
  try {
    const level = olderLevel(await readHeader(file));
    const applied = await appliedLevel(db);
    // A database no migration has touched goes only as far as the backup's; one already further is undone in the
    // restore's transaction below, where its migrations allow.
    await migrateTo(db, level !== undefined && (applied === undefined || applied <= level) ? level : undefined);
    await checkEmpty(db, config);
    const beyond = level !== undefined && (await appliedLevel(db))! > level;

    const summary = await db.transaction().execute(async (trx) => {
      const untyped = trx as unknown as UntypedDb;
      const rows: Record<string, number> = {};
      let uploads = 0;
      let header: BackupHeader | undefined;
      let end: BackupEnd | undefined;
      let batch = null as { table: string; rows: AnyRow[] } | null;
      const flush = async () => {
        if (batch && batch.rows.length > 0) await untyped.insertInto(batch.table).values(batch.rows).execute();
        batch = null;
      };

      for await (const line of readLines(file)) {
        if (!header) {
          header = checkHeader(line, file);
          if (beyond) await undoMigrationsAfter(trx as unknown as Transaction<unknown>, level, file);
          continue;
        }
        if (end) throw new RestoreRefused(`${file} has data after its end marker: it is damaged`);
        if (!isObject(line)) throw new RestoreRefused(`${file} has a line that is not an object: it is damaged`);
        if (typeof line.table === 'string' && isObject(line.row)) {
          if (!(TABLES as readonly string[]).includes(line.table))
            throw new RestoreRefused(`${file} has rows of an unknown table ${line.table}`);
          if (batch?.table !== line.table || batch.rows.length >= BATCH) await flush();
          batch ??= { table: line.table, rows: [] };
          batch.rows.push(line.row);
          rows[line.table] = (rows[line.table] ?? 0) + 1;
        } else if (typeof line.upload === 'string' && typeof line.data === 'string') {
          await flush();
          if (!isUploadName(line.upload))
            throw new RestoreRefused(
              `${file} names an upload ${JSON.stringify(line.upload)} that is not an upload name`,
            );
          const bytes = Buffer.from(line.data, 'base64');
          if (postgres) {
            const result = await untyped
              .updateTable('uploads')
              .set({ data: bytes })
              .where('name', '=', line.upload)
              .executeTakeFirst();
            if (Number(result.numUpdatedRows) !== 1)
              throw new RestoreRefused(`${file} has bytes for ${line.upload} but no row for it: it is damaged`);
          } else {
            const row = await untyped
              .selectFrom('uploads')
              .select('name')
              .where('name', '=', line.upload)
              .executeTakeFirst();
            if (!row) throw new RestoreRefused(`${file} has bytes for ${line.upload} but no row for it: it is damaged`);
            written.push(line.upload);
            await store.put(line.upload, bytes, '');
          }
          uploads += 1;
        } else if (line.end === true) {
          await flush();
          end = line as unknown as BackupEnd;
        } else {
          throw new RestoreRefused(
            `${file} has a line this version does not understand: it is damaged or from a newer version`,
          );
        }
      }

      if (!header) throw new RestoreRefused(`${file} is empty`);
      if (!end)
        throw new RestoreRefused(`${file} is incomplete (no end marker): it was cut short; nothing was restored`);
      for (const table of TABLES) {
        if ((end.rows[table] ?? 0) !== (rows[table] ?? 0)) {
          throw new RestoreRefused(
            `${file} is damaged: ${table} should have ${end.rows[table] ?? 0} rows, it has ${rows[table] ?? 0}; nothing was restored`,
          );
        }
      }
      if (end.uploads !== uploads)
        throw new RestoreRefused(
          `${file} is damaged: ${end.uploads} uploads expected, ${uploads} found; nothing was restored`,
        );
      // The migrations the backup's database had not run yet upgrade its rows, as they upgraded live databases.
      if (level) await migrateUpFrom(trx as unknown as Transaction<unknown>, level);
      await rebuildStats(trx as unknown as Kysely<unknown>);
      await rebuildCategoryStock(trx as unknown as Kysely<unknown>);
      // Those count every product; the figures count active ones only, archived ones apart (0026).
      await rebuildProductFigures(trx as unknown as Kysely<unknown>);
      await rebuildCustomerIndexes(trx as unknown as Kysely<unknown>);
      await rebuildSupplierIndexes(trx as unknown as Kysely<unknown>);
      await openingMovements(trx as unknown as Kysely<unknown>);
      // After the opening movements: the stock value per day is summed from the ledger.
      await rebuildReportFigures(trx as unknown as Kysely<unknown>);
      // Rows came with their ids: the ledger's id sequence continues after the highest one.
      if (postgres)
        await sql`select setval(pg_get_serial_sequence('stock_movements', 'id'), coalesce((select max(id) from stock_movements), 0) + 1, false)`.execute(
          trx,
        );
      return { rows, uploads, source: header.source, createdAt: header.createdAt };
    });
    return summary;
  } catch (error) {
    const dir = path.join(config.dataDir, 'uploads');
    await Promise.all(written.map((name) => rm(path.join(dir, name), { force: true })));
    throw error;
  } finally {
    if (!options.db) await db.destroy();
  }
}
