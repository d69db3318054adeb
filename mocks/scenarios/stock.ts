import { MESSAGES, type Movement, type MovementPage, type Order, type Product } from '@inventory/contract';
import { expect } from 'vitest';
import type { ScenarioClient } from './client';
import { UNKNOWN_UUID, formOf, isoDate } from './support';
import type { Scenario } from './types';
import { expectMessage, register } from './users';

const PRODUCTS = '/api/products';
const ORDERS = '/api/orders';

async function newProduct(client: ScenarioClient, quantity: number, name = 'Dock'): Promise<Product> {
  const response = await client.postForm<Product>(
    PRODUCTS,
    formOf({ name, category: 'Accessories', price: '49.50', quantity, reorderPoint: 2 }),
  );
  expect(response.status).toBe(201);
  return response.body;
}

async function quantityOf(client: ScenarioClient, id: string): Promise<number> {
  const response = await client.get<Product>(`${PRODUCTS}/${id}`);
  expect(response.status).toBe(200);
  return response.body.quantity;
}

/** The whole history of a product, newest first, read page by page (`next` as `after`). */
async function historyOf(client: ScenarioClient, id: string, limit = 2): Promise<Movement[]> {
  const all: Movement[] = [];
  let after: string | null = null;
  do {
    const query: string = after === null ? `limit=${limit}` : `limit=${limit}&after=${after}`;
    const response = await client.get<MovementPage>(`${PRODUCTS}/${id}/movements?${query}`);
    expect(response.status).toBe(200);
    expect(response.body.items.length).toBeLessThanOrEqual(limit);
    all.push(...response.body.items);
    after = response.body.next;
  } while (after !== null);
  return all;
}

const orderOf = (productId: string, quantity: number, name = 'Dock order') => ({
  name,
  category: 'Accessories',
  price: 49.5,
  quantity,
  productId,
});

export const stockScenarios: Scenario[] = [
  {
    name: 'stock: orders with a product take stock (409 with what is available when short); status changes move it back and forth',
    async run(client) {
      await register(client, 'stockton');
      const product = await newProduct(client, 5);

      const placed = await client.post<Order>(ORDERS, orderOf(product._id, 3));
      expect({ status: placed.status, productId: placed.body.productId, state: placed.body.status }).toEqual({
        status: 201,
        productId: product._id,
        state: 'open',
      });
      expect(await quantityOf(client, product._id)).toBe(2);
      expectMessage(await client.post(ORDERS, orderOf(product._id, 3)), 409, MESSAGES.insufficientStock(2));
      expectMessage(await client.post(ORDERS, orderOf(UNKNOWN_UUID, 1)), 400, MESSAGES.orderProductGone);
      expect((await client.get<Order[]>(ORDERS)).body).toHaveLength(1);

      const order = placed.body;
      const body = orderOf(product._id, 3);
      const cancelled = await client.patch<Order>(`${ORDERS}/${order._id}`, { ...body, status: 'cancelled' });
      expect({ status: cancelled.status, state: cancelled.body.status }).toEqual({ status: 200, state: 'cancelled' });
      expect(await quantityOf(client, product._id)).toBe(5);
      const reopened = await client.patch<Order>(`${ORDERS}/${order._id}`, { ...body, status: 'open' });
      expect({ status: reopened.status, state: reopened.body.status }).toEqual({ status: 200, state: 'open' });
      expect(await quantityOf(client, product._id)).toBe(2);
      // A bigger quantity takes the difference; more than there is answers 409 and moves nothing.
      expect((await client.patch(`${ORDERS}/${order._id}`, { ...body, quantity: 4 })).status).toBe(200);
      expect(await quantityOf(client, product._id)).toBe(1);
      expectMessage(await client.patch(`${ORDERS}/${order._id}`, { ...body, quantity: 9 }), 409, MESSAGES.insufficientStock(1));
      expect(await quantityOf(client, product._id)).toBe(1);
      // Another product: the old one gets its stock back, the new one gives.
      const other = await newProduct(client, 10, 'Hub');
      const moved = await client.patch<Order>(`${ORDERS}/${order._id}`, { ...orderOf(other._id, 4) });
      expect({ status: moved.status, productId: moved.body.productId }).toEqual({ status: 200, productId: other._id });
      expect([await quantityOf(client, product._id), await quantityOf(client, other._id)]).toEqual([5, 6]);
      expectMessage(await client.patch(`${ORDERS}/${order._id}`, orderOf(UNKNOWN_UUID, 4)), 400, MESSAGES.orderProductGone);
      // Fulfilled is final: the goods have left, nothing moves, and the order cannot change.
      const fulfilled = await client.patch<Order>(`${ORDERS}/${order._id}`, { ...orderOf(other._id, 4), status: 'fulfilled' });
      expect({ status: fulfilled.status, state: fulfilled.body.status }).toEqual({ status: 200, state: 'fulfilled' });
      expect(await quantityOf(client, other._id)).toBe(6);
      expectMessage(
        await client.patch(`${ORDERS}/${order._id}`, { ...orderOf(other._id, 4), status: 'open' }),
        409,
        MESSAGES.orderFulfilledLocked,
      );
      expect(await quantityOf(client, other._id)).toBe(6);
      // Deleting an open order gives its stock back; deleting a fulfilled one does not.
      const second = await client.post<Order>(ORDERS, orderOf(other._id, 2));
      expect(await quantityOf(client, other._id)).toBe(4);
      expect((await client.delete(`${ORDERS}/${second.body._id}`)).status).toBe(200);
      expect(await quantityOf(client, other._id)).toBe(6);
      expect((await client.delete(`${ORDERS}/${order._id}`)).status).toBe(200);
      expect(await quantityOf(client, other._id)).toBe(6);

      const reasons = (await historyOf(client, product._id)).map((m) => [m.reason, m.change, m.quantityAfter]);
      expect(reasons).toEqual([
        ['order_changed', 4, 5],
        ['order_changed', -1, 1],
        ['order_reopened', -3, 2],
        ['order_cancelled', 3, 5],
        ['order_placed', -3, 2],
        ['created', 5, 5],
      ]);
      const otherReasons = (await historyOf(client, other._id, 10)).map((m) => [m.reason, m.change, m.quantityAfter]);
      expect(otherReasons).toEqual([
        ['order_deleted', 2, 6],
        ['order_placed', -2, 4],
        ['order_changed', -4, 6],
        ['created', 10, 10],
      ]);
    },
  },
  {
    name: 'stock: deleting a product with orders archives it; its orders keep it and their version, and cancelling one gives its stock back',
    async run(client) {
      await register(client, 'orphan');
      const product = await newProduct(client, 5);
      const placed = await client.post<Order>(ORDERS, orderOf(product._id, 2));
      const path = `${ORDERS}/${placed.body._id}`;
      const before = await client.get<Order>(path);
      const removed = await client.delete(`${PRODUCTS}/${product._id}`);
      expect({ status: removed.status, removal: removed.headers.get('product-removal') }).toEqual({ status: 200, removal: 'archived' });
      const after = await client.get<Order>(path);
      expect({ productId: after.body.productId, sku: after.body.sku, quantity: after.body.quantity }).toEqual({
        productId: product._id,
        sku: placed.body.sku,
        quantity: 2,
      });
      expect(after.headers.get('etag')).toBe(before.headers.get('etag'));
      const cancelled = await client.patch<Order>(path, { ...orderOf(product._id, 2), status: 'cancelled' }, {
        headers: { 'if-match': after.headers.get('etag')! },
      });
      expect({ status: cancelled.status, state: cancelled.body.status }).toEqual({ status: 200, state: 'cancelled' });
      expect((await client.get<Product>(`${PRODUCTS}/${product._id}`)).body).toMatchObject({ quantity: 5, archivedAt: expect.any(String) });
    },
  },
  {
    name: 'stock: the history pages newest first with who and why; a correction moves stock but never below 0',
    async run(client) {
      const { name } = await register(client, 'corrie');
      const product = await newProduct(client, 3);
      const path = `${PRODUCTS}/${product._id}`;

      const adjusted = await client.post(`${path}/adjustments`, { change: 4 });
      expect({ status: adjusted.status, body: adjusted.body }).toEqual({
        status: 200,
        body: { message: MESSAGES.stockAdjusted, quantity: 7 },
      });
      expectMessage(await client.post(`${path}/adjustments`, { change: -8 }), 409, MESSAGES.stockWouldBeNegative(7));
      expect((await client.post(`${path}/adjustments`, { change: -7 })).body).toEqual({
        message: MESSAGES.stockAdjusted,
        quantity: 0,
      });
      expect((await client.post(`${path}/adjustments`, { change: 'two' })).status).toBe(400);
      expectMessage(await client.post(`${path}/adjustments`, { change: 1, note: 'a\nb' }), 400, MESSAGES.controlCharacters('Note'));
      expectMessage(await client.post(`${path}/adjustments`, { change: 1, reason: 'stolen' }), 400, MESSAGES.correctionReasonInvalid);
      expect((await client.post(`${path}/adjustments`, { change: 1, colour: 'x' })).status).toBe(400);
      expectMessage(await client.post(`${PRODUCTS}/${UNKNOWN_UUID}/adjustments`, { change: 1 }), 404, MESSAGES.productNotFound);
      expect(await quantityOf(client, product._id)).toBe(0);

      const first = await client.get<MovementPage>(`${path}/movements?limit=2`);
      expect(first.status).toBe(200);
      expect(first.body.items).toHaveLength(2);
      expect(first.body.next).toEqual(expect.any(String));
      expect(first.body.items[0]).toEqual({
        _id: expect.any(String),
        productId: product._id,
        change: -7,
        quantityAfter: 0,
        reason: 'correction',
        by: { name, token: null },
        orderId: null,
        // Sent without a reason (as clients written before reasons do): 'other'.
        correctionReason: 'other',
        note: null,
        createdAt: isoDate,
      });
      const rest = await client.get<MovementPage>(`${path}/movements?limit=2&after=${first.body.next}`);
      expect(rest.body).toEqual({ items: [expect.objectContaining({ reason: 'created', change: 3 })], next: null });
      // The default page and a bad query.
      expect((await client.get<MovementPage>(`${path}/movements`)).body.items).toHaveLength(3);
      expect((await client.get(`${path}/movements?limit=0`)).status).toBe(400);
      expect((await client.get(`${path}/movements?after=abc`)).status).toBe(400);
      expectMessage(await client.get(`${PRODUCTS}/${UNKNOWN_UUID}/movements`), 404, MESSAGES.productNotFound);
    },
  },
  {
    name: 'stock: a correction keeps its reason and note; orders are numbered per store and carry their product\'s SKU; an order is found by its number',
    async run(client) {
      await register(client, 'numbers');
      const product = await newProduct(client, 6);
      const path = `${PRODUCTS}/${product._id}`;
      const corrected = await client.post(`${path}/adjustments`, { change: -1, reason: 'damaged', note: '  Screen cracked  ' });
      expect(corrected.status).toBe(200);
      const [latest] = (await client.get<MovementPage>(`${path}/movements?limit=1`)).body.items;
      expect(latest).toMatchObject({ reason: 'correction', change: -1, correctionReason: 'damaged', note: 'Screen cracked' });

      const first = await client.post<Order>(ORDERS, orderOf(product._id, 1, 'First'));
      const second = await client.post<Order>(ORDERS, { name: 'Second', category: 'Cables', price: 5, quantity: 1 });
      expect([first.status, second.status]).toEqual([201, 201]);
      expect([first.body.number, second.body.number]).toEqual([1, 2]);
      expect(first.body.sku).toBe(product.sku);
      expect(second.body.sku).toMatch(/^CAB-\d+$/);
      // A refused order takes no number.
      expect((await client.post(ORDERS, orderOf(product._id, 99))).status).toBe(409);
      expect((await client.post<Order>(ORDERS, { name: 'Third', category: 'Cables', price: 5, quantity: 1 })).body.number).toBe(3);
      const found = await client.get<{ items: Order[]; total: number }>(`${ORDERS}?limit=5&q=SO-00002`);
      expect({ status: found.status, names: found.body.items.map((o) => o.name), total: found.body.total }).toEqual({ status: 200, names: ['Second'], total: 1 });
    },
  },
];
