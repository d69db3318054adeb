import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Order, Product } from '@inventory/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createDb, type Db } from '../src/db';
import { toOrder } from '../src/features/orders/mapping';
import { toProduct } from '../src/features/products/mapping';
import { LIST_CACHE_MAX_BYTES } from '../src/list-cache';
import { LIST_BATCH_ROWS } from '../src/list-stream';
import { createPublicUrls } from '../src/public-urls';
import { cookieHeader, PUBLIC_URL, register, startApp } from './support/app';
import { bulkInsertOrders, bulkInsertProducts, storeAndUser, storeOfUser } from './support/bulk';
import { PRODUCT_FIELDS, sendForm } from './support/catalogue';
import { databases, type TestDatabase } from './support/databases';
import { api, type ServerProcess, sessionOf, startServer } from './support/processes';

const PRODUCTS = 12_000;
const ORDERS = 3_500;
const STREAMING_CACHE_BYTES = 4 * 1024 * 1024;

/** The whole list as it was made before streaming: every row read at once, mapped, serialised in one go. */
async function inMemoryList(db: Db, table: 'products' | 'orders', storeId: string): Promise<Buffer> {
  const rows = await db
    .selectFrom(table)
    .selectAll()
    .where('store_id', '=', storeId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const urls = createPublicUrls(PUBLIC_URL);
  const list =
    table === 'products'
      ? rows.map((row) => toProduct(row as Parameters<typeof toProduct>[0], urls))
      : rows.map((row) => toOrder(row as Parameters<typeof toOrder>[0]));
  return Buffer.from(JSON.stringify(list));
}

function decoded(response: LightMyRequestResponse): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload);
  if (encoding === 'gzip') return gunzipSync(response.rawPayload);
  return response.rawPayload;
}

/** Streamed answers have no Content-Length (chunked); answers from the cache have one. */
const streamed = (response: LightMyRequestResponse) => response.headers['content-length'] === undefined;

/**
 * Lists longer than one batch are streamed from the database (src/list-stream.ts): the same bytes as the whole list
 * serialised at once, newest first, ties on created_at broken by id across batch boundaries. Two apps on one database:
 * one with a list cache too small to keep these lists (every request streams), one with the default cache (the first
 * request streams and keeps the bytes, the next ones come from memory).
 */
describe.each(databases)('streamed lists on $name', (kind) => {
  let database: TestDatabase;
  let streaming: FastifyInstance;
  let caching: FastifyInstance;
  let token: string | undefined;
  let storeId: string;
  let products: Buffer;
  let orders: Buffer;

  beforeAll(async () => {
    database = await kind.create();
    // Entries of at most 1 MB: the products list (~3.5 MB) is streamed every time.
    streaming = await startApp(database, {}, { listCacheBytes: STREAMING_CACHE_BYTES });
    caching = await startApp(database);
    ({ token } = await register(streaming));
    const owner = await storeAndUser(streaming, token);
    storeId = owner.storeId;
    await bulkInsertProducts(streaming.db, { ...owner, count: PRODUCTS, tie: 333 });
    await bulkInsertOrders(streaming.db, { ...owner, count: ORDERS, tie: 7 });
    products = await inMemoryList(streaming.db, 'products', storeId);
    orders = await inMemoryList(streaming.db, 'orders', storeId);
  }, 60_000);
  afterAll(async () => {
    await streaming?.close();
    await caching?.close();
    await database?.cleanup();
  });

  const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { ...cookieHeader(token), ...headers } });

  it('every row, newest first: the very bytes of the list serialised at once, in every encoding, request after request', async () => {
    expect(products.length).toBeGreaterThan(STREAMING_CACHE_BYTES / 4);
    const list = JSON.parse(products.toString('utf8')) as Product[];
    expect(list).toHaveLength(PRODUCTS);
    // Newest first; many rows share a created_at, and their groups straddle the batches.
    expect(list[0]!._id).toBe(`00000000-0000-4000-8000-${100_000_000_000 + PRODUCTS - 1}`);
    expect(list.at(-1)!._id).toBe('00000000-0000-4000-8000-100000000000');
    expect(new Set(list.slice(LIST_BATCH_ROWS - 5, LIST_BATCH_ROWS + 5).map((p) => p.createdAt)).size).toBe(1);

    for (const encoding of ['identity', 'identity', 'gzip', 'br']) {
      const response = await get(streaming, '/api/products', { 'accept-encoding': encoding });
      expect(response.statusCode).toBe(200);
      expect(streamed(response), encoding).toBe(true);
      expect(response.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['cache-control']).toBe('private, no-cache');
      expect(response.headers.vary).toBe('accept-encoding');
      expect(decoded(response).equals(products), encoding).toBe(true);
    }
    const response = await get(streaming, '/api/orders');
    expect(streamed(response)).toBe(true);
    expect(response.rawPayload.equals(orders)).toBe(true);
    expect(JSON.parse(orders.toString('utf8')) as Order[]).toHaveLength(ORDERS);
  }, 60_000);

  it('the weak ETag and 304 work as for cached lists; HEAD answers the headers without the list', async () => {
    const first = await get(streaming, '/api/products');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"p[0-9a-f]+\.\d+"$/);
    const unchanged = await get(streaming, '/api/products', { 'if-none-match': etag, 'accept-encoding': 'br' });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload.length).toBe(0);
    expect(unchanged.headers.vary).toBe('accept-encoding');
    // Served by the other process too: the tag comes from the database.
    expect((await get(caching, '/api/products', { 'if-none-match': etag })).statusCode).toBe(304);

    const head = await streaming.inject({ method: 'HEAD', url: '/api/products', headers: cookieHeader(token) });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(etag);
    expect(head.rawPayload.length).toBe(0);
  }, 60_000);

  it('with room in the cache, the first request streams and keeps the bytes; the next come from memory, compressed once', async () => {
    const first = await get(caching, '/api/products');
    expect(streamed(first)).toBe(true);
    expect(first.rawPayload.equals(products)).toBe(true);
    for (const encoding of ['identity', 'br', 'gzip', 'br']) {
      const response = await get(caching, '/api/products', { 'accept-encoding': encoding });
      expect(streamed(response), encoding).toBe(false);
      expect(decoded(response).equals(products), encoding).toBe(true);
      expect(response.headers.etag).toBe(first.headers.etag);
    }
    expect(LIST_CACHE_MAX_BYTES / 4).toBeGreaterThan(products.length);
  }, 60_000);

  it('a write moves the tag: the next answer has it, from either app, cached or streamed', async () => {
    const before = String((await get(caching, '/api/products')).headers.etag);
    const created = await sendForm(streaming, 'POST', '/api/products', token, { ...PRODUCT_FIELDS, name: 'Newest' });
    expect(created.statusCode).toBe(201);
    for (const app of [caching, streaming]) {
      const response = await get(app, '/api/products', { 'if-none-match': before });
      expect(response.statusCode).toBe(200);
      const list = response.json<Product[]>();
      expect(list).toHaveLength(PRODUCTS + 1);
      expect(list[0]!.name).toBe('Newest');
    }
    const now = await inMemoryList(streaming.db, 'products', storeId);
    expect((await get(caching, '/api/products')).rawPayload.equals(now)).toBe(true);
    expect((await get(streaming, '/api/products')).rawPayload.equals(now)).toBe(true);
  }, 60_000);
});

const MB = 1024 * 1024;
const BIG = 100_000;
/**
 * The server runs with this much JavaScript heap (old space). Reading this list at once (rows, answers, JSON text)
 * took the server ~215 MB more memory on this machine, the answers and their JSON text alone ~100 MB of heap, so it
 * could not answer under this limit; streamed, it answers with 48 MB. A heap limit is exact where sampling RSS is
 * not: on a loaded CI machine the collector runs late and RSS peaks anywhere. The bench reports the RSS figure.
 */
const HEAP_LIMIT_MB = 64;

describe.each(databases)('a long list streamed by the built server on $name', (kind) => {
  let database: TestDatabase;
  let server: ServerProcess;
  let db: Db;
  let token: string | undefined;

  beforeAll(async () => {
    database = await kind.create();
    server = await startServer({ env: { ...database.env, NODE_OPTIONS: `--max-old-space-size=${HEAP_LIMIT_MB}` } });
    db = createDb(loadConfig({ LOG_LEVEL: 'silent', ...database.env }).database);
    const registered = await api(server.url, 'POST', '/api/users/register', undefined, {
      name: 'Bulk',
      email: 'bulk@example.com',
      password: 'secret123',
    });
    token = sessionOf(registered);
    const user = (await (await api(server.url, 'GET', '/api/users/getuser', token)).json()) as { _id: string };
    await bulkInsertProducts(db, { ...(await storeOfUser(db, user._id)), count: BIG });
  }, 60_000);
  afterAll(async () => {
    await db?.destroy();
    await server?.stop();
    await database?.cleanup();
  });

  it(`${BIG.toLocaleString('en')} products: a server with ${HEAP_LIMIT_MB} MB of heap sends them all, and a client leaving midway costs nothing`, async () => {
    // A client that goes away after the first bytes: the stream stops, the server goes on serving.
    const left = await api(server.url, 'GET', '/api/products', token, undefined, { 'accept-encoding': 'identity' });
    const reader = left.body!.getReader();
    await reader.read();
    await reader.cancel();

    // Twice: the second answer may come from the list cache, which keeps the bytes outside the heap.
    for (let round = 0; round < 2; round += 1) {
      const response = await api(server.url, 'GET', '/api/products', token, undefined, {
        'accept-encoding': 'identity',
      });
      expect(response.status).toBe(200);
      if (round === 0) expect(response.headers.get('content-length')).toBeNull();
      const bytes = Buffer.from(await response.arrayBuffer());
      const list = JSON.parse(bytes.toString('utf8')) as Product[];
      expect(list).toHaveLength(BIG);
      expect(list.every((product, i) => i === 0 || product.createdAt <= list[i - 1]!.createdAt)).toBe(true);
      expect(bytes.length).toBeGreaterThan(20 * MB);
    }
    expect((await api(server.url, 'GET', '/healthz')).status).toBe(200);
    expect(server.output()).not.toMatch(/heap out of memory/i);
  }, 60_000);

  it(`the same ${BIG.toLocaleString('en')} products exported as CSV by that server, one batch held at a time`, async () => {
    // The rows of this store read at once are ~100 MB of objects beside the file's text: only a stream fits the heap.
    const response = await api(server.url, 'GET', '/api/products/export', token, undefined, {
      'accept-encoding': 'identity',
    });
    expect(response.status).toBe(200);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
    }
    expect(lines).toBe(BIG + 1);
    expect(bytes).toBeGreaterThan(5 * MB);
    expect((await api(server.url, 'GET', '/healthz')).status).toBe(200);
    expect(server.output()).not.toMatch(/heap out of memory/i);
  }, 60_000);
});
