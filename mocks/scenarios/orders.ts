import { LIMITS, MESSAGES, isValidSku, type Order } from '@inventory/contract';
import { expect } from 'vitest';
import { raw, type ScenarioClient } from './client';
import { UNKNOWN_UUID, etagOf, isoDate, withoutAudit } from './support';
import type { Scenario } from './types';
import { expectMessage, register } from './users';

const ORDERS = '/api/orders';

const toner = { name: 'HP 59A Toner', category: 'Printers', price: 119.9, quantity: 6 };

function expectOrder(body: unknown, expected: Partial<Order> = {}): Order {
  expect(withoutAudit(body)).toEqual({
    _id: expect.any(String),
    name: expect.any(String),
    sku: expect.any(String),
    category: expect.any(String),
    price: expect.any(Number),
    quantity: expect.any(Number),
    status: 'open',
    productId: null,
    number: expect.any(Number),
    createdAt: isoDate,
    updatedAt: isoDate,
    ...expected,
  });
  return body as Order;
}

async function createOrder(client: ScenarioClient, body: object = toner): Promise<Order> {
  const response = await client.post(ORDERS, body);
  expect({ status: response.status, body: response.body }).toEqual({ status: 201, body: expect.any(Object) });
  return expectOrder(response.body);
}

async function listOrders(client: ScenarioClient): Promise<Order[]> {
  const response = await client.get<Order[]>(ORDERS);
  expect(response.status).toBe(200);
  expect(Array.isArray(response.body)).toBe(true);
  return response.body;
}

export const orderScenarios: Scenario[] = [
  {
    name: 'orders: every route answers 401 when signed out',
    async run(client) {
      const url = `${ORDERS}/${UNKNOWN_UUID}`;
      expectMessage(await client.get(ORDERS), 401, MESSAGES.notAuthorized);
      expectMessage(await client.get(url), 401, MESSAGES.notAuthorized);
      expectMessage(await client.post(ORDERS, toner), 401, MESSAGES.notAuthorized);
      expectMessage(await client.patch(url, toner), 401, MESSAGES.notAuthorized);
      expectMessage(await client.delete(url), 401, MESSAGES.notAuthorized);
    },
  },
  {
    name: 'orders: create answers 201 with a server-made SKU; the list holds the own ones, newest first; get one',
    async run(client) {
      await register(client, 'olga');
      expect(await listOrders(client)).toEqual([]);
      const first = await createOrder(client);
      expectOrder(first, { ...toner });
      expect(first.sku).toMatch(/^PRI-\d+$/);
      expect(isValidSku(first.sku, 'Printers')).toBe(true);
      // Numbers may arrive as the form's text.
      const second = await createOrder(client, {
        name: ' Cat6 Cable ',
        category: 'Networking',
        price: '18.75',
        quantity: '0',
      });
      expectOrder(second, { name: 'Cat6 Cable', category: 'Networking', price: 18.75, quantity: 0 });
      expect(second.sku).toMatch(/^NET-\d+$/);

      expect((await listOrders(client)).map((o) => o._id)).toEqual([second._id, first._id]);
      const one = await client.get(`${ORDERS}/${first._id}`);
      expect({ status: one.status, body: one.body }).toEqual({ status: 200, body: first });
    },
  },
  {
    name: 'orders: create and update validate with the form messages, refuse a client SKU, and save nothing on a 400',
    async run(client) {
      await register(client, 'pedro');
      const cases: Array<[unknown, string]> = [
        [{ ...toner, sku: 'PRI-1700000000000' }, 'Unexpected field: sku'],
        [{ ...toner, name: undefined }, MESSAGES.nameRequired],
        [{ ...toner, name: ' ' }, MESSAGES.nameRequired],
        [{ ...toner, name: 'n'.repeat(LIMITS.name + 1) }, MESSAGES.fieldTooLong('Name', LIMITS.name)],
        [{ ...toner, category: '' }, MESSAGES.categoryRequired],
        [{ ...toner, category: 'c'.repeat(LIMITS.category + 1) }, MESSAGES.fieldTooLong('Category', LIMITS.category)],
        [{ ...toner, price: undefined }, MESSAGES.allFieldsRequired],
        [{ ...toner, price: '' }, MESSAGES.priceRequired],
        [{ ...toner, price: -1 }, MESSAGES.priceInvalid],
        [{ ...toner, price: 'ten' }, MESSAGES.priceInvalid],
        [{ ...toner, price: 1.234 }, MESSAGES.priceDecimals],
        [{ ...toner, price: 10_000_001 }, MESSAGES.priceTooHigh],
        [{ ...toner, quantity: undefined }, MESSAGES.allFieldsRequired],
        [{ ...toner, quantity: 2.5 }, MESSAGES.quantityInvalid],
        [{ ...toner, quantity: -1 }, MESSAGES.quantityInvalid],
        [{ ...toner, quantity: 1_000_001 }, MESSAGES.quantityTooHigh],
        [{ ...toner, note: 'urgent' }, 'Unexpected field: note'],
      ];
      for (const [body, message] of cases) {
        const response = await client.post(ORDERS, body);
        expect({ body, status: response.status, answer: response.body }).toEqual({
          body,
          status: 400,
          answer: { message },
        });
      }
      expectMessage(await client.post(ORDERS, raw('{"name":')), 400, MESSAGES.malformedJson);
      expect(await listOrders(client)).toEqual([]);

      const order = await createOrder(client);
      const url = `${ORDERS}/${order._id}`;
      // An edit ignores a SKU sent back (see the next scenario).
      for (const [body, message] of cases.filter(([body]) => !(typeof body === 'object' && body !== null && 'sku' in body))) {
        const response = await client.patch(url, body);
        expect({ body, status: response.status, answer: response.body }).toEqual({
          body,
          status: 400,
          answer: { message },
        });
      }
      expect((await client.get(url)).body).toEqual(order);
    },
  },
  {
    name: 'orders: an edit may send back the whole order it fetched (_id, sku, timestamps, __v): those are ignored',
    async run(client) {
      await register(client, 'quinn');
      const order = await createOrder(client);
      const url = `${ORDERS}/${order._id}`;
      const fetched = (await client.get<Order>(url)).body;
      const updated = await client.patch(url, { ...fetched, __v: 0, name: 'HP 59X Toner', quantity: 2 });
      expect(updated.status).toBe(200);
      expectOrder(updated.body, { ...toner, name: 'HP 59X Toner', quantity: 2, _id: order._id, sku: order.sku, createdAt: order.createdAt });
      const forged = { ...fetched, _id: UNKNOWN_UUID, sku: 'HACK-1', createdAt: '2000-01-01T00:00:00.000Z', updatedAt: '2000-01-01T00:00:00.000Z', __v: 'x' };
      const again = await client.patch(url, forged);
      expect(again.status).toBe(200);
      const after = expectOrder(again.body, { ...toner, _id: order._id, sku: order.sku, createdAt: order.createdAt });
      expect(after.updatedAt).not.toBe('2000-01-01T00:00:00.000Z');
      expectMessage(await client.get(`${ORDERS}/${UNKNOWN_UUID}`), 404, MESSAGES.orderNotFound);
      for (const key of ['user', 'owner', 'userId', 'password', 'role']) {
        expectMessage(await client.patch(url, { ...fetched, [key]: 'x' }), 400, `Unexpected field: ${key}`);
      }
      expectMessage(await client.post(ORDERS, { ...toner, _id: UNKNOWN_UUID }), 400, 'Unexpected field: _id');
    },
  },
  {
    name: 'orders: update answers the updated order with the same SKU; delete answers 200 and the order is gone',
    async run(client) {
      await register(client, 'quentin');
      const order = await createOrder(client);
      const url = `${ORDERS}/${order._id}`;
      const changes = { name: 'HP 59X Toner', category: 'Printers', price: 189.5, quantity: 2 };
      const updated = await client.patch(url, changes);
      expect(updated.status).toBe(200);
      const after = expectOrder(updated.body, {
        ...changes,
        _id: order._id,
        sku: order.sku,
        createdAt: order.createdAt,
      });
      expect(Date.parse(after.updatedAt)).toBeGreaterThanOrEqual(Date.parse(order.updatedAt));
      expect((await client.get(url)).body).toEqual(after);

      expectMessage(await client.delete(url), 200, MESSAGES.orderDeleted);
      expectMessage(await client.get(url), 404, MESSAGES.orderNotFound);
      expectMessage(await client.patch(url, changes), 404, MESSAGES.orderNotFound);
      expectMessage(await client.delete(url), 404, MESSAGES.orderNotFound);
      expect(await listOrders(client)).toEqual([]);
    },
  },
  {
    name: "orders: another user's, unknown and malformed ids answer 404, and lists never show another user's",
    async run(client) {
      await register(client, 'rosa');
      const order = await createOrder(client);
      const url = `${ORDERS}/${order._id}`;
      const other = client.newSession();
      await register(other, 'stefan');
      expect(await listOrders(other)).toEqual([]);
      expectMessage(await other.get(url), 404, MESSAGES.orderNotFound);
      expectMessage(await other.patch(url, { ...toner, name: 'Mine now' }), 404, MESSAGES.orderNotFound);
      expectMessage(await other.delete(url), 404, MESSAGES.orderNotFound);
      await createOrder(other, { ...toner, name: "Stefan's own" });
      expect((await listOrders(client)).map((o) => o._id)).toEqual([order._id]);
      expect((await client.get(url)).body).toEqual(order);
      for (const id of [UNKNOWN_UUID, 'not-a-uuid', '64b7f0c2a1d3e4f5a6b7c8d9']) {
        expectMessage(await client.get(`${ORDERS}/${id}`), 404, MESSAGES.orderNotFound);
      }
    },
  },
  {
    name: 'orders: single-item answers carry an ETag; a stale If-Match answers 409 and changes nothing',
    async run(client) {
      await register(client, 'tomas');
      const order = await createOrder(client);
      const url = `${ORDERS}/${order._id}`;
      expect(etagOf(await client.get(url))).toBe('"1"');
      const first = await client.patch(url, { ...toner, quantity: 7 }, { headers: { 'if-match': '"1"' } });
      expect(first.status).toBe(200);
      expect(etagOf(first)).toBe('"2"');
      expectMessage(
        await client.patch(url, { ...toner, quantity: 8 }, { headers: { 'if-match': '"1"' } }),
        409,
        MESSAGES.editConflict,
      );
      const now = await client.get(url);
      expect((now.body as Order).quantity).toBe(7);
      expect(etagOf(now)).toBe('"2"');
      const blind = await client.patch(url, { ...toner, quantity: 9 });
      expect((blind.body as Order).quantity).toBe(9);
      expect(etagOf(blind)).toBe('"3"');
    },
  },
];
