import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Product } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuildStats } from '../../src/db/migrations/0006_catalogue_at_scale';
import { rebuildCategoryStock } from '../../src/db/migrations/0008_list_counters';
import { writeTransaction } from '../../src/db/write-transaction';
import { removeStoreContents } from '../../src/stores/remove-store';
import { cookieHeader, register, startApp } from '../support/app';
import { storeAndUser } from '../support/bulk';
import { multipart, PRODUCT_FIELDS, pngImage, uploadName } from '../support/catalogue';
import { databases, type TestDatabase } from '../support/databases';
import { apiToken, call, invite, memoryMailer } from '../support/team';

/** Every table that holds a store's rows, and the column naming the store. */
const STORE_TABLES = [
  'products',
  'orders',
  'stock_movements',
  'stock_alerts',
  'uploads',
  'memberships',
  'invitations',
  'api_tokens',
  'idempotency_keys',
  'mail_outbox',
  'store_stats',
  'store_categories',
  'store_versions',
  'customers',
  'customer_counts',
  'store_settings',
  'tax_rates',
  'categories',
  'suppliers',
  'supplier_counts',
  'product_suppliers',
  'purchase_orders',
  'purchase_order_lines',
  'receipts',
  'receipt_lines',
] as const;

/** How many rows of each table belong to the store, and whether the store row is there. */
async function countRows(app: FastifyInstance, storeId: string): Promise<Record<(typeof STORE_TABLES)[number] | 'stores', number>> {
  const counts: Partial<Record<(typeof STORE_TABLES)[number], number>> = {};
  for (const table of STORE_TABLES) {
    const row = await app.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where('store_id', '=', storeId)
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  const store = await app.db.selectFrom('stores').select('id').where('id', '=', storeId).executeTakeFirst();
  return { ...(counts as Record<(typeof STORE_TABLES)[number], number>), stores: store ? 1 : 0 };
}

/** Three categories of one SKU prefix (a SKU starts with its category's first three letters). */
const CATEGORIES = ['Docks', 'Docking stations', 'Doc cameras'];

describe.each(databases)('deleting a store on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const mailer = memoryMailer();

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database, {}, { mailer });
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const rowsOf = (storeId: string) => countRows(app, storeId);
  const figuresOf = async (storeId: string) => ({
    stats: await app.db.selectFrom('store_stats').selectAll().where('store_id', '=', storeId).execute(),
    categories: await app.db
      .selectFrom('store_categories')
      .selectAll()
      .where('store_id', '=', storeId)
      .orderBy('category')
      .execute(),
  });

  /** A store with something in every table: products with images, orders of them, movements, an alert, a pending invitation (and its mail), a token, an idempotency key. */
  const fillStore = async (headers: Record<string, string>, label: string) => {
    const products: Product[] = [];
    for (let i = 0; i < 7; i += 1) {
      const body = await multipart(
        { ...PRODUCT_FIELDS, name: `${label} dock ${i}`, sku: `DOC-${i + 1}`, category: CATEGORIES[i % 3]!, quantity: '10', reorderPoint: '8' },
        { fileName: 'dock.png', type: 'image/png', bytes: await pngImage() },
      );
      const response = await app.inject({ method: 'POST', url: '/api/products', payload: body.payload, headers: { ...body.headers, ...headers } });
      expect(response.statusCode, response.body).toBe(201);
      products.push(response.json<Product>());
    }
    // Customers, the first named by every order (the order's customer must go before them), one archived.
    const customerIds: string[] = [];
    for (const name of ['Grace', 'Alan', 'Edsger']) {
      const customer = await call(app, 'POST', '/api/customers', headers, { name: `${label} ${name}`, email: `${name.toLowerCase()}@example.com` });
      expect(customer.statusCode, customer.body).toBe(201);
      customerIds.push(customer.json<{ _id: string }>()._id);
    }
    for (const [i, product] of products.entries()) {
      const order = await call(app, 'POST', '/api/orders', { ...headers, 'idempotency-key': `${label}-order-${i}` }, {
        name: product.name,
        category: product.category,
        price: 10,
        quantity: 3,
        productId: product._id,
        customerId: customerIds[i % 2],
      });
      expect(order.statusCode, order.body).toBe(201);
    }
    expect((await call(app, 'DELETE', `/api/customers/${customerIds[1]}`, headers)).json()).toMatchObject({ outcome: 'archived' });
    // Its settings with a logo (an upload of the store), and tax rates with a default.
    const logo = await multipart({}, { field: 'file', fileName: 'logo.png', type: 'image/png', bytes: await pngImage() });
    const logoSet = await app.inject({ method: 'PUT', url: '/api/stores/active/settings/logo', payload: logo.payload, headers: { ...logo.headers, ...headers } });
    expect(logoSet.statusCode, logoSet.body).toBe(200);
    for (const [name, percent] of [['Standard', 23], ['Reduced', 8]] as const)
      expect((await call(app, 'POST', '/api/tax-rates', headers, { name, percent, isDefault: percent === 23 })).statusCode).toBe(201);
    // Suppliers of the products (the links must go before them), one archived.
    for (const name of ['Northwind', 'Contoso']) {
      const supplier = await call(app, 'POST', '/api/suppliers', headers, { name: `${label} ${name}` });
      expect(supplier.statusCode, supplier.body).toBe(201);
      const { _id: supplierId } = supplier.json<{ _id: string }>();
      for (const product of products.slice(0, 3)) expect((await call(app, 'POST', `/api/products/${product._id}/suppliers`, headers, { supplierId })).statusCode).toBe(201);
      if (name === 'Northwind') {
        // A purchase order of the supplier, sent and received in part (its lines and receipt must go before it).
        const order = await call(app, 'POST', '/api/purchase-orders', headers, { supplierId, lines: [{ productId: products[0]!._id, quantity: 5, unitCost: 2 }] });
        expect(order.statusCode, order.body).toBe(201);
        const { _id: orderId, lines } = order.json<{ _id: string; lines: { _id: string }[] }>();
        expect((await call(app, 'POST', `/api/purchase-orders/${orderId}/status`, headers, { status: 'ordered' })).statusCode).toBe(200);
        expect((await call(app, 'POST', `/api/purchase-orders/${orderId}/receipts`, headers, { lines: [{ lineId: lines[0]!._id, quantity: 2 }] })).statusCode).toBe(201);
      }
      if (name === 'Contoso') expect((await call(app, 'DELETE', `/api/suppliers/${supplierId}`, headers)).json()).toMatchObject({ outcome: 'archived' });
    }
    return products;
  };

  it("takes every row of the store, its images and its figures, and leaves another store's rows and figures as they were", async () => {
    const owner = await register(app, { name: 'Store Owner' });
    const headers = cookieHeader(owner.token);
    const doomed = await storeAndUser(app, owner.token);
    const products = await fillStore(headers, 'GONE');
    await invite(app, mailer, owner.token!, 'invited@example.com', 'staff');
    await apiToken(app, owner.token!, 'staff');

    // Another store of the same owner, and one of somebody else: both stay as they are.
    const created = await call(app, 'POST', '/api/stores', headers, { name: 'Second shop' });
    expect(created.statusCode, created.body).toBe(201);
    await fillStore(headers, 'KEPT');
    const kept = await storeAndUser(app, owner.token).then(async ({ userId }) => {
      const row = await app.db.selectFrom('memberships').select('store_id').where('user_id', '=', userId).where('store_id', '!=', doomed.storeId).executeTakeFirstOrThrow();
      return row.store_id;
    });
    const stranger = await register(app, { name: 'Stranger' });
    const strangers = (await storeAndUser(app, stranger.token)).storeId;
    await fillStore(cookieHeader(stranger.token), 'OTHER');

    const before = await rowsOf(doomed.storeId);
    for (const table of STORE_TABLES) expect(before[table], table).toBeGreaterThan(0);
    const keptBefore = { rows: await rowsOf(kept), figures: await figuresOf(kept) };
    const strangerBefore = { rows: await rowsOf(strangers), figures: await figuresOf(strangers) };
    const image = (product: Product) => app.inject({ method: 'GET', url: `/uploads/${uploadName((product.image as { filePath: string }).filePath)}`, headers });
    for (const product of products) expect((await image(product)).statusCode).toBe(200);

    expect((await call(app, 'PUT', '/api/stores/active', headers, { storeId: doomed.storeId })).statusCode).toBe(200);
    const removed = await call(app, 'DELETE', '/api/stores/active', headers);
    expect(removed.statusCode, removed.body).toBe(200);

    expect(Object.values(await rowsOf(doomed.storeId)).every((count) => count === 0), JSON.stringify(await rowsOf(doomed.storeId))).toBe(true);
    for (const product of products) expect((await image(product)).statusCode).toBe(404);
    if (kind.name === 'sqlite') {
      for (const product of products) expect(existsSync(path.join(database.dataDir, 'uploads', uploadName((product.image as { filePath: string }).filePath)))).toBe(false);
    }
    expect({ rows: await rowsOf(kept), figures: await figuresOf(kept) }).toEqual(keptBefore);
    expect({ rows: await rowsOf(strangers), figures: await figuresOf(strangers) }).toEqual(strangerBefore);
    // The figures the triggers kept are the ones the rows give (as a restore computes them).
    const keptFigures = await figuresOf(kept);
    await rebuildStats(app.db as never);
    await rebuildCategoryStock(app.db as never);
    expect(await figuresOf(kept)).toEqual(keptFigures);
    // The session moved to the remaining store.
    const active = await call(app, 'GET', '/api/stores/active', headers);
    expect(active.json<{ _id: string }>()._id).toBe(kept);
  });
});

/** PostgreSQL deletes a store's rows table by table, a bounded number a statement (stores/remove-store.ts). */
describe.each(databases.filter((kind) => kind.name === 'postgres'))('deleting a store on $name, a statement at a time', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const rowsOf = (storeId: string) => countRows(app, storeId);
  const fill = async (token: string | undefined, label: string) => {
    const headers = cookieHeader(token);
    for (let i = 0; i < 7; i += 1) {
      const body = await multipart({ ...PRODUCT_FIELDS, name: `${label} ${i}`, sku: `DOC-${i + 1}`, category: 'Docks', quantity: '10', reorderPoint: '8' });
      const product = await app.inject({ method: 'POST', url: '/api/products', payload: body.payload, headers: { ...body.headers, ...headers } });
      expect(product.statusCode, product.body).toBe(201);
      const order = await call(app, 'POST', '/api/orders', headers, { name: `${label} ${i}`, category: 'Docks', price: 10, quantity: 3, productId: product.json<Product>()._id });
      expect(order.statusCode, order.body).toBe(201);
    }
  };

  it('takes a store larger than one statement in several, leaving only the store row for the last', async () => {
    const owner = await register(app, { name: 'Batch Owner' });
    const { storeId } = await storeAndUser(app, owner.token);
    await fill(owner.token, 'Batch');
    const other = await register(app, { name: 'Batch Neighbour' });
    const neighbour = (await storeAndUser(app, other.token)).storeId;
    await fill(other.token, 'Near');
    const neighbourBefore = await rowsOf(neighbour);

    // Two rows a statement: seven products, seven orders and fourteen movements take several statements each, and
    // none of it is left to the foreign keys' cascades.
    await writeTransaction(app.db, (trx) => removeStoreContents(trx, storeId, 2));
    expect(await rowsOf(storeId)).toEqual({ ...Object.fromEntries(STORE_TABLES.map((table) => [table, 0])), stores: 1 });
    expect(await rowsOf(neighbour)).toEqual(neighbourBefore);
  });

  it('is all or nothing: a failure part-way leaves the store whole', async () => {
    const owner = await register(app, { name: 'Whole Owner' });
    const { storeId } = await storeAndUser(app, owner.token);
    await fill(owner.token, 'Whole');
    const before = await rowsOf(storeId);

    const failing = writeTransaction(app.db, async (trx) => {
      await removeStoreContents(trx, storeId, 2);
      throw new Error('the connection dropped');
    });
    await expect(failing).rejects.toThrow('the connection dropped');
    expect(await rowsOf(storeId)).toEqual(before);
  });
});
