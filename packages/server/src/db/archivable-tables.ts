import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * What migrations make for a store's records that are archived rather than deleted once other records name them
 * (customers 0022, suppliers 0030), so their lists work at any size the way products' do
 * (docs/decisions/0015-lists-at-scale.md): for each sort an index of the active and one of the archived records,
 * `(store_id, <sort key>, id)`, each partial on `archived_at`; a counter table of the store's active and archived
 * records kept by triggers in the writing transaction; and substring search of some text columns through a trigram
 * index (SQLite FTS5 keyed by rowid, kept by triggers and rewritten only when a searched column changes; PostgreSQL
 * pg_trgm GIN indexes).
 */
export interface ArchivableTable {
  /** The records' table (`customers`). */
  table: string;
  /** Its counter table (`customer_counts`); also the prefix of its triggers' names. */
  counts: string;
  /** The text columns a search looks in. */
  searched: readonly string[];
}

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** ASCII-only lowercasing on both databases (PostgreSQL's under the C collation), as the contract's asciiLower. */
export const lowerOf = (column: string, postgres: boolean) => (postgres ? `lower(${column} collate "C")` : `lower(${column})`);

/** For each sort (its name → the expression it orders by), an index of the active and one of the archived records. */
export async function createArchivableSortIndexes(db: Kysely<unknown>, table: string, sortKeys: Record<string, string>): Promise<void> {
  for (const [sort, key] of Object.entries(sortKeys)) {
    await sql`create index ${sql.raw(`${table}_active_${sort}_idx`)} on ${sql.table(table)} (store_id, ${sql.raw(key)}, id) where archived_at is null`.execute(db);
    await sql`create index ${sql.raw(`${table}_archived_${sort}_idx`)} on ${sql.table(table)} (store_id, ${sql.raw(key)}, id) where archived_at is not null`.execute(db);
  }
}

const active = (row: 'new' | 'old') => `(case when ${row}.archived_at is null then 1 else 0 end)`;
const archived = (row: 'new' | 'old') => `(case when ${row}.archived_at is null then 0 else 1 end)`;

/** The counter table, its triggers and the search index. */
export async function createArchiveCounts(db: Kysely<unknown>, { table, counts, searched }: ArchivableTable): Promise<void> {
  await db.schema
    .createTable(counts)
    .addColumn('store_id', 'text', (col) => col.primaryKey().references('stores.id').onDelete('cascade'))
    .addColumn('active', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('archived', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  if (isPostgres(db)) await postgresTriggers(db, { table, counts, searched });
  else await sqliteTriggers(db, { table, counts, searched });
}

/** Undoes createArchiveCounts. */
export async function dropArchiveCounts(db: Kysely<unknown>, { table, counts }: ArchivableTable): Promise<void> {
  if (isPostgres(db)) {
    await sql`drop trigger ${sql.raw(`${counts}_changed`)} on ${sql.table(table)}`.execute(db);
    await sql`drop function ${sql.raw(`${counts}_changed`)}()`.execute(db);
  } else {
    for (const trigger of [`${counts}_inserted`, `${counts}_deleted`, `${counts}_updated`, `${table}_search_text_updated`])
      await sql`drop trigger ${sql.raw(trigger)}`.execute(db);
    await sql`drop table ${sql.raw(`${table}_search`)}`.execute(db);
  }
  await db.schema.dropTable(counts).execute();
}

async function sqliteTriggers(db: Kysely<unknown>, { table, counts, searched }: ArchivableTable): Promise<void> {
  // Contentless: the text lives in the table only. Keyed by its rowid, which the server never changes (no VACUUM).
  const search = `${table}_search`;
  await sql.raw(`create virtual table ${search} using fts5(${searched.join(', ')}, content='', contentless_delete=1, tokenize='trigram')`).execute(db);
  const add = (row: 'new') => `
    insert into ${counts} (store_id, active, archived) values (${row}.store_id, ${active(row)}, ${archived(row)})
      on conflict (store_id) do update set active = active + ${active(row)}, archived = archived + ${archived(row)};`;
  const remove = (row: 'old') => `
    update ${counts} set active = active - ${active(row)}, archived = archived - ${archived(row)} where store_id = ${row}.store_id;`;
  const index = `insert into ${search} (rowid, ${searched.join(', ')}) values (new.rowid, ${searched.map((c) => `new.${c}`).join(', ')});`;
  const unindex = `delete from ${search} where rowid = old.rowid;`;
  await sql.raw(`create trigger ${counts}_inserted after insert on ${table} begin ${add('new')} ${index} end`).execute(db);
  await sql.raw(`create trigger ${counts}_deleted after delete on ${table} begin ${remove('old')} ${unindex} end`).execute(db);
  await sql.raw(`create trigger ${counts}_updated after update of store_id, archived_at on ${table} begin ${remove('old')} ${add('new')} end`).execute(db);
  const changed = searched.map((c) => `old.${c} is not new.${c}`).join(' or ');
  await sql.raw(`create trigger ${search}_text_updated after update of ${searched.join(', ')} on ${table} when ${changed} begin ${unindex} ${index} end`).execute(db);
}

async function postgresTriggers(db: Kysely<unknown>, { table, counts, searched }: ArchivableTable): Promise<void> {
  // pg_trgm was made by 0006 where the database allows it; without it, search still works, by scanning.
  const savepoint = sql.raw(`${table}_trigram`);
  await sql`savepoint ${savepoint}`.execute(db);
  try {
    for (const column of searched)
      await sql`create index ${sql.raw(`${table}_${column}_trgm_idx`)} on ${sql.table(table)} using gin (${sql.raw(column)} public.gin_trgm_ops)`.execute(db);
    await sql`release savepoint ${savepoint}`.execute(db);
  } catch {
    await sql`rollback to savepoint ${savepoint}`.execute(db);
  }
  await sql
    .raw(`create or replace function ${counts}_changed() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') then
        update ${counts} set active = active - ${active('old')}, archived = archived - ${archived('old')} where store_id = old.store_id;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into ${counts} (store_id, active, archived) values (new.store_id, ${active('new')}, ${archived('new')})
          on conflict (store_id) do update set active = ${counts}.active + ${active('new')}, archived = ${counts}.archived + ${archived('new')};
      end if;
      return null;
    end $$`)
    .execute(db);
  await sql
    .raw(`create trigger ${counts}_changed after insert or delete or update of store_id, archived_at on ${table}
    for each row execute function ${counts}_changed()`)
    .execute(db);
}

/**
 * The counters and (on SQLite) the search index made again from the rows: after a restore, whose inserts run the
 * triggers anyway; this makes it independent of the order rows arrive in.
 */
export async function rebuildArchiveCounts(db: Kysely<unknown>, { table, counts, searched }: ArchivableTable): Promise<void> {
  await sql`delete from ${sql.table(counts)}`.execute(db);
  await sql`insert into ${sql.table(counts)} (store_id, active, archived)
    select store_id, sum(case when archived_at is null then 1 else 0 end), sum(case when archived_at is null then 0 else 1 end)
    from ${sql.table(table)} group by store_id`.execute(db);
  if (isPostgres(db)) return;
  const search = `${table}_search`;
  await sql.raw(`insert into ${search} (${search}) values ('delete-all')`).execute(db);
  await sql.raw(`insert into ${search} (rowid, ${searched.join(', ')}) select rowid, ${searched.join(', ')} from ${table}`).execute(db);
}
