import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from './types';
import { isPostgres } from './json-rows';

/** The code columns whose lowered value some index holds (migrations 0006, 0016, 0017, 0018, 0022). */
type KeyedColumn = 'sku' | 'name' | 'mpn' | 'email';

/**
 * A column lowered in ASCII only, as the contract's match keys (`skuMatchKey`, `nameMatchKey`, `emailMatchKey`) and
 * SQLite's `lower()` fold it: on PostgreSQL in the "C" collation, whose `lower()` leaves other letters alone. The
 * expression is the one the indexes were built on, so a lookup by it uses them (and keeps off the trigram indexes).
 */
export function asciiLower(db: Kysely<Database>, column: KeyedColumn): RawBuilder<string> {
  // Spelled as the indexes spell it (a closed set of names, so raw is safe).
  return sql<string>`lower(${sql.raw(isPostgres(db) ? `${column} collate "C"` : column)})`;
}
