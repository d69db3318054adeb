import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from './types';
import { isPostgres } from './json-rows';

/**
 * A column as a filter SQLite must not plan by: `+column` keeps the check but not the index. For a store's term beside
 * a far narrower one (a product id, a customer): without statistics SQLite's planner takes the store's index, which
 * covers every row of a big store. PostgreSQL plans by its statistics and has no unary plus on text.
 */
export function notAnIndexTerm(db: Kysely<Database>, column: string): RawBuilder<unknown> {
  return sql.raw(isPostgres(db) ? column : `+${column}`);
}
