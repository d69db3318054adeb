import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Kysely, Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createDb, type Db } from '../src/db';
import { migrateToLatest, tableExists } from '../src/db/migrate';
import { migrations } from '../src/db/migrations';
import { findStockMismatches } from '../src/ops/check-stock';
import { TABLES } from '../src/ops/format';
import { restore } from '../src/ops/restore';
import { databases, type TestDatabase } from './support/databases';

/**
 * A backup written by the version before order numbers and unique SKUs (its database at migration 0014): its orders
 * have no number and its store may hold one SKU twice. Restoring it must give what migrating that database would
 * have given, whatever the target: a new data folder or database, or one a server has already migrated.
 */
const LEVEL = '0014_tokens_die_with_membership';
const at = (hour: number) => `2025-01-01T${String(hour).padStart(2, '0')}:00:00.000Z`;
const ADA = '00000000-0000-4000-8000-00000000000a';
const STORE = '30000000-0000-4000-8000-00000000000a';
const productId = (n: number) => `10000000-0000-4000-8000-00000000000${n}`;
const orderId = (n: number) => `20000000-0000-4000-8000-00000000000${n}`;
const configOf = (database: TestDatabase) => loadConfig({ LOG_LEVEL: 'silent', ...database.env });

const product = (n: number, sku: string, quantity: number) => ({
  id: productId(n),
  user_id: ADA,
  store_id: STORE,
  name: `Product ${n}`,
  sku,
  category: 'Laptops',
  price_cents: 100,
  quantity,
  version: 1,
  created_at: at(n),
  updated_at: at(n),
});
const order = (n: number, hour: number) => ({
  id: orderId(n),
  user_id: ADA,
  store_id: STORE,
  product_id: productId(1),
  name: 'Product 1',
  sku: 'LAP-1',
  category: 'Laptops',
  price_cents: 100,
  quantity: 1,
  version: 1,
  created_at: at(hour),
  updated_at: at(hour),
});

/** Every row of every table the old database has, written as that version's `npm run backup` wrote them. */
async function oldBackup(db: Db, file: string): Promise<void> {
  const lines: unknown[] = [
    {
      format: 'inventory-backup',
      version: 1,
      createdAt: at(20),
      source: 'sqlite',
      migrations: Object.keys(migrations).filter((name) => name <= LEVEL),
    },
  ];
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    if (!(await tableExists(db, table))) continue;
    const rows = await db.selectFrom(table).selectAll().execute();
    for (const row of rows) lines.push({ table, row });
    counts[table] = rows.length;
  }
  lines.push({ end: true, rows: counts, uploads: 0 });
  await writeFile(file, gzipSync(lines.map((line) => JSON.stringify(line)).join('\n')));
}

let sourceDatabase: TestDatabase;
let file: string;

beforeAll(async () => {
  sourceDatabase = await databases.find((kind) => kind.name === 'sqlite')!.create({ empty: true });
  const db = createDb(configOf(sourceDatabase).database);
  try {
    const migrator = new Migrator({
      db: db as unknown as Kysely<unknown>,
      provider: { getMigrations: () => Promise.resolve(migrations) },
    });
    expect((await migrator.migrateTo(LEVEL)).error).toBeUndefined();
    const old = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await old
      .insertInto('users')
      .values({
        id: ADA,
        name: 'Ada',
        email: 'ada@example.com',
        password_hash: 'x',
        phone: '',
        bio: '',
        photo: '',
        created_at: at(0),
        updated_at: at(0),
      })
      .execute();
    await old
      .insertInto('stores')
      .values({ id: STORE, name: "Ada's store", created_at: at(0), updated_at: at(0) })
      .execute();
    await old
      .insertInto('memberships')
      .values({ store_id: STORE, user_id: ADA, role: 'owner', joined_at: at(0) })
      .execute();
    // One SKU twice, in two cases: the older product keeps it.
    await old
      .insertInto('products')
      .values([product(1, 'LAP-1', 5), product(2, 'lap-1', 3)])
      .execute();
    // Created out of order: numbers follow creation time.
    await old
      .insertInto('orders')
      .values([order(1, 9), order(2, 7), order(3, 8)])
      .execute();
    await old
      .insertInto('stock_movements')
      .values([
        {
          store_id: STORE,
          product_id: productId(1),
          change: 4,
          quantity_after: 4,
          reason: 'opening',
          user_id: ADA,
          token_id: null,
          order_id: null,
          created_at: at(1),
        },
        {
          store_id: STORE,
          product_id: productId(1),
          change: 1,
          quantity_after: 5,
          reason: 'correction',
          user_id: ADA,
          token_id: null,
          order_id: null,
          created_at: at(3),
        },
        {
          store_id: STORE,
          product_id: productId(2),
          change: 3,
          quantity_after: 3,
          reason: 'opening',
          user_id: ADA,
          token_id: null,
          order_id: null,
          created_at: at(2),
        },
      ])
      .execute();
    file = path.join(sourceDatabase.dataDir, 'before-0015.jsonl.gz');
    await oldBackup(db, file);
  } finally {
    await db.destroy();
  }
});
afterAll(async () => sourceDatabase?.cleanup());

describe.each(
  databases.flatMap((kind) => [
    { kind, migrated: false },
    { kind, migrated: true },
  ]),
)(
  'a backup from before order numbers and unique SKUs, restored into $kind.name (target already migrated: $migrated)',
  ({ kind, migrated }) => {
    let target: TestDatabase;
    let db: Db;
    beforeAll(async () => {
      target = await kind.create({ empty: true });
      db = createDb(configOf(target).database);
      if (migrated) await migrateToLatest(db);
      await restore(configOf(target), file, { db });
    });
    afterAll(async () => {
      await db?.destroy();
      await target?.cleanup();
    });

    it('numbers the orders in the order they were created, and the store goes on after the last', async () => {
      const orders = await db.selectFrom('orders').select(['id', 'number']).orderBy('number').execute();
      expect(orders.map((row) => [row.id, Number(row.number)])).toEqual([
        [orderId(2), 1],
        [orderId(3), 2],
        [orderId(1), 3],
      ]);
      const sequence = await db
        .selectFrom('store_sequences')
        .select(['kind', 'last_value'])
        .where('store_id', '=', STORE)
        .execute();
      expect(sequence.map((row) => [row.kind, Number(row.last_value)])).toEqual([['sales_order', 3]]);
    });

    it("keeps the older product's SKU and suffixes the other, as the migration does", async () => {
      const products = await db.selectFrom('products').select(['id', 'sku', 'barcode', 'mpn']).orderBy('id').execute();
      expect(products).toEqual([
        { id: productId(1), sku: 'LAP-1', barcode: null, mpn: null },
        { id: productId(2), sku: 'lap-1-2', barcode: null, mpn: null },
      ]);
    });

    it("gives the old correction the reason 'other', and the ledger adds up", async () => {
      const reasons = await db
        .selectFrom('stock_movements')
        .select(['reason', 'correction_reason'])
        .orderBy('id')
        .execute();
      expect(reasons).toEqual([
        { reason: 'opening', correction_reason: null },
        { reason: 'correction', correction_reason: 'other' },
        { reason: 'opening', correction_reason: null },
      ]);
      expect(await findStockMismatches(db)).toEqual([]);
    });

    it('leaves the database at the latest migration, so a server starts on it without migrating', async () => {
      const names = (await db
        .selectFrom('kysely_migration' as never)
        .select('name' as never)
        .execute()) as { name: string }[];
      expect(names.map((row) => row.name).sort()).toEqual(Object.keys(migrations).sort());
    });
  },
);

describe.each(databases)('a backup from before stores, into a $name target a server has already migrated', (kind) => {
  it('is refused with what to do instead (the stores migration cannot be undone), and the target stays empty', async () => {
    const target = await kind.create({ empty: true });
    const db = createDb(configOf(target).database);
    try {
      await migrateToLatest(db);
      const old = path.join(target.dataDir, 'before-stores.jsonl.gz');
      const header = { format: 'inventory-backup', version: 1, createdAt: at(20), source: 'sqlite', migrations: Object.keys(migrations).filter((name) => name < '0005') };
      const lines = [header, { end: true, rows: {}, uploads: 0 }];
      await writeFile(old, gzipSync(lines.map((line) => JSON.stringify(line)).join('\n')));
      await expect(restore(configOf(target), old, { db })).rejects.toThrow(/older version .*0004_catalogue_versions.*cannot be undone.*new data folder or an empty database/);
      for (const table of TABLES) expect(await db.selectFrom(table).selectAll().execute()).toEqual([]);
      expect(await db.selectFrom('kysely_migration' as never).selectAll().execute()).toHaveLength(Object.keys(migrations).length);
    } finally {
      await db.destroy();
      await target.cleanup();
    }
  });
});
