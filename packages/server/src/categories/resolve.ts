import { randomUUID } from 'node:crypto';
import { categoryKey, type KnownCategory, resolveCategory } from '@inventory/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db';
import { isPostgres } from '../db/json-rows';

/**
 * The category a product write names, in the writing transaction (docs/decisions/0032-categories.md): the store's
 * category of the same key in its stored spelling, else a new category in the written one (the contract's
 * resolveCategory). Every path that writes a product's category goes through here: the product form and API, the import.
 *
 * PostgreSQL, the lock order (0023, extended): first the products table in ROW EXCLUSIVE mode (what any write of a
 * product takes anyway; an import holds a stronger one already), then the category rows (`for share`, so products are
 * written in a category while a rename or merge, which take it `for update`, waits, and the other way round), then the
 * products, then the counters. Taking the table's lock first means a rename or merge never waits for an import while
 * holding a category the import needs, nor a create while holding a new category row the import would make too.
 */
export async function resolveCategories(trx: Kysely<Database>, storeId: string, written: readonly string[], at: Date): Promise<Map<string, string>> {
  const postgres = isPostgres(trx);
  if (postgres) await sql`lock table products in row exclusive mode`.execute(trx);
  const wanted = new Map<string, string>();
  for (const text of written) {
    const key = categoryKey(text);
    if (!wanted.has(key)) wanted.set(key, text);
  }
  if (wanted.size === 0) return new Map();
  const read = async () => {
    let query = trx.selectFrom('categories').select(['name', 'key']).where('store_id', '=', storeId).where('key', 'in', [...wanted.keys()]);
    if (postgres) query = query.forShare();
    return new Map((await query.execute()).map((row) => [row.key, row]));
  };
  let found: Map<string, KnownCategory> = await read();
  for (let attempt = 1; ; attempt += 1) {
    const missing = [...wanted].filter(([key]) => !found.has(key));
    if (missing.length === 0) break;
    // A category made by another writer and merged away before this one could read it: made again, at most twice.
    if (attempt > MAKE_ATTEMPTS) throw new Error(`categories ${missing.map(([key]) => key).join(', ')} could not be made`);
    const stamp = at.toISOString();
    const rows = missing.map(([, text]) => {
      const category = resolveCategory(text, () => undefined);
      return { id: randomUUID(), store_id: storeId, name: category.name, key: category.key, created_at: stamp, updated_at: stamp };
    });
    // Another writer may make the same category meanwhile (its insert waits for this one, or this for it): then the
    // row is theirs, read again below, and its spelling wins.
    await trx.insertInto('categories').values(rows).onConflict((conflict) => conflict.columns(['store_id', 'key']).doNothing()).execute();
    found = await read();
  }
  const names = new Map<string, string>();
  for (const text of written) {
    const category = resolveCategory(text, (key) => found.get(key));
    names.set(text, category.name);
  }
  return names;
}

/** How often the categories a write names are made again when they went between being made and being read. */
const MAKE_ATTEMPTS = 3;

/** One written category's stored spelling (resolveCategories for one). */
export async function resolveCategoryName(trx: Kysely<Database>, storeId: string, written: string, at: Date): Promise<string> {
  return (await resolveCategories(trx, storeId, [written], at)).get(written)!;
}

/** The store's categories of these keys (no lock): what a dry run of an import reports against. */
export async function categoriesByKey(db: Kysely<Database>, storeId: string, keys: readonly string[]): Promise<KnownCategory[]> {
  if (keys.length === 0) return [];
  return db.selectFrom('categories').select(['name', 'key']).where('store_id', '=', storeId).where('key', 'in', [...keys]).execute();
}
