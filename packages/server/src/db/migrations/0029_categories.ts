import { randomUUID } from 'node:crypto';
import { categoryKey, preferredSpelling } from '@inventory/contract';
import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Migration 0029: categories kept tidy (docs/decisions/0032-categories.md).
 *
 * - `categories`: a store's categories, each a spelling (`name`) and the contract's `categoryKey`, unique per store.
 *   Products keep their `category` text, which is always the spelling of one category row of their store: SPEC.md's
 *   answers stay as they are, and the lists' category indexes (0008, 0009) and figures (`store_categories`) keep
 *   serving the category filter and the counts.
 * - Filled from the products: one row per store and key. Where a store wrote one category several ways ("laptops" and
 *   "Laptops"), the spelling most of its products have wins (on a tie, the first in byte order, capitals first) and
 *   the other products take it, each with a new version (an ETag taken before no longer matches). Nobody made that
 *   change, so who last changed them and when stay as they were. The triggers of 0008 move the figures with them.
 */
export const categories: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('categories')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('store_id', 'text', (col) => col.notNull().references('stores.id').onDelete('cascade'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('key', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    await sql`create unique index categories_store_key_idx on categories (store_id, key)`.execute(db);
    await sql`create index categories_store_name_idx on categories (store_id, name)`.execute(db);
    await addMissingCategories(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('categories').execute();
  },
};

/** How many category rows one insert writes. */
const ROWS_PER_INSERT = 200;

/**
 * A category row for every store and key its products name that has none yet: the spelling most of those products
 * have, unless the store has the key already (then its spelling); the products of the other spellings take it, each
 * with a new version. The migration's fill, and what seeds that insert products directly call afterwards
 * (bench/bulk-seed.ts, server/test/support/bulk.ts).
 */
export async function addMissingCategories(db: Kysely<unknown>, at = new Date().toISOString()): Promise<void> {
  const { rows } = await sql<{ store_id: string; category: string; products: number | string }>`
    select store_id, category, count(*) as products from products where store_id is not null group by store_id, category`.execute(db);
  const { rows: existing } = await sql<{ store_id: string; name: string; key: string }>`select store_id, name, key from categories`.execute(db);
  const known = new Map(existing.map((row) => [`${row.store_id}\u0000${row.key}`, row.name]));
  const byKey = new Map<string, { storeId: string; spellings: { name: string; products: number }[] }>();
  for (const row of rows) {
    const id = `${row.store_id}\u0000${categoryKey(row.category)}`;
    const group = byKey.get(id) ?? { storeId: row.store_id, spellings: [] };
    group.spellings.push({ name: row.category, products: Number(row.products) });
    byKey.set(id, group);
  }
  const inserts: { id: string; store_id: string; name: string; key: string; created_at: string; updated_at: string }[] = [];
  for (const [id, { storeId, spellings }] of byKey) {
    let name = known.get(id);
    if (name === undefined) {
      name = preferredSpelling(spellings);
      inserts.push({ id: randomUUID(), store_id: storeId, name, key: categoryKey(name), created_at: at, updated_at: at });
    }
    for (const variant of spellings.filter((spelling) => spelling.name !== name))
      await sql`update products set category = ${name}, version = version + 1 where store_id = ${storeId} and category = ${variant.name}`.execute(db);
  }
  for (let start = 0; start < inserts.length; start += ROWS_PER_INSERT)
    await (db as Kysely<{ categories: (typeof inserts)[number] }>).insertInto('categories').values(inserts.slice(start, start + ROWS_PER_INSERT)).execute();
}
