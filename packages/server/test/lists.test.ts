import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import {
  gtinCheckDigit,
  catalogueSummary,
  categoryCounts,
  type CatalogueSummary,
  type CategoryCount,
  type ListQuery,
  type Order,
  orderListQuerySchema,
  type Page,
  type Product,
  PRODUCT_SORTS,
  productListQuerySchema,
  queryItems,
  type StoreListItem,
} from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryPage } from '../src/list-query';
import { cookieHeader, register, startApp } from './support/app';
import { databases, type TestDatabase } from './support/databases';

/**
 * Lists a page at a time: for a corpus with awkward text (mixed case, LIKE's pattern characters, quotes, ties), every
 * query walked page by page, forwards and backwards, gives exactly the rows of the contract's in-memory rule
 * (`queryItems`), with the same totals; the figures equal what the rows add up to.
 */
const NAMES = ['ThinkPad X1', 'thinkpad t14', 'Dell 27" Monitor', '100% Cotton Cable', 'USB_C Hub', "Bob's Dock", 'Padded Sleeve', 'Apple Pencil', 'Zebra Label Printer', 'APC UPS 1500'];
const CATEGORIES = ['Laptops', 'laptops', 'Monitors', 'Cables', 'Docks & Hubs', 'Printers', 'Power'];

/** A valid EAN-13 of a number. */
const ean13 = (n: number) => {
  const body = String(400000000000 + n);
  return `${body}${gtinCheckDigit(body)}`;
};

function corpus(storeId: string, userId: string, count: number) {
  const base = Date.parse('2026-01-01T00:00:00.000Z');
  return Array.from({ length: count }, (_, i) => {
    const category = CATEGORIES[i % CATEGORIES.length]!;
    return {
      id: randomUUID(),
      store_id: storeId,
      user_id: userId,
      created_by_token: null,
      updated_by: userId,
      updated_by_token: null,
      name: `${NAMES[i % NAMES.length]} ${i % 13}`,
      // Unique in the store (migration 0017), sharing prefixes so searches match many.
      sku: `${category.slice(0, 3).toUpperCase()}-${1000 + (i % 50)}${i >= 50 ? `-${Math.floor(i / 50)}` : ''}`,
      // Every third a barcode (a valid EAN-13), every fourth a part number shared by a few rows.
      barcode: i % 3 === 0 ? ean13(i) : null,
      mpn: i % 4 === 0 ? `Mp-${i % 7}` : null,
      category,
      price_cents: (i * 7919) % 250_000,
      quantity: i % 9 === 0 ? 0 : (i * 31) % 40,
      reorder_point: i % 4 === 0 ? null : (i * 3) % 12,
      description: '',
      image_name: null,
      image_file_name: null,
      image_type: null,
      image_size: null,
      version: 1,
      // Every fifth row shares its neighbour's time, so ties are broken by id.
      created_at: new Date(base + Math.floor(i / 5) * 5000 + (i % 5 === 4 ? 0 : i % 5) * 1000).toISOString(),
      updated_at: new Date(base).toISOString(),
    };
  });
}

const SEARCHES = [undefined, 'a', 'PA', 'pad', 'ThinkPad', 'lap-10', '%', '_c', '27"', "bob's", 'zzz', ' Cable ', ean13(9), ' mp-3', 'MP-0', '400000000', 'Mp'];

describe.each(databases)('lists a page at a time on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let headers: Record<string, string>;
  let products: Product[];
  let orders: Order[];

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database);
    const owner = await register(app);
    headers = cookieHeader(owner.token);
    const storeId = (await app.inject({ method: 'GET', url: '/api/stores', headers })).json<StoreListItem[]>()[0]!._id;
    const userId = owner.response.json<{ _id: string }>()._id;
    const rows = corpus(storeId, userId, 240);
    for (let i = 0; i < rows.length; i += 60) await app.db.insertInto('products').values(rows.slice(i, i + 60)).execute();
    const orderRows = rows.slice(0, 120).map(({ description: _d, image_name: _a, image_file_name: _b, image_type: _c, image_size: _s, reorder_point: _r, barcode: _e, mpn: _m, ...row }, i) => ({
      ...row,
      id: randomUUID(),
      status: ['open', 'fulfilled', 'cancelled'][i % 3]!,
      number: i + 1,
    }));
    await app.db.insertInto('orders').values(orderRows).execute();
    // The store's order numbers go on after those rows, as every path that writes numbered orders leaves them.
    await sql`insert into store_sequences (store_id, kind, last_value) values (${storeId}, 'sales_order', ${orderRows.length})
      on conflict (store_id, kind) do update set last_value = excluded.last_value`.execute(app.db);
    // Another store's rows never show.
    const other = await register(app, { name: 'Other' });
    const otherStore = (await app.inject({ method: 'GET', url: '/api/stores', headers: cookieHeader(other.token) })).json<StoreListItem[]>()[0]!._id;
    await app.db.insertInto('products').values(corpus(otherStore, other.response.json<{ _id: string }>()._id, 30)).execute();

    products = (await app.inject({ method: 'GET', url: '/api/products', headers })).json<Product[]>();
    orders = (await app.inject({ method: 'GET', url: '/api/orders', headers })).json<Order[]>();
    expect(products).toHaveLength(240);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const queryString = (query: Record<string, string | number | undefined>) =>
    new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string | number] => entry[1] !== undefined).map(([k, v]) => [k, String(v)])).toString();

  /** Every page of a query, forwards by `next`, then backwards from the last page by `prev`. */
  async function walk<T extends { _id: string }>(path: string, query: Record<string, string | number | undefined>) {
    const get = async (extra: Record<string, string | undefined>) => {
      const response = await app.inject({ method: 'GET', url: `${path}?${queryString({ ...query, ...extra })}`, headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Page<T>>();
    };
    const pages: Page<T>[] = [await get({})];
    while (pages.at(-1)!.next) pages.push(await get({ after: pages.at(-1)!.next! }));
    const back: Page<T>[] = [pages.at(-1)!];
    while (back.at(-1)!.prev) back.push(await get({ before: back.at(-1)!.prev! }));
    return { forward: pages.flatMap((page) => page.items.map((item) => item._id)), backward: back.reverse().flatMap((page) => page.items.map((item) => item._id)), first: pages[0]! };
  }

  it('products: every search, filter, sort and direction, page by page both ways, equals the in-memory rule', async () => {
    const failures: string[] = [];
    const filters: Record<string, string | undefined>[] = [{}, { stock: 'out' }, { stock: 'in' }, { stock: 'low' }, { category: 'Laptops' }, { category: 'Laptops', stock: 'in' }];
    for (const sort of PRODUCT_SORTS) {
      for (const dir of [undefined, 'asc', 'desc'] as const) {
        for (const q of sort === 'createdAt' || sort === 'name' ? SEARCHES : [undefined, 'pad']) {
          for (const filter of sort === 'createdAt' ? filters : [{}, { stock: 'low' }]) {
            const raw = { limit: 7, sort, dir, q, ...filter };
            const query = productListQuerySchema.parse(Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined))) as ListQuery;
            const expected = queryItems(products, { ...query, limit: 10_000 });
            const { forward, backward, first } = await walk<Product>('/api/products', raw);
            const ids = expected.items.map((item) => item._id);
            const label = JSON.stringify(raw);
            if (JSON.stringify(forward) !== JSON.stringify(ids)) failures.push(`${label}: forward differs`);
            if (JSON.stringify(backward) !== JSON.stringify(ids)) failures.push(`${label}: backward differs`);
            if (first.total !== expected.total || first.totalExact !== expected.totalExact) failures.push(`${label}: total ${first.total}/${first.totalExact}, expected ${expected.total}/${expected.totalExact}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('pages a rare filter cannot fill from its walk read the matching rows through their own index, the same rows', async () => {
    // A walk of a few rows leaves almost every filtered page short, so each takes the gathering path on this corpus.
    const storeId = (await app.inject({ method: 'GET', url: '/api/stores', headers })).json<StoreListItem[]>()[0]!._id;
    const failures: string[] = [];
    const filters: Record<string, string | undefined>[] = [
      { category: 'Laptops', stock: 'in' },
      { category: 'Cables', stock: 'out' },
      { category: 'Power', stock: 'low' },
      { q: 'pad' },
      { q: 'pad', category: 'Laptops', stock: 'low' },
      { q: 'PA' },
    ];
    for (const sort of PRODUCT_SORTS) {
      for (const dir of ['asc', 'desc'] as const) {
        for (const filter of filters) {
          const raw = { limit: '4', sort, dir, ...filter };
          const query = productListQuerySchema.parse(Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined))) as ListQuery;
          const rule = queryItems(products, { ...query, limit: 10_000 });
          const expected = rule.items.map((item) => item._id);
          const forward: string[] = [];
          const totals = new Set<string>();
          let page = await queryPage<{ id: string }>(app.db, 'products', storeId, query, 3);
          forward.push(...page.rows.map((row) => row.id));
          totals.add(JSON.stringify([page.total, page.totalExact]));
          while (page.next) {
            page = await queryPage<{ id: string }>(app.db, 'products', storeId, { ...query, after: page.next }, 3);
            forward.push(...page.rows.map((row) => row.id));
            totals.add(JSON.stringify([page.total, page.totalExact]));
          }
          const backward: string[] = [];
          let back = page;
          backward.unshift(...back.rows.map((row) => row.id));
          while (back.prev) {
            back = await queryPage<{ id: string }>(app.db, 'products', storeId, { ...query, before: back.prev }, 3);
            backward.unshift(...back.rows.map((row) => row.id));
          }
          const label = JSON.stringify(raw);
          if (JSON.stringify(forward) !== JSON.stringify(expected)) failures.push(`${label}: forward differs`);
          if (JSON.stringify(backward) !== JSON.stringify(expected)) failures.push(`${label}: backward differs`);
          // Every page's total is all the matches, the ones before its cursor too.
          const total = JSON.stringify([rule.total, rule.totalExact]);
          if (totals.size !== 1 || !totals.has(total)) failures.push(`${label}: totals ${[...totals].join(' ')}, not ${total}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('products: skip jumps pages ahead from a cursor, and back from one, as the rule does (plain and expression sorts)', async () => {
    for (const sort of ['price', 'category', 'name', 'value']) {
      for (const dir of ['asc', 'desc']) {
        const base = `/api/products?limit=5&sort=${sort}&dir=${dir}`;
        const query = productListQuerySchema.parse({ limit: '5', sort, dir });
        const page = async (url: string) => (await app.inject({ method: 'GET', url, headers })).json<Page<Product>>();
        const first = await page(base);
        const jumped = await page(`${base}&after=${first.next}&skip=10`);
        const expected = queryItems(products, { ...query, after: first.next!, skip: 10 });
        expect(jumped.items.map((p) => p._id), `${sort} ${dir}`).toEqual(expected.items.map((p) => p._id));
        expect(expected.items).toHaveLength(5);
        const back = await page(`${base}&before=${jumped.prev}&skip=5`);
        const expectedBack = queryItems(products, { ...query, before: jumped.prev!, skip: 5 });
        expect(back.items.map((p) => p._id), `${sort} ${dir} back`).toEqual(expectedBack.items.map((p) => p._id));
        expect(expectedBack.items).toHaveLength(5);
      }
    }
  });

  it('orders: search, status and sort, page by page, equal the in-memory rule', async () => {
    const failures: string[] = [];
    for (const sort of ['createdAt', 'name', 'value'] as const) {
      for (const status of [undefined, 'open', 'cancelled'] as const) {
        for (const q of [undefined, 'pad', 'a']) {
          const raw = { limit: 6, sort, status, q };
          const query = orderListQuerySchema.parse(Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined))) as ListQuery;
          const expected = queryItems(orders, { ...query, limit: 10_000 });
          const { forward, backward, first } = await walk<Order>('/api/orders', raw);
          const label = JSON.stringify(raw);
          if (JSON.stringify(forward) !== JSON.stringify(expected.items.map((o) => o._id))) failures.push(`${label}: forward differs`);
          if (JSON.stringify(backward) !== JSON.stringify(expected.items.map((o) => o._id))) failures.push(`${label}: backward differs`);
          if (first.total !== expected.total) failures.push(`${label}: total ${first.total}, expected ${expected.total}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('the summary and the categories equal what the rows add up to, and follow every write', async () => {
    const expectFigures = async () => {
      const all = (await app.inject({ method: 'GET', url: '/api/products', headers })).json<Product[]>();
      const summary = (await app.inject({ method: 'GET', url: '/api/products/summary', headers })).json<CatalogueSummary>();
      // The SQL counters answer what the contract's rules (the mocks' answer) compute from the rows.
      expect(summary).toEqual(catalogueSummary(all));
      const categories = (await app.inject({ method: 'GET', url: '/api/products/categories', headers })).json<CategoryCount[]>();
      expect(categories).toEqual(categoryCounts(all));
      // Each category's stock figures, read by the totals of a category with a stock filter.
      for (const { name } of categories) {
        for (const stock of ['in', 'out', 'low'] as const) {
          const url = `/api/products?limit=1&category=${encodeURIComponent(name)}&stock=${stock}`;
          const page = (await app.inject({ method: 'GET', url, headers })).json<Page<Product>>();
          const rows = all.filter((p) => p.category === name);
          const expected = rows.filter((p) =>
            stock === 'in' ? p.quantity > 0 : stock === 'out' ? p.quantity === 0 : p.reorderPoint != null && p.quantity <= p.reorderPoint,
          ).length;
          expect({ name, stock, total: page.total, exact: page.totalExact }).toEqual({ name, stock, total: expected, exact: true });
        }
      }
    };
    await expectFigures();
    const one = products[3]!;
    const form = (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      return new Response(body);
    };
    const patch = form({ name: one.name, category: 'Brand New', price: '10.5', quantity: '0', reorderPoint: '3', description: '' });
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/products/${one._id}`,
      headers: { ...headers, 'content-type': patch.headers.get('content-type')! },
      payload: Buffer.from(await patch.arrayBuffer()),
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<Product>().reorderPoint).toBe(3);
    await expectFigures();
    expect((await app.inject({ method: 'DELETE', url: `/api/products/${products[5]!._id}`, headers })).statusCode).toBe(200);
    await expectFigures();
    // An order of lines moves several products in one statement (on PostgreSQL the figures are kept per statement,
    // migration 0037): all of the stock of products across categories, then given back when the order is deleted.
    const current = (await app.inject({ method: 'GET', url: '/api/products', headers })).json<Product[]>();
    const stocked = current.filter((p) => p.quantity > 0).slice(0, 6);
    expect(new Set(stocked.map((p) => p.category)).size).toBeGreaterThan(1);
    const lines = stocked.map((p) => ({ productId: p._id, quantity: p.quantity, unitPrice: '1.00', discountPercent: 0 }));
    const placed = await app.inject({ method: 'POST', url: '/api/orders', headers, payload: { lines } });
    expect(placed.statusCode, placed.body).toBe(201);
    await expectFigures();
    const deleted = await app.inject({ method: 'DELETE', url: `/api/orders/${placed.json<{ _id: string }>()._id}`, headers });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expectFigures();
  });

  it('refuses a bad page query with 400 and a message', async () => {
    for (const query of ['limit=0', 'limit=101', 'limit=5&sort=password', 'limit=5&stock=maybe', 'limit=5&after=bm90LWpzb24', 'limit=5&after=x&before=y', 'limit=5&skip=101', 'limit=5&sort=price&after=' + Buffer.from('["a","b"]').toString('base64url')]) {
      const response = await app.inject({ method: 'GET', url: `/api/products?${query}`, headers });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message, query).toMatch(/Invalid list query|no longer valid/);
    }
  });
});
