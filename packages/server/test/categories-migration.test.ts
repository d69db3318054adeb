import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createDb, type Db } from '../src/db';
import { migrateToLatest } from '../src/db/migrate';
import { migrations } from '../src/db/migrations';
import { databases, type TestDatabase } from './support/databases';
import { migrateBefore } from './support/migrated';

const at = '2025-01-01T10:00:00.000Z';
const ADA = '00000000-0000-4000-8000-00000000000a';
const OTHER = '00000000-0000-4000-8000-0000000000bb';
const productId = (n: number) => `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * Migration 0029 (docs/decisions/0032-categories.md) on a database as 0028 left it: one category row per store and
 * key; where a store spelled a category several ways, the spelling most of its products have wins and the others take
 * it with a new version (their stamps untouched); the figures follow.
 */
describe.each(databases)('migration 0029 (categories) on $name', (kind) => {
  let database: TestDatabase;
  let db: Db;
  const product = (n: number, store: string, category: string, quantity = 1) => ({
    id: productId(n),
    user_id: ADA,
    store_id: store,
    created_by_token: null,
    updated_by: null,
    updated_by_token: null,
    name: `Product ${n}`,
    sku: `SKU-${n}`,
    category,
    price_cents: 100,
    quantity,
    version: 1,
    created_at: at,
    updated_at: at,
    reorder_point: null,
    description: '',
    image_name: null,
    image_file_name: null,
    image_type: null,
    image_size: null,
  });

  beforeAll(async () => {
    database = await kind.create({ empty: true });
    db = createDb(loadConfig({ LOG_LEVEL: 'silent', ...database.env }).database);
    await migrateBefore(db, '0029');
    await db.insertInto('users').values({ id: ADA, name: 'Ada', email: 'ada@example.com', password_hash: 'x', phone: '', bio: '', photo: '', created_at: at, updated_at: at }).execute();
    await db.insertInto('stores').values([
      { id: ADA, name: "Ada's store", created_at: at, updated_at: at },
      { id: OTHER, name: 'Other store', created_at: at, updated_at: at },
    ]).execute();
    await db.insertInto('products').values([
      product(1, ADA, 'laptops', 0),
      product(2, ADA, 'Laptops'),
      product(3, ADA, 'Laptops'),
      product(4, ADA, 'LÁPTOPS'),
      product(5, ADA, 'Docks'),
      product(6, ADA, 'docks', 0),
      product(7, ADA, 'Cables'),
      product(8, OTHER, 'laptops'),
    ]).execute();
    await migrateToLatest(db);
  });

  afterAll(async () => {
    await db?.destroy();
    await database?.cleanup();
  });

  it('makes one category per store and key, in the spelling most products have (capitals first on a tie)', async () => {
    const rows = await db.selectFrom('categories').select(['store_id', 'name', 'key']).orderBy('store_id').orderBy('key').execute();
    expect(rows).toEqual([
      { store_id: ADA, name: 'Cables', key: 'cables' },
      { store_id: ADA, name: 'Docks', key: 'docks' },
      { store_id: ADA, name: 'Laptops', key: 'laptops' },
      { store_id: OTHER, name: 'laptops', key: 'laptops' },
    ]);
  });

  it('gives the other spellings the winner, each with a new version and the same stamps; the figures follow', async () => {
    const rows = await db.selectFrom('products').select(['id', 'category', 'version', 'updated_at', 'updated_by']).orderBy('id').execute();
    expect(rows.map((row) => [row.category, row.version])).toEqual([
      ['Laptops', 2],
      ['Laptops', 1],
      ['Laptops', 1],
      ['Laptops', 2],
      ['Docks', 1],
      ['Docks', 2],
      ['Cables', 1],
      ['laptops', 1],
    ]);
    for (const row of rows) expect([row.updated_at, row.updated_by]).toEqual([at, null]);
    const figures = await db.selectFrom('store_categories').select(['store_id', 'category', 'products', 'out_of_stock']).orderBy('store_id').orderBy('category').execute();
    expect(figures.map((row) => [row.store_id, row.category, Number(row.products), Number(row.out_of_stock)])).toEqual([
      [ADA, 'Cables', 1, 0],
      [ADA, 'Docks', 2, 1],
      [ADA, 'Laptops', 4, 1],
      [OTHER, 'laptops', 1, 0],
    ]);
  });

  it('is undone by its down (a backup from before it restores into a database past it)', async () => {
    const migration = migrations['0029_categories']!;
    await db.transaction().execute(async (trx) => {
      await migration.down!(trx as unknown as Kysely<unknown>);
      await expect(trx.selectFrom('categories').selectAll().execute()).rejects.toThrow();
      throw new Error('rolled back');
    }).catch((error: unknown) => {
      if (!(error instanceof Error) || error.message !== 'rolled back') throw error;
    });
    expect(await db.selectFrom('categories').select('id').execute()).toHaveLength(4);
  });
});
