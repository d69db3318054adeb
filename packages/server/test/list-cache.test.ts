import type { Order, Product } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListCache } from '../src/list-cache';
import { cookieHeader, register, startApp } from './support/app';
import { PRODUCT_FIELDS, sendForm } from './support/catalogue';
import { databases, type TestDatabase } from './support/databases';

const ORDER = { name: 'Dell Monitor', category: 'monitors', price: 249.5, quantity: 3 };

/**
 * GET /api/products and /api/orders answer from a per-process cache of the serialised list, checked on every
 * request against `catalogue_versions` (bumped by triggers in the writing transaction): two apps on one database
 * stand for two server processes.
 */
describe.each(databases)('cached product and order lists on $name', (kind) => {
  let database: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    database = await kind.create();
    a = await startApp(database);
    b = await startApp(database);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.cleanup();
  });

  const get = (app: FastifyInstance, url: string, token: string | undefined, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { ...cookieHeader(token), ...headers } });
  const products = async (app: FastifyInstance, token: string | undefined) => {
    const response = await get(app, '/api/products', token);
    expect(response.statusCode).toBe(200);
    return response.json<Product[]>();
  };
  const orders = async (app: FastifyInstance, token: string | undefined) => {
    const response = await get(app, '/api/orders', token);
    expect(response.statusCode).toBe(200);
    return response.json<Order[]>();
  };
  const call = (app: FastifyInstance, method: 'POST' | 'PATCH' | 'DELETE', url: string, token: string | undefined, payload?: object) =>
    app.inject({ method, url, headers: cookieHeader(token), ...(payload ? { payload } : {}) });

  it('products: every create, update and delete shows at once, whichever process made it', async () => {
    const { token } = await register(a);
    expect(await products(a, token)).toEqual([]);
    expect(await products(b, token)).toEqual([]);

    const first = (await sendForm(a, 'POST', '/api/products', token, { ...PRODUCT_FIELDS, name: 'First' })).json<Product>();
    expect((await products(a, token)).map((p) => p.name)).toEqual(['First']);
    // b cached [] before; the write on a must show on b.
    expect((await products(b, token)).map((p) => p.name)).toEqual(['First']);

    const second = (await sendForm(b, 'POST', '/api/products', token, { ...PRODUCT_FIELDS, name: 'Second' })).json<Product>();
    expect((await products(a, token)).map((p) => p.name)).toEqual(['Second', 'First']);
    expect((await products(b, token)).map((p) => p.name)).toEqual(['Second', 'First']);

    const updated = await sendForm(b, 'PATCH', `/api/products/${first._id}`, token, { ...PRODUCT_FIELDS, name: 'Renamed', quantity: '9' });
    expect(updated.statusCode).toBe(200);
    const afterUpdate = await products(a, token);
    expect(afterUpdate.map((p) => [p.name, p.quantity])).toEqual([
      ['Second', 4],
      ['Renamed', 9],
    ]);
    expect(afterUpdate).toEqual(await products(b, token));

    expect((await call(b, 'DELETE', `/api/products/${second._id}`, token)).statusCode).toBe(200);
    expect((await products(a, token)).map((p) => p.name)).toEqual(['Renamed']);
    expect((await products(b, token)).map((p) => p.name)).toEqual(['Renamed']);

    // A write straight into the database (another tool, restore) shows too: the counters move by trigger.
    await a.db.updateTable('products').set({ name: 'By SQL' }).where('id', '=', first._id).execute();
    expect((await products(a, token)).map((p) => p.name)).toEqual(['By SQL']);
    await a.db.deleteFrom('products').where('id', '=', first._id).execute();
    expect(await products(b, token)).toEqual([]);
  });

  it('orders: every create, update and delete shows at once, whichever process made it', async () => {
    const { token } = await register(b);
    expect(await orders(a, token)).toEqual([]);
    const first = (await call(a, 'POST', '/api/orders', token, ORDER)).json<Order>();
    expect((await orders(b, token)).map((o) => o._id)).toEqual([first._id]);
    const second = (await call(b, 'POST', '/api/orders', token, { ...ORDER, name: 'Second' })).json<Order>();
    expect((await orders(a, token)).map((o) => o._id)).toEqual([second._id, first._id]);
    expect((await call(a, 'PATCH', `/api/orders/${first._id}`, token, { ...ORDER, quantity: 7 })).statusCode).toBe(200);
    expect((await orders(b, token)).find((o) => o._id === first._id)?.quantity).toBe(7);
    expect((await orders(a, token)).find((o) => o._id === first._id)?.quantity).toBe(7);
    expect((await call(b, 'DELETE', `/api/orders/${second._id}`, token)).statusCode).toBe(200);
    expect((await orders(a, token)).map((o) => o._id)).toEqual([first._id]);
    // Orders and products move separately: a product write leaves the order list's tag alone.
    const tag = (await get(a, '/api/orders', token)).headers.etag;
    await sendForm(a, 'POST', '/api/products', token, PRODUCT_FIELDS);
    expect((await get(b, '/api/orders', token)).headers.etag).toBe(tag);
  });

  it('weak ETag, Cache-Control: private, no-cache, and 304 for a matching If-None-Match until the list changes', async () => {
    const { token } = await register(a);
    await sendForm(a, 'POST', '/api/products', token, PRODUCT_FIELDS);
    const first = await get(a, '/api/products', token);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"p[0-9a-f]+\.\d+"$/);

    const again = await get(b, '/api/products', token, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await get(a, '/api/products', token, { 'if-none-match': `"other", ${etag.slice(2)}` })).statusCode).toBe(304);
    expect((await get(a, '/api/products', token, { 'if-none-match': 'W/"p0.0"' })).statusCode).toBe(200);

    await sendForm(b, 'POST', '/api/products', token, { ...PRODUCT_FIELDS, name: 'New' });
    const changed = await get(a, '/api/products', token, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json<Product[]>().map((p) => p.name)).toEqual(['New', PRODUCT_FIELDS.name]);

    const orderTag = String((await get(a, '/api/orders', token)).headers.etag);
    expect(orderTag).toMatch(/^W\/"o[0-9a-f]+\.\d+"$/);
    expect((await get(a, '/api/orders', token, { 'if-none-match': orderTag })).statusCode).toBe(304);
    // The products tag is not the orders tag.
    expect((await get(a, '/api/orders', token, { 'if-none-match': String(changed.headers.etag) })).statusCode).toBe(200);
  });

  it("two users never see each other's cached list, and another user's ETag is no 304", async () => {
    const alice = (await register(a)).token;
    const bob = (await register(a)).token;
    await sendForm(a, 'POST', '/api/products', alice, { ...PRODUCT_FIELDS, name: 'Alice thing' });
    await sendForm(a, 'POST', '/api/products', bob, { ...PRODUCT_FIELDS, name: 'Bob thing' });
    await call(a, 'POST', '/api/orders', alice, { ...ORDER, name: 'Alice order' });
    for (let round = 0; round < 2; round += 1) {
      expect((await products(a, alice)).map((p) => p.name)).toEqual(['Alice thing']);
      expect((await products(a, bob)).map((p) => p.name)).toEqual(['Bob thing']);
      expect((await orders(a, alice)).map((o) => o.name)).toEqual(['Alice order']);
      expect(await orders(a, bob)).toEqual([]);
    }
    const aliceTag = String((await get(a, '/api/products', alice)).headers.etag);
    const bobAnswer = await get(a, '/api/products', bob, { 'if-none-match': aliceTag });
    expect(bobAnswer.statusCode).toBe(200);
    expect(bobAnswer.json<Product[]>().map((p) => p.name)).toEqual(['Bob thing']);
    expect((await get(a, '/api/products', undefined)).statusCode).toBe(401);
  });
});

describe('list cache bound', () => {
  const bytes = (n: number) => Buffer.alloc(n, 1);

  it('evicts the least recently used entries once the total size passes the bound', () => {
    const cache = createListCache(100);
    cache.set('a', '1', bytes(40));
    cache.set('b', '1', bytes(40));
    expect(cache.get('a', '1')?.length).toBe(40); // a is now the most recently used
    cache.set('c', '1', bytes(40)); // 120 > 100: b goes
    expect(cache.has('b')).toBe(false);
    expect(cache.has('a')).toBe(true);
    expect(cache.has('c')).toBe(true);
    expect(cache.bytes).toBe(80);

    cache.set('d', '1', bytes(90)); // only d fits
    expect([cache.has('a'), cache.has('c'), cache.has('d')]).toEqual([false, false, true]);
    expect(cache.bytes).toBe(90);

    cache.set('e', '1', bytes(101)); // larger than the bound: not kept
    expect(cache.has('e')).toBe(false);
    expect(cache.bytes).toBe(90);
  });

  it('answers only for the exact tag, and a replaced entry frees its bytes', () => {
    const cache = createListCache(100);
    cache.set('a', 'x.1', bytes(30));
    expect(cache.get('a', 'x.2')).toBeUndefined();
    expect(cache.has('a')).toBe(false);
    expect(cache.bytes).toBe(0);
    cache.set('a', 'x.2', bytes(30));
    cache.set('a', 'x.3', bytes(50));
    expect(cache.bytes).toBe(50);
    expect(cache.get('a', 'x.3')?.length).toBe(50);
  });

  it('an app with a tiny bound still answers every list correctly (nothing kept)', async () => {
    const kind = databases[0]!;
    const database = await kind.create();
    const app = await startApp(database, {}, { listCacheBytes: 10 });
    try {
      const { token } = await register(app);
      await sendForm(app, 'POST', '/api/products', token, PRODUCT_FIELDS);
      for (let i = 0; i < 2; i += 1) {
        const response = await app.inject({ method: 'GET', url: '/api/products', headers: cookieHeader(token) });
        expect(response.json<Product[]>().map((p) => p.name)).toEqual([PRODUCT_FIELDS.name]);
      }
    } finally {
      await app.close();
      await database.cleanup();
    }
  });
});
