import { parse } from 'csv-parse/sync';
import {
  documentNumber,
  MESSAGES,
  MOVEMENT_EXPORT_HEADER,
  type MovementPage,
  type Order,
  type Page,
  type Product,
  type User,
} from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, register, startApp } from './support/app';
import { multipart, PRODUCT_FIELDS } from './support/catalogue';
import { databases, type TestDatabase } from './support/databases';
import { api, cookie, type ServerProcess, sessionOf, startServer } from './support/processes';
import { call } from './support/team';

/**
 * Issue 26: orders carry a number of their store (SO-00042) from a per-store sequence taken in the writing
 * transaction, an order of a catalogue product carries that product's SKU, and stock corrections keep a reason and a
 * note in the ledger, its history and its export.
 */
describe.each(databases)('order numbers, order SKUs and correction reasons, on $name', (kind) => {
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

  const newStore = async () => cookieHeader((await register(app)).token);
  const newProduct = async (headers: Record<string, string>, fields: Record<string, string> = {}) => {
    const body = await multipart({ ...PRODUCT_FIELDS, ...fields });
    const response = await app.inject({ method: 'POST', url: '/api/products', payload: body.payload, headers: { ...body.headers, ...headers } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Product>();
  };
  const place = (headers: Record<string, string>, body: Record<string, unknown>) =>
    call(app, 'POST', '/api/orders', headers, { name: 'Order', category: 'Misc', price: 10, quantity: 1, ...body });

  it('numbers each store\'s orders 1, 2, 3 in the writing transaction; a refused order takes no number', async () => {
    const store = await newStore();
    const other = await newStore();
    const product = await newProduct(store, { quantity: '2' });
    const first = (await place(store, {})).json<Order>();
    const second = (await place(store, { productId: product._id, quantity: 2 })).json<Order>();
    // Too many: 409, rolled back with its number.
    expect((await place(store, { productId: product._id, quantity: 1 })).statusCode).toBe(409);
    const third = (await place(store, {})).json<Order>();
    expect([first.number, second.number, third.number]).toEqual([1, 2, 3]);
    expect((await place(other, {})).json<Order>().number).toBe(1);
    // In every answer: the single item, the whole list, a page.
    expect((await call(app, 'GET', `/api/orders/${second._id}`, store)).json<Order>().number).toBe(2);
    expect((await call(app, 'GET', '/api/orders', store)).json<Order[]>().map((o) => o.number).sort()).toEqual([1, 2, 3]);
    expect((await call(app, 'GET', '/api/orders?limit=5', store)).json<Page<Order>>().items.map((o) => o.number)).toEqual([3, 2, 1]);
    // Deleting an order leaves its number unused; the next goes on.
    expect((await call(app, 'DELETE', `/api/orders/${third._id}`, store)).statusCode).toBe(200);
    expect((await place(store, {})).json<Order>().number).toBe(4);
  });

  it('finds an order by the number people say ("SO-00002", "so 2"), within the status filter', async () => {
    const store = await newStore();
    for (let i = 0; i < 3; i += 1) expect((await place(store, { name: `Order ${i + 1}` })).statusCode).toBe(201);
    for (const q of [documentNumber('sales_order', 2), 'so 2']) {
      const page = (await call(app, 'GET', `/api/orders?limit=5&q=${encodeURIComponent(q)}`, store)).json<Page<Order>>();
      expect(page).toMatchObject({ total: 1, totalExact: true, next: null, prev: null });
      expect(page.items.map((o) => o.name)).toEqual(['Order 2']);
    }
    expect((await call(app, 'GET', '/api/orders?limit=5&q=SO-00002&status=cancelled', store)).json<Page<Order>>().items).toEqual([]);
    expect((await call(app, 'GET', '/api/orders?limit=5&q=SO-00009', store)).json<Page<Order>>().total).toBe(0);
    // Another store's order 2 is not this one's.
    const other = await newStore();
    expect((await call(app, 'GET', '/api/orders?limit=5&q=SO-00002', other)).json<Page<Order>>().items).toEqual([]);
  });

  it("an order of a catalogue product carries that product's SKU, and another product's when moved to it", async () => {
    const store = await newStore();
    const laptop = await newProduct(store, { quantity: '5', sku: 'LAP-2024001' });
    const dock = await newProduct(store, { name: 'Dock', quantity: '5' });
    const placed = await place(store, { name: laptop.name, category: 'Computers', productId: laptop._id });
    expect(placed.json<Order>().sku).toBe('LAP-2024001');
    const moved = await call(app, 'PATCH', `/api/orders/${placed.json<Order>()._id}`, store, { name: 'Dock', category: 'Misc', price: 10, quantity: 1, productId: dock._id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Order>().sku).toBe(dock.sku);
    // A free-text order gets a SKU made from its category, as before.
    expect((await place(store, { category: 'Monitors' })).json<Order>().sku).toMatch(/^MON-\d+$/);
  });

  it('a stock correction keeps its reason and note in the history and the export; without them it is "other"', async () => {
    const store = await newStore();
    const product = await newProduct(store, { quantity: '10' });
    const correct = (body: unknown) => call(app, 'POST', `/api/products/${product._id}/adjustments`, store, body);
    expect((await correct({ change: -2, reason: 'damaged', note: ' Dropped by the courier ' })).json()).toEqual({ message: MESSAGES.stockAdjusted, quantity: 8 });
    expect((await correct({ change: 1 })).statusCode).toBe(200);
    expect((await correct({ change: 1, reason: 'found', note: '' })).statusCode).toBe(200);
    expect((await correct({ change: 1, reason: 'stolen' })).json()).toEqual({ message: MESSAGES.correctionReasonInvalid });
    expect((await correct({ change: 1, note: 'a\nb' })).json()).toEqual({ message: MESSAGES.controlCharacters('Note') });
    const history = (await call(app, 'GET', `/api/products/${product._id}/movements`, store)).json<MovementPage>().items;
    expect(history.map((m) => [m.reason, m.change, m.correctionReason, m.note])).toEqual([
      ['correction', 1, 'found', null],
      ['correction', 1, 'other', null],
      ['correction', -2, 'damaged', 'Dropped by the courier'],
      ['created', 10, null, null],
    ]);

    const csv = (await call(app, 'GET', '/api/movements/export', store)).body.replace(/^\uFEFF/, '');
    const [header, ...rows] = parse(csv) as string[][];
    expect(header).toEqual(MOVEMENT_EXPORT_HEADER);
    const column = (name: string) => header!.indexOf(name);
    expect(rows.map((row) => [row[column('Reason code')], row[column('Correction reason code')], row[column('Note')]])).toEqual([
      ['correction', 'found', ''],
      ['correction', 'other', ''],
      ['correction', 'damaged', 'Dropped by the courier'],
      ['created', '', ''],
    ]);
  });
});

describe.each(databases)('order numbers from two server processes at once, on $name', (kind) => {
  let database: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await kind.create();
    [a, b] = await Promise.all([startServer({ env: database.env }), startServer({ env: database.env })]);
  }, 90_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.cleanup();
  });

  it('orders placed in parallel through both get every number from 1 once, and refused ones none', async () => {
    const registered = await api(a.url, 'POST', '/api/users/register', undefined, {
      name: 'Two Tills',
      email: `tills.${Date.now()}.${Math.random()}@example.com`,
      password: 'secret123',
    });
    expect(registered.status).toBe(201);
    const token = sessionOf(registered);
    expect(((await registered.json()) as User)._id).toBeDefined();
    const body = new FormData();
    for (const [name, value] of Object.entries({ ...PRODUCT_FIELDS, quantity: '10' })) body.append(name, value);
    const product = (await (await fetch(`${a.url}/api/products`, { method: 'POST', body, headers: cookie(token) })).json()) as Product;

    // 40 orders, half through each process; 16 of them ask for the last 10 units, so 6 are refused (409).
    const attempts = Array.from({ length: 40 }, (_, i) => {
      const server = i % 2 === 0 ? a : b;
      const fromStock = i % 5 < 2;
      return api(server.url, 'POST', '/api/orders', token, {
        name: `Order ${i}`,
        category: 'Misc',
        price: 10,
        quantity: 1,
        ...(fromStock ? { productId: product._id } : {}),
      });
    });
    const answers = await Promise.all(attempts);
    const statuses = answers.map((response) => response.status);
    expect(statuses.filter((status) => status === 201), statuses.join(' ')).toHaveLength(34);
    expect(statuses.filter((status) => status === 409)).toHaveLength(6);
    const numbers = (await Promise.all(answers.filter((r) => r.status === 201).map(async (r) => ((await r.json()) as Order).number!))).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 34 }, (_, i) => i + 1));
    const listed = (await (await api(b.url, 'GET', '/api/orders', token)).json()) as Order[];
    expect(new Set(listed.map((order) => order.number)).size).toBe(34);
  }, 60_000);
});
