import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

/**
 * Migration 0038 (PostgreSQL only): the trigram indexes (pg_trgm's GIN indexes of the searched columns of products,
 * orders, customers and suppliers) keep at most 256 kB of rows not yet merged, instead of the server's 4 MB default
 * (docs/decisions/0056-trigram-pending-lists-and-search-budget.md). A GIN index takes new rows into a pending list that every search
 * reads whole until a vacuum or an overflow merges it: after a million customers were added, each of their four
 * indexes held 220–400 pages of it, every search read all of them (a third of a search's time), and the planner,
 * pricing those pages, counted a search's matches by scanning the table instead (0.9 s for one). A trigram index
 * made by a later migration is made `with (gin_pending_list_limit = 256)`.
 */
const TRIGRAM_PENDING_LIST_KB = 256;

export const trigramPendingLists: Migration = {
  async up(db: Kysely<unknown>) {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    await alterTrigramIndexes(db, `gin_pending_list_limit = ${TRIGRAM_PENDING_LIST_KB}`);
  },
  async down(db: Kysely<unknown>) {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    await alterTrigramIndexes(db, null);
  },
};

/** Every GIN index of pg_trgm in this schema (none where the database has no pg_trgm: search then scans). */
async function alterTrigramIndexes(db: Kysely<unknown>, setting: string | null) {
  const indexes = await sql<{ name: string }>`
    select i.relname as name from pg_index x
      join pg_class i on i.oid = x.indexrelid
      join pg_am am on am.oid = i.relam
      join pg_opclass oc on oc.oid = x.indclass[0]
    where am.amname = 'gin' and oc.opcname = 'gin_trgm_ops' and i.relnamespace = current_schema()::regnamespace`.execute(db);
  for (const { name } of indexes.rows) {
    await sql`alter index ${sql.id(name)} ${setting ? sql.raw(`set (${setting})`) : sql.raw('reset (gin_pending_list_limit)')}`.execute(db);
    // What the old limit let pile up is merged now, not left for the first searches to read.
    await sql`select gin_clean_pending_list(${name}::regclass)`.execute(db);
  }
}
