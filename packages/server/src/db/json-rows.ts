import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { Database } from './types';

/*
 * Batch statements take their rows as one JSON parameter that the database reads as a table (PostgreSQL
 * jsonb_array_elements, SQLite json_each; `->>` is the same on both): one parameter instead of one per cell, so a
 * statement costs little to build and to bind, and its text is the same for every chunk. PostgreSQL reads it as
 * jsonb, parsed once: `->>` on json parses the row's text again for every cell it takes (4% of the database's time in
 * a re-import of 50,000 rows). On SQLite this is also faster than multi-row VALUES (2.5 against 3.0 s for 50,000
 * products) and keeps memory down: each VALUES statement of a thousand rows left a compiled program in native memory
 * until the garbage collector finalized it, and 50 of them took the server's RSS from 170 to 420 MB.
 */

/**
 * Rows per batch statement on SQLite. A statement that changes many rows inside a transaction keeps the original of
 * every page it changes (its statement journal, in memory with `temp_store = memory`) until it ends: 5,000 updates
 * spread over a store of a million products changed pages of some twenty indexes each and took the server's RSS up
 * by 185 MB; 500 take it up by 40 MB, in a little less time. PostgreSQL writes each batch (at most the import's
 * thousand rows) in one statement.
 */
const SQLITE_ROWS_PER_STATEMENT = 500;
const POSTGRES_ROWS_PER_STATEMENT = 1000;

/** How a JSON cell is read: as text, or cast to an integer. */
export type CellType = 'text' | 'integer';

/** Cell i of the JSON row `j.value`, read as `type`. */
export const jsonCell = (i: number, type: CellType = 'text') =>
  sql.raw(type === 'integer' ? `cast(j.value ->> ${i} as integer)` : `(j.value ->> ${i})`);

/** A value shared by every row of a statement, as text. */
export const textValue = (value: string | null) => sql`cast(${value} as text)`;

export function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** `rows` as a table `j` whose row is `j.value` (cells read with jsonCell). */
export function jsonRows(db: Kysely<Database>, rows: readonly unknown[][]): RawBuilder<unknown> {
  return isPostgres(db)
    ? sql`jsonb_array_elements(cast(${JSON.stringify(rows)} as jsonb)) as j(value)`
    : sql`json_each(${JSON.stringify(rows)}) as j`;
}

/** `items` in the chunks one batch statement takes on this database. */
export function* statementChunks<T>(db: Kysely<Database>, items: readonly T[]): Generator<T[]> {
  const size = isPostgres(db) ? POSTGRES_ROWS_PER_STATEMENT : SQLITE_ROWS_PER_STATEMENT;
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

/**
 * `column in ids`, with the ids as ONE parameter whatever their number: a text array on PostgreSQL (`= any`, which
 * the planner reads as a list; an `in (select … from jsonb_array_elements(…))` was planned as a subplan parsing the
 * JSON again for every row it tested: 17 s for 10,000 ids), a JSON array read by json_each on SQLite.
 */
export function idIn(db: Kysely<Database>, column: string, ids: readonly string[]): RawBuilder<boolean> {
  return isPostgres(db)
    ? sql<boolean>`${sql.ref(column)} = any(cast(${[...ids]} as text[]))`
    : sql<boolean>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(ids)}))`;
}
