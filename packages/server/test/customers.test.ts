import {
  type Customer,
  customerListQuerySchema,
  MESSAGES,
  type Order,
  type Page,
  queryCustomers,
} from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerListSource } from '../src/features/customers/list-source';
import { pageOfSource } from '../src/list-query';
import { cookieHeader, register, startApp } from './support/app';
import { databases, type TestDatabase } from './support/databases';
import { call } from './support/team';

const GRACE = {
  name: 'Grace Hopper',
  company: 'Cobol Systems',
  email: 'Grace@Cobol.example',
  phone: '+44 20 7946 0958',
  billingAddress: '1 Compiler Lane\nLeeds',
  shippingAddress: '',
  taxId: 'GB123456789',
  notes: 'Invoices by email',
};
const ORDER = { name: 'USB-C Dock', category: 'Docks', price: 199.99, quantity: 2 };

describe.each(databases)('customers on $name', (kind) => {
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
  const create = async (headers: Record<string, string>, body: object) => {
    const response = await call(app, 'POST', '/api/customers', headers, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Customer>();
  };
  const order = async (headers: Record<string, string>, body: object = {}) => call(app, 'POST', '/api/orders', headers, { ...ORDER, ...body });

  it('creates (201, ETag, trimmed, with who and no orders yet), reads, edits what is sent, and refuses a stale edit', async () => {
    const headers = await newStore();
    const created = await call(app, 'POST', '/api/customers', headers, { ...GRACE, name: '  Grace Hopper ', billingAddress: '1 Compiler Lane\r\nLeeds' });
    expect(created.statusCode).toBe(201);
    expect(created.headers.etag).toBe('"1"');
    const customer = created.json<Customer>();
    expect(customer).toEqual({
      _id: expect.any(String),
      ...GRACE,
      archivedAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      orders: { orders: 0, value: 0 },
      createdBy: { name: 'Ada Lovelace', token: null },
      updatedBy: { name: 'Ada Lovelace', token: null },
    });
    const url = `/api/customers/${customer._id}`;
    expect((await call(app, 'GET', url, headers)).json()).toEqual(customer);

    const edited = await call(app, 'PATCH', url, { ...headers, 'if-match': '"1"' }, { phone: '+1 555 0100', notes: '' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.headers.etag).toBe('"2"');
    expect(edited.json()).toMatchObject({ ...GRACE, phone: '+1 555 0100', notes: '' });
    expectMessage(await call(app, 'PATCH', url, { ...headers, 'if-match': '"1"' }, { phone: 'x' }), 409, MESSAGES.editConflict);
    // The whole customer sent back: read-only fields are ignored.
    const fetched = (await call(app, 'GET', url, headers)).json<Customer>();
    const whole = await call(app, 'PATCH', url, headers, { ...fetched, _id: 'forged', archivedAt: '2000-01-01T00:00:00.000Z', company: 'Navy' });
    expect(whole.json()).toMatchObject({ _id: customer._id, archivedAt: null, company: 'Navy' });
  });

  it('answers each field problem with its message, and an email another customer has (any case) with 409', async () => {
    const headers = await newStore();
    for (const [body, message] of [
      [{ company: 'No name' }, MESSAGES.nameRequired],
      [{ name: ' ' }, MESSAGES.nameRequired],
      [{ name: 'Ada', email: 'ada@' }, MESSAGES.invalidEmail],
      [{ name: 'Ada', phone: '1\n2' }, MESSAGES.controlCharacters('Phone')],
      [{ name: 'Ada', notes: 'n'.repeat(2001) }, MESSAGES.fieldTooLong('Notes', 2000)],
      [{ name: 'Ada', email: 5 }, MESSAGES.textRequired('Email')],
      [{ name: 'Ada', owner: 'x' }, 'Unexpected field: owner'],
    ] as const) {
      expectMessage(await call(app, 'POST', '/api/customers', headers, body), 400, message);
    }
    const grace = await create(headers, GRACE);
    expectMessage(
      await call(app, 'POST', '/api/customers', headers, { name: 'Impostor', email: ' grace@COBOL.example ' }),
      409,
      MESSAGES.customerEmailTaken(GRACE.email, GRACE.name),
    );
    const ada = await create(headers, { name: 'Ada', email: 'ada@example.com' });
    expectMessage(await call(app, 'PATCH', `/api/customers/${ada._id}`, headers, { email: 'GRACE@cobol.example' }), 409, MESSAGES.customerEmailTaken(GRACE.email, GRACE.name));
    // Customers without an email are as many as you like; another store may have the same email.
    await create(headers, { name: 'No email 1' });
    await create(headers, { name: 'No email 2', email: '' });
    await create(await newStore(), { name: 'Grace elsewhere', email: GRACE.email });
    expect((await call(app, 'GET', `/api/customers/${grace._id}`, await newStore())).statusCode).toBe(404);
    for (const id of ['nope', '5f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e']) expectMessage(await call(app, 'GET', `/api/customers/${id}`, headers), 404, MESSAGES.customerNotFound);
  });

  it('an order may name a customer: answered with their id and current name; lists carry the id; PATCH changes or clears it', async () => {
    const headers = await newStore();
    const grace = await create(headers, GRACE);
    const ada = await create(headers, { name: 'Ada Lovelace' });
    const placed = await order(headers, { customerId: grace._id });
    expect(placed.statusCode, placed.body).toBe(201);
    const made = placed.json<Order>();
    expect(made).toMatchObject({ customerId: grace._id, customer: { _id: grace._id, name: GRACE.name } });
    const plain = (await order(headers)).json<Order>();
    expect(plain).not.toHaveProperty('customerId');
    expect(plain).not.toHaveProperty('customer');

    await call(app, 'PATCH', `/api/customers/${grace._id}`, headers, { name: 'Rear Admiral Hopper' });
    expect((await call(app, 'GET', `/api/orders/${made._id}`, headers)).json()).toMatchObject({ customer: { name: 'Rear Admiral Hopper' } });
    const list = (await call(app, 'GET', '/api/orders', headers)).json<Order[]>();
    expect(list.find((o) => o._id === made._id)).toMatchObject({ customerId: grace._id });
    expect(list.find((o) => o._id === made._id)).not.toHaveProperty('customer');
    expect(list.find((o) => o._id === plain._id)).not.toHaveProperty('customerId');

    const moved = await call(app, 'PATCH', `/api/orders/${made._id}`, headers, { ...ORDER, customerId: ada._id });
    expect(moved.json()).toMatchObject({ customerId: ada._id, customer: { name: 'Ada Lovelace' } });
    const kept = await call(app, 'PATCH', `/api/orders/${made._id}`, headers, { ...ORDER, quantity: 3 });
    expect(kept.json()).toMatchObject({ customerId: ada._id });
    const cleared = await call(app, 'PATCH', `/api/orders/${made._id}`, headers, { ...ORDER, customerId: null });
    expect(cleared.json()).not.toHaveProperty('customerId');
  });

  it("refuses an order for another store's customer (404) or an archived one (409), and changes nothing", async () => {
    const headers = await newStore();
    const stranger = await create(await newStore(), { name: 'Stranger' });
    expectMessage(await order(headers, { customerId: stranger._id }), 404, MESSAGES.customerNotFound);
    const grace = await create(headers, GRACE);
    const first = (await order(headers, { customerId: grace._id })).json<Order>();
    expect((await call(app, 'DELETE', `/api/customers/${grace._id}`, headers)).json()).toEqual({ message: MESSAGES.customerArchived, outcome: 'archived' });
    expectMessage(await order(headers, { customerId: grace._id }), 409, MESSAGES.customerArchivedNoOrders(GRACE.name));
    const other = (await order(headers)).json<Order>();
    expectMessage(await call(app, 'PATCH', `/api/orders/${other._id}`, headers, { ...ORDER, customerId: grace._id }), 409, MESSAGES.customerArchivedNoOrders(GRACE.name));
    expectMessage(await call(app, 'PATCH', `/api/orders/${other._id}`, headers, { ...ORDER, customerId: stranger._id }), 404, MESSAGES.customerNotFound);
    // The order that has them keeps them, and may still be changed.
    const edited = await call(app, 'PATCH', `/api/orders/${first._id}`, headers, { ...ORDER, quantity: 5, customerId: grace._id });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await call(app, 'GET', '/api/orders', headers)).json<Order[]>()).toHaveLength(2);
  });

  it('deletes a customer without orders, archives one with orders, hides archived ones unless asked, and restores them', async () => {
    const headers = await newStore();
    const lone = await create(headers, { name: 'Lone Customer' });
    const grace = await create(headers, GRACE);
    const placed = (await order(headers, { customerId: grace._id })).json<Order>();
    const second = (await order(headers, { customerId: grace._id, price: 10, quantity: 1 })).json<Order>();
    const cancelled = (await order(headers, { customerId: grace._id, price: 1000, quantity: 1 })).json<Order>();
    // Newest first, then by id: orders placed within one millisecond tie on their time.
    const newestFirst = [placed, second, cancelled]
      .sort((x, y) => (x.createdAt === y.createdAt ? (x._id < y._id ? 1 : -1) : x.createdAt < y.createdAt ? 1 : -1))
      .map((o) => o._id);
    await call(app, 'PATCH', `/api/orders/${cancelled._id}`, headers, { ...ORDER, price: 1000, quantity: 1, status: 'cancelled' });
    expect((await call(app, 'GET', `/api/customers/${grace._id}`, headers)).json()).toMatchObject({ orders: { orders: 3, value: 409.98 } });

    expectMessage(await call(app, 'DELETE', `/api/customers/${lone._id}`, { ...headers, 'if-match': '"7"' }), 409, MESSAGES.editConflict);
    expect((await call(app, 'DELETE', `/api/customers/${lone._id}`, headers)).json()).toEqual({ message: MESSAGES.customerDeleted, outcome: 'deleted' });
    expectMessage(await call(app, 'GET', `/api/customers/${lone._id}`, headers), 404, MESSAGES.customerNotFound);

    expect((await call(app, 'DELETE', `/api/customers/${grace._id}`, headers)).json()).toEqual({ message: MESSAGES.customerArchived, outcome: 'archived' });
    const archived = (await call(app, 'GET', `/api/customers/${grace._id}`, headers)).json<Customer>();
    expect(archived.archivedAt).toEqual(expect.any(String));
    expect((await call(app, 'GET', `/api/orders/${placed._id}`, headers)).json()).toMatchObject({ customer: { _id: grace._id } });
    const names = async (query: string) => (await call(app, 'GET', `/api/customers?${query}`, headers)).json<Page<Customer>>();
    expect(await names('')).toMatchObject({ items: [], total: 0, totalExact: true });
    expect((await names('archived=only')).items.map((c) => c.name)).toEqual([GRACE.name]);
    expect((await names('archived=include&q=cobol')).total).toBe(1);
    // Deleting again keeps them archived; their orders are still theirs.
    expect((await call(app, 'DELETE', `/api/customers/${grace._id}`, headers)).json()).toMatchObject({ outcome: 'archived' });
    const orders = (await call(app, 'GET', `/api/customers/${grace._id}/orders?limit=2`, headers)).json<Page<Order>>();
    expect(orders).toMatchObject({ total: 3, totalExact: true, prev: null });
    expect(orders.items.map((o) => o._id)).toEqual(newestFirst.slice(0, 2));
    const rest = (await call(app, 'GET', `/api/customers/${grace._id}/orders?limit=2&after=${orders.next}`, headers)).json<Page<Order>>();
    expect(rest.items.map((o) => o._id)).toEqual(newestFirst.slice(2));
    expect(rest.next).toBeNull();

    const restored = await call(app, 'POST', `/api/customers/${grace._id}/restore`, headers);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ archivedAt: null, orders: { orders: 3 } });
    expect((await names('')).items.map((c) => c.name)).toEqual([GRACE.name]);
    expect((await order(headers, { customerId: grace._id })).statusCode).toBe(201);
    // A customer whose orders are all gone is deleted the next time.
    for (const o of (await call(app, 'GET', '/api/orders', headers)).json<Order[]>()) await call(app, 'DELETE', `/api/orders/${o._id}`, headers);
    expect((await call(app, 'DELETE', `/api/customers/${grace._id}`, headers)).json()).toMatchObject({ outcome: 'deleted' });
    expectMessage(await call(app, 'GET', `/api/customers/${grace._id}/orders`, headers), 404, MESSAGES.customerNotFound);
  });

  it('pages, sorts and searches as the contract does, forward and back, for every sort, direction and filter', async () => {
    const headers = await newStore();
    const companies = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Stark Industries'];
    const made: Customer[] = [];
    for (let i = 0; i < 33; i += 1) {
      made.push(
        await create(headers, {
          // Equal names across rows, mixed case and a non-ASCII one: the ties go by id, the case is folded in ASCII.
          name: i % 7 === 0 ? 'Same Name' : `${i % 2 ? 'customer' : 'Customer'} ${String(33 - i).padStart(2, '0')}${i === 5 ? ' Ünal' : ''}`,
          company: companies[i % companies.length],
          email: i % 4 === 0 ? '' : `c${i}@example.com`,
          phone: `+1 555 01${String(i).padStart(2, '0')}`,
        }),
      );
    }
    for (const customer of made.slice(0, 6)) {
      if (made.indexOf(customer) % 2) await order(headers, { customerId: customer._id });
      await call(app, 'DELETE', `/api/customers/${customer._id}`, headers);
    }
    const all = [
      ...(await call(app, 'GET', '/api/customers?limit=100&archived=include', headers)).json<Page<Customer>>().items,
    ];
    expect(all).toHaveLength(30);
    for (const sort of ['name', 'company', 'email', 'createdAt'] as const)
      for (const dir of ['asc', 'desc'] as const)
        for (const archived of ['exclude', 'only', 'include'] as const)
          for (const q of ['', 'acme', 'ÜNAL', '0107', 'c1', 'x@']) {
            const base = { limit: '4', sort, dir, archived, ...(q ? { q } : {}) };
            let page = (await call(app, 'GET', `/api/customers?${new URLSearchParams(base)}`, headers)).json<Page<Customer>>();
            const expected = queryCustomers(all, customerListQuerySchema.parse(base));
            expect(page, JSON.stringify(base)).toEqual(expected);
            const walked = [...page.items];
            while (page.next) {
              const query = { ...base, after: page.next };
              page = (await call(app, 'GET', `/api/customers?${new URLSearchParams(query)}`, headers)).json<Page<Customer>>();
              const want = queryCustomers(all, customerListQuerySchema.parse(query));
              expect(page.items.map((c) => c._id), JSON.stringify(query)).toEqual(want.items.map((c) => c._id));
              expect([page.next, page.prev]).toEqual([want.next, want.prev]);
              walked.push(...page.items);
            }
            if (page.prev) {
              const back = { ...base, before: page.prev };
              const previous = (await call(app, 'GET', `/api/customers?${new URLSearchParams(back)}`, headers)).json<Page<Customer>>();
              expect(previous.items.map((c) => c._id), JSON.stringify(back)).toEqual(
                queryCustomers(all, customerListQuerySchema.parse(back)).items.map((c) => c._id),
              );
            }
            expect(walked.length).toBe(expected.total);
          }
    // A walk of a few rows leaves searched pages short: each then reads its matches through the trigram index.
    const storeId = (await call(app, 'GET', '/api/stores/active', headers)).json<{ _id: string }>()._id;
    for (const sort of ['name', 'email'] as const)
      for (const archived of ['exclude', 'include'] as const)
        for (const q of ['ust', 'example', 'ÜNAL', 'STARK']) {
          const query = customerListQuerySchema.parse({ limit: '3', sort, archived, q });
          const rule = queryCustomers(all, { ...query, limit: 100 });
          const expected = rule.items.map((c) => c._id);
          const ids: string[] = [];
          const totals: unknown[] = [];
          let page = await pageOfSource<{ id: string }>(app.db, customerListSource(app.db, storeId, query), query, 2);
          ids.push(...page.rows.map((row) => row.id));
          totals.push([page.total, page.totalExact]);
          while (page.next) {
            const next = { ...query, after: page.next };
            page = await pageOfSource<{ id: string }>(app.db, customerListSource(app.db, storeId, next), next, 2);
            ids.push(...page.rows.map((row) => row.id));
            totals.push([page.total, page.totalExact]);
          }
          expect(ids, JSON.stringify({ sort, archived, q })).toEqual(expected);
          // Every page's total counts all the matches, the ones before its cursor too (counted as they are gathered).
          expect(new Set(totals.map((total) => JSON.stringify(total))), JSON.stringify({ sort, archived, q })).toEqual(
            new Set([JSON.stringify([rule.total, rule.totalExact])]),
          );
        }
    expectMessage(await call(app, 'GET', '/api/customers?sort=price', headers), 400, MESSAGES.invalidListQuery);
    expectMessage(await call(app, 'GET', `/api/customers?after=${encodeURIComponent('bm90IGEgY3Vyc29y')}`, headers), 400, MESSAGES.invalidCursor);
  });
});

function expectMessage(response: { statusCode: number; json: () => unknown; body: string }, status: number, message: string) {
  expect({ status: response.statusCode, body: response.json() }, response.body).toEqual({ status, body: { message } });
}
