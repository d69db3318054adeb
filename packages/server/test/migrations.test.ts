import { randomBytes } from 'node:crypto';
import type { Order, Product, StoreListItem } from '@inventory/contract';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createDb, type Db, isUniqueViolation } from '../src/db';
import { migrateToLatest } from '../src/db/migrate';
import { migrations } from '../src/db/migrations';
import { sha256Hex } from '../src/crypto';
import { cookieHeader, startApp } from './support/app';
import { databases, type TestDatabase } from './support/databases';
import { migrateBefore } from './support/migrated';

describe('migrations', () => {
  // Kysely records each applied migration by its key and runs pending ones in key order: a renamed key would run
  // again on every existing database, so the names are pinned here and only ever appended to.
  it('keep the names existing databases recorded, in order', () => {
    expect(Object.keys(migrations)).toEqual([
      '0001_users_sessions_resets',
      '0002_products_orders_uploads_contact',
      '0003_rate_limits',
      '0004_catalogue_versions',
      '0005_stores',
      '0006_catalogue_at_scale',
      '0007_stock',
      '0008_list_counters',
      '0009_stock_in_category',
      '0010_sku_lookup',
      '0011_sku_lookup_c_collation',
      '0012_search_index_on_text_change',
      '0013_stock_alerts_by_product',
      '0014_tokens_die_with_membership',
      '0015_order_numbers_and_correction_reasons',
      '0016_sku_match_key',
      '0017_unique_sku',
      '0018_barcode_and_mpn',
      '0022_customers',
      '0023_mail_outbox',
      '0024_product_cost',
      '0026_product_archive',
      '0028_store_documents_and_tax_rates',
      '0029_categories',
      '0030_suppliers',
      '0031_sales_order_lines',
      '0032_purchase_orders',
      '0033_invoices',
      '0034_invoice_order_lines',
      '0035_report_figures',
      '0036_receivables_index',
      '0037_product_figures_per_statement',
      '0038_trigram_pending_lists',
      '0039_order_and_customer_figures_per_statement',
    ]);
  });
});


/** A database as the version before stores left it: migrated up to 0004 only. */
const migrateBeforeStores = (db: Db) => migrateBefore(db, '0005');

const at = '2025-01-01T10:00:00.000Z';
const user = (id: string, name: string) => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  password_hash: 'x',
  phone: '',
  bio: '',
  photo: '',
  created_at: at,
  updated_at: at,
});
const item = (id: string, userId: string, name: string, quantity: number) => ({
  id,
  user_id: userId,
  name,
  sku: `LAP-${id.slice(-4)}`,
  category: 'Laptops',
  price_cents: 129_999,
  quantity,
  version: 1,
  created_at: at,
  updated_at: at,
});

const ADA = '00000000-0000-4000-8000-00000000000a';
const BOB = '00000000-0000-4000-8000-00000000000b';
const productId = (n: number) => `10000000-0000-4000-8000-00000000000${n}`;
const orderId = (n: number) => `20000000-0000-4000-8000-00000000000${n}`;

describe.each(databases)('migration 0005 (stores) on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await kind.create({ empty: true });
    db = createDb(loadConfig({ LOG_LEVEL: 'silent', ...database.env }).database);
    await migrateBeforeStores(db);
    // Untyped: these are the tables as 0004 made them, without the columns 0005 adds.
    const old = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await old.insertInto('users').values([user(ADA, 'Ada'), user(BOB, 'Bob')]).execute();
    await old.insertInto('products').values([item(productId(1), ADA, 'Ada laptop', 4), item(productId(2), ADA, 'Ada dock', 0), item(productId(3), BOB, 'Bob mouse', 9)]).execute();
    await old.insertInto('orders').values([item(orderId(1), ADA, 'Ada order', 1), item(orderId(2), BOB, 'Bob order', 2)]).execute();
    await old
      .insertInto('uploads')
      .values([
        { name: 'a.png', user_id: ADA, kind: 'product', content_type: 'image/png', size: 1, created_at: at },
        { name: 'b.png', user_id: BOB, kind: 'photo', content_type: 'image/png', size: 1, created_at: at },
      ])
      .execute();
    await old
      .insertInto('sessions')
      .values({ id_hash: sha256Hex('ada-session'), user_id: ADA, created_at: at, expires_at: '2999-01-01T00:00:00.000Z', last_seen_at: new Date().toISOString() })
      .execute();
    await migrateToLatest(db);
  });

  afterAll(async () => {
    await db?.destroy();
    await database?.cleanup();
  });

  it('gives every existing user a store of their own, as its owner', async () => {
    const memberships = await db.selectFrom('memberships').select(['store_id', 'user_id', 'role']).orderBy('user_id').execute();
    expect(memberships).toEqual([
      { store_id: ADA, user_id: ADA, role: 'owner' },
      { store_id: BOB, user_id: BOB, role: 'owner' },
    ]);
    const stores = await db.selectFrom('stores').select(['id', 'name']).orderBy('id').execute();
    expect(stores).toEqual([
      { id: ADA, name: "Ada's store" },
      { id: BOB, name: "Bob's store" },
    ]);
  });

  it('puts exactly each user’s products, orders and product images in their store; nothing is lost or moved', async () => {
    const products = await db.selectFrom('products').select(['id', 'user_id', 'store_id', 'quantity']).orderBy('id').execute();
    expect(products).toEqual([
      { id: productId(1), user_id: ADA, store_id: ADA, quantity: 4 },
      { id: productId(2), user_id: ADA, store_id: ADA, quantity: 0 },
      { id: productId(3), user_id: BOB, store_id: BOB, quantity: 9 },
    ]);
    const orders = await db.selectFrom('orders').select(['id', 'store_id']).orderBy('id').execute();
    expect(orders).toEqual([
      { id: orderId(1), store_id: ADA },
      { id: orderId(2), store_id: BOB },
    ]);
    const uploads = await db.selectFrom('uploads').select(['name', 'store_id']).orderBy('name').execute();
    // A product image belongs to the store; a profile photo stays its user's alone.
    expect(uploads).toEqual([
      { name: 'a.png', store_id: ADA },
      { name: 'b.png', store_id: null },
    ]);
    const versions = await db.selectFrom('store_versions').select('store_id').orderBy('store_id').execute();
    expect(versions.map((row) => row.store_id)).toEqual([ADA, BOB]);
  });

  it('keeps an existing session signed in, answering its own store with the same data', async () => {
    const app = await startApp(database, {}, { db });
    try {
      const headers = cookieHeader('ada-session');
      const stores = (await app.inject({ method: 'GET', url: '/api/stores', headers })).json<StoreListItem[]>();
      expect(stores).toEqual([{ _id: ADA, name: "Ada's store", role: 'owner', active: true }]);
      const products = (await app.inject({ method: 'GET', url: '/api/products', headers })).json<Product[]>();
      expect(products.map((p) => p.name).sort()).toEqual(['Ada dock', 'Ada laptop']);
      const orders = (await app.inject({ method: 'GET', url: '/api/orders', headers })).json<Order[]>();
      expect(orders.map((o) => o.name)).toEqual(['Ada order']);
      const bobs = await app.inject({ method: 'GET', url: `/api/products/${productId(3)}`, headers });
      expect(bobs.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('migrating on PostgreSQL while other schemas come and go', () => {
  it('retries when the listing of tables meets a schema dropped meanwhile, and finishes', async () => {
    const database = await databases.find((kind) => kind.name === 'postgres')!.create({ empty: true });
    const db = createDb(loadConfig(database.env).database);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    let churning = true;
    // What parallel test files (or another application's deploys) do: schemas with tables made and dropped.
    const churn = (async () => {
      for (let i = 0; churning; i += 1) {
        const schema = `churn_${randomBytes(6).toString('hex')}`;
        await admin.query(`create schema ${schema}; create table ${schema}.t (id serial primary key, a text)`);
        await admin.query(`drop schema ${schema} cascade`);
      }
    })();
    try {
      // Each run lists every schema's tables first; about one listing in five met a dropped schema and failed.
      for (let i = 0; i < 15; i += 1) await migrateToLatest(db);
      // (Not through Kysely's listing of tables, which meets the dropped schemas too.)
      expect(await db.selectFrom('products').select('id').execute()).toEqual([]);
    } finally {
      churning = false;
      await churn;
      await admin.end();
      await db.destroy();
      await database.cleanup();
    }
  }, 60_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('migration 0011 (SKU lookup in the C collation) on PostgreSQL', () => {
  let database: TestDatabase;
  let db: Db;
  const index = async () =>
    (
      await sql<{ indexdef: string; oid: number }>`select i.indexdef, c.oid::integer as oid from pg_indexes i
        join pg_class c on c.relname = i.indexname and c.relnamespace = to_regnamespace(i.schemaname)
        where i.schemaname = current_schema() and i.indexname = 'products_store_sku_lookup_idx'`.execute(db)
    ).rows[0];
  /** Migrated up to 0010 only. */
  const migrateTo0010 = () => migrateBefore(db, '0011');
  beforeEach(async () => {
    database = await databases.find((kind) => kind.name === 'postgres')!.create({ empty: true });
    db = createDb(loadConfig(database.env).database);
  });
  afterEach(async () => {
    await db.destroy();
    await database.cleanup();
  });

  it("makes the index again, in the C collation, where 0010's first form made it plain", async () => {
    await migrateTo0010();
    await sql`drop index products_store_sku_lookup_idx`.execute(db);
    await sql`create index products_store_sku_lookup_idx on products (store_id, sku)`.execute(db);
    await migrateToLatest(db);
    expect((await index())?.indexdef).toContain('COLLATE "C"');
  });

  it('leaves the C-collation index of 0010 as it is', async () => {
    await migrateTo0010();
    const before = await index();
    expect(before?.indexdef).toContain('COLLATE "C"');
    await migrateToLatest(db);
    expect(await index()).toEqual(before);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('migration 0038 (trigram pending lists) on PostgreSQL', () => {
  it('limits every trigram index to 256 kB of unmerged rows and merges what had piled up', async () => {
    const database = await databases.find((kind) => kind.name === 'postgres')!.create({ empty: true });
    const db = createDb(loadConfig(database.env).database);
    try {
      await migrateBefore(db, '0038');
      // Rows a GIN index took into its pending list under the old limit (a vacuum would have merged them).
      await sql`alter table customers set (autovacuum_enabled = false)`.execute(db);
      await sql`insert into users (id, name, email, password_hash, phone, bio, photo, created_at, updated_at)
        values (${ADA}, 'Ada', 'ada@example.com', 'x', '', '', '', ${at}, ${at})`.execute(db);
      await sql`insert into stores (id, name, created_at, updated_at) values (${ADA}, 'Ada', ${at}, ${at})`.execute(db);
      await sql`insert into customers (id, store_id, name, email, user_id, created_at, updated_at)
        select '30000000-0000-4000-8000-' || lpad(n::text, 12, '0'), ${ADA}, 'Buyer ' || n, 'buyer' || n || '@example.com', ${ADA}, ${at}, ${at}
        from generate_series(1, 200) as n`.execute(db);
      const indexes = async () =>
        (
          await sql<{ name: string; options: string[] | null }>`
            select c.relname as name, c.reloptions as options from pg_class c join pg_am am on am.oid = c.relam
            where am.amname = 'gin' and c.relname like '%\\_trgm\\_idx' and c.relnamespace = current_schema()::regnamespace
            order by c.relname`.execute(db)
        ).rows;
      expect((await indexes()).every((index) => index.options === null)).toBe(true);
      await migrateToLatest(db);
      const after = await indexes();
      expect(after.map((index) => index.name)).toEqual(
        expect.arrayContaining(['customers_email_trgm_idx', 'products_name_trgm_idx', 'suppliers_name_trgm_idx', 'orders_sku_trgm_idx']),
      );
      expect(after.every((index) => index.options?.includes('gin_pending_list_limit=256'))).toBe(true);
      // The rows merged out of the pending list are still found through the index.
      const found = await db.connection().execute(async (connection) => {
        await sql`set enable_seqscan = off`.execute(connection);
        return sql<{ n: number }>`select count(*)::integer as n from customers where email ilike '%buyer1%'`.execute(connection);
      });
      expect(found.rows[0]?.n).toBe(111);
    } finally {
      await db.destroy();
      await database.cleanup();
    }
  }, 60_000);
});

describe.each(databases)('migration 0015 (order numbers, correction reasons) on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;
  const STORE_A = '30000000-0000-4000-8000-00000000000a';
  const STORE_B = '30000000-0000-4000-8000-00000000000b';
  const order = (n: number, storeId: string, createdAt: string) => ({
    ...item(`20000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`, ADA, `Order ${n}`, 1),
    store_id: storeId,
    created_at: createdAt,
  });

  beforeAll(async () => {
    database = await kind.create({ empty: true });
    db = createDb(loadConfig({ LOG_LEVEL: 'silent', ...database.env }).database);
    await migrateBefore(db, '0015');
    const old = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await old.insertInto('users').values(user(ADA, 'Ada')).execute();
    await old.insertInto('stores').values([STORE_A, STORE_B].map((id) => ({ id, name: id, created_at: at, updated_at: at }))).execute();
    // Out of creation order on purpose, two at one time (then by id), and two stores.
    await old
      .insertInto('orders')
      .values([
        order(3, STORE_A, '2025-01-03T00:00:00.000Z'),
        order(1, STORE_A, '2025-01-01T00:00:00.000Z'),
        order(2, STORE_A, '2025-01-01T00:00:00.000Z'),
        order(4, STORE_B, '2025-01-02T00:00:00.000Z'),
      ])
      .execute();
    await old.insertInto('products').values({ ...item(productId(1), ADA, 'Laptop', 4), store_id: STORE_A }).execute();
    await old
      .insertInto('stock_movements')
      .values(['correction', 'order_placed'].map((reason) => ({ store_id: STORE_A, product_id: productId(1), change: 1, quantity_after: 4, reason, user_id: ADA, token_id: null, order_id: null, created_at: at })))
      .execute();
    await migrateToLatest(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.cleanup();
  });

  it('numbers existing orders per store in the order they were created, and each store goes on after its last', async () => {
    const rows = await db.selectFrom('orders').select(['name', 'store_id', 'number']).orderBy('store_id').orderBy('number').execute();
    expect(rows.map((row) => [row.name, row.store_id, Number(row.number)])).toEqual([
      ['Order 1', STORE_A, 1],
      ['Order 2', STORE_A, 2],
      ['Order 3', STORE_A, 3],
      ['Order 4', STORE_B, 1],
    ]);
    const sequences = await db.selectFrom('store_sequences').selectAll().orderBy('store_id').execute();
    expect(sequences.map((row) => [row.store_id, row.kind, Number(row.last_value)])).toEqual([
      [STORE_A, 'sales_order', 3],
      [STORE_B, 'sales_order', 1],
    ]);
  });

  it("gives corrections made before reasons the reason 'other', and nothing to other movements", async () => {
    const rows = await db.selectFrom('stock_movements').select(['reason', 'correction_reason', 'note']).orderBy('id').execute();
    expect(rows).toEqual([
      { reason: 'correction', correction_reason: 'other', note: null },
      { reason: 'order_placed', correction_reason: null, note: null },
    ]);
  });
});

describe.each(databases)('migration 0017 (unique SKUs) on $name', (kind) => {
  let database: TestDatabase;
  let db: Db;
  const STORE_B = '00000000-0000-4000-8000-0000000000bb';
  const product = (n: number, store: string, sku: string, created: string) => ({
    id: productId(n),
    user_id: ADA,
    store_id: store,
    created_by_token: null,
    updated_by: null,
    updated_by_token: null,
    name: `Product ${n}`,
    sku,
    category: 'Laptops',
    price_cents: 100,
    quantity: 0,
    version: 1,
    created_at: created,
    updated_at: created,
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
    await migrateBefore(db, '0017');
    await db.insertInto('users').values(user(ADA, 'Ada')).execute();
    await db.insertInto('stores').values([
      { id: ADA, name: "Ada's store", created_at: at, updated_at: at },
      { id: STORE_B, name: 'Other store', created_at: at, updated_at: at },
    ]).execute();
    // Clashes as older versions could leave them: one SKU twice, a case variant, a suffix already taken; another
    // store's same SKU is no clash.
    await db.insertInto('products').values([
      product(1, ADA, 'LAP-1', '2025-01-01T10:00:00.000Z'),
      product(2, ADA, 'LAP-1', '2025-01-01T09:00:00.000Z'),
      product(3, ADA, 'lap-1', '2025-01-01T11:00:00.000Z'),
      product(4, ADA, 'LAP-1-2', '2025-01-01T12:00:00.000Z'),
      product(5, STORE_B, 'LAP-1', '2025-01-01T13:00:00.000Z'),
      product(6, ADA, 'MON-1', '2025-01-01T13:00:00.000Z'),
    ]).execute();
    await migrateToLatest(db);
  });

  afterAll(async () => {
    await db?.destroy();
    await database?.cleanup();
  });

  it("keeps the oldest product's SKU of each clash and suffixes the others with the first free -N; nothing is deleted", async () => {
    const rows = await db.selectFrom('products').select(['id', 'sku', 'version']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: productId(1), sku: 'LAP-1-3', version: 2 },
      { id: productId(2), sku: 'LAP-1', version: 1 },
      { id: productId(3), sku: 'lap-1-4', version: 2 },
      { id: productId(4), sku: 'LAP-1-2', version: 1 },
      { id: productId(5), sku: 'LAP-1', version: 1 },
      { id: productId(6), sku: 'MON-1', version: 1 },
    ]);
  });

  it('then refuses a SKU its store has in any case, and takes it in another store', async () => {
    const insert = (n: number, store: string, sku: string) => db.insertInto('products').values(product(n, store, sku, at)).execute();
    await expect(insert(7, ADA, 'mon-1')).rejects.toSatisfy(isUniqueViolation);
    await expect(insert(8, STORE_B, 'MON-1')).resolves.toBeDefined();
  });
});
