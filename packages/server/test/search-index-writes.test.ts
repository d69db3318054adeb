import type { Order, Page, Product } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, register, startApp } from './support/app';
import { multipart, PRODUCT_FIELDS } from './support/catalogue';
import { databases, type TestDatabase } from './support/databases';
import { call } from './support/team';

const sqlite = databases.filter((kind) => kind.name === 'sqlite');

/**
 * SQLite's trigram index (FTS5) is kept by triggers. A stock change must not rewrite a row's search entry (migration
 * 0012): FTS5 writes a new segment to its `_data` table for each transaction that changes it, so the table's row
 * count shows whether a write touched the index.
 */
describe.each(sqlite)('the search index on $name, as rows change', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let headers: Record<string, string>;

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database);
    headers = cookieHeader((await register(app)).token);
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const segments = async (table: 'products' | 'orders') =>
    Number(
      (await sql<{ n: number }>`select count(*) as n from ${sql.table(`${table}_search_data`)}`.execute(app.db))
        .rows[0]!.n,
    );
  const newProduct = async (name: string, quantity: number) => {
    const body = await multipart({ ...PRODUCT_FIELDS, name, quantity: String(quantity) });
    const response = await app.inject({
      method: 'POST',
      url: '/api/products',
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Product>();
  };
  const editProduct = async (product: Product, fields: Record<string, string>) => {
    const body = await multipart({
      ...PRODUCT_FIELDS,
      name: product.name,
      quantity: String(product.quantity),
      ...fields,
    });
    const response = await app.inject({
      method: 'PATCH',
      url: `/api/products/${product._id}`,
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Product>();
  };
  const found = async (table: 'products' | 'orders', text: string) => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/${table}?limit=50&q=${encodeURIComponent(text)}`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page<Product | Order>>().items.map((row) => row._id);
  };

  it("a product's stock and price change without rewriting its search entry; a new name rewrites it", async () => {
    const product = await newProduct('Quokka docking station', 9);
    const before = await segments('products');

    const restocked = await editProduct(product, { quantity: '30', price: '150.00' });
    const ordered = await call(app, 'POST', '/api/orders', headers, {
      name: product.name,
      category: product.category,
      price: 150,
      quantity: 2,
      productId: product._id,
    });
    expect(ordered.statusCode, ordered.body).toBe(201);
    expect(await segments('products')).toBe(before);
    expect(await found('products', 'quokka dock')).toEqual([product._id]);

    await editProduct(restocked, { name: 'Wombat docking station', quantity: '28' });
    expect(await segments('products')).toBeGreaterThan(before);
    expect(await found('products', 'wombat')).toEqual([product._id]);
    expect(await found('products', 'quokka')).toEqual([]);
  });

  it("an order's new name rewrites its search entry; a change of its status does not", async () => {
    const fields = { name: 'Platypus cable', category: 'Cables', price: 5, quantity: 1 };
    const placed = await call(app, 'POST', '/api/orders', headers, fields);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<Order>();
    const placedSegments = await segments('orders');

    const renamed = await call(app, 'PATCH', `/api/orders/${order._id}`, headers, { ...fields, name: 'Echidna cable' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const renamedSegments = await segments('orders');
    expect(renamedSegments).toBeGreaterThan(placedSegments);
    expect(await found('orders', 'echidna')).toEqual([order._id]);
    expect(await found('orders', 'platypus')).toEqual([]);

    const fulfilled = await call(app, 'PATCH', `/api/orders/${order._id}`, headers, {
      ...fields,
      name: 'Echidna cable',
      status: 'fulfilled',
    });
    expect(fulfilled.statusCode, fulfilled.body).toBe(200);
    expect(await segments('orders')).toBe(renamedSegments);
    expect(await found('orders', 'echidna')).toEqual([order._id]);
  });
});
