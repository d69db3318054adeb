import { MESSAGES, type MovementPage, type Order, type Product } from '@inventory/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeProduct, mockDb, resetMockDb, signedIn, withProducts } from '../src';
import { server } from '../src/node';
import { checkMockedAnswers } from './support/openapi';

const base = 'http://stock.mock.test';
async function call<T>(method: string, path: string, body?: unknown): Promise<[number, T]> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return [response.status, (await response.json()) as T];
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => resetMockDb());
afterEach(() => server.resetHandlers());
const answers = checkMockedAnswers(server);
afterEach(async () => expect(await answers.take()).toEqual([]));
afterAll(() => server.close());

const product = makeProduct({ name: 'Dock', category: 'Accessories', quantity: 5 });
const order = (quantity: number, productId: string | null = product._id) => ({
  name: 'Dock',
  category: 'Accessories',
  price: 10,
  quantity,
  productId,
});
const quantity = () => mockDb.products.find((p) => p._id === product._id)!.quantity;

describe('stock in the mocks (the server rules)', () => {
  beforeEach(() => {
    signedIn()();
    withProducts([product])();
  });

  it('an order takes stock, too much is 409, an unknown product 400; cancel gives back, reopen takes again', async () => {
    const [status, placed] = await call<Order>('POST', '/api/orders', order(2));
    expect(status).toBe(201);
    expect(placed).toMatchObject({ status: 'open', productId: product._id });
    expect(quantity()).toBe(3);
    expect(await call('POST', '/api/orders', order(10))).toEqual([409, { message: MESSAGES.insufficientStock(3) }]);
    expect(await call('POST', '/api/orders', order(1, '7d6f7a4e-0000-4000-8000-000000000000'))).toEqual([
      400,
      { message: MESSAGES.orderProductGone },
    ]);
    expect(quantity()).toBe(3);
    await call('PATCH', `/api/orders/${placed._id}`, { ...order(3), status: 'open' });
    expect(quantity()).toBe(2);
    await call('PATCH', `/api/orders/${placed._id}`, { ...order(3), status: 'cancelled' });
    expect(quantity()).toBe(5);
    await call('PATCH', `/api/orders/${placed._id}`, { ...order(3), status: 'open' });
    expect(quantity()).toBe(2);
    await call('PATCH', `/api/orders/${placed._id}`, { ...order(3), status: 'fulfilled' });
    expect(await call('PATCH', `/api/orders/${placed._id}`, { ...order(3), status: 'open' })).toEqual([
      409,
      { message: MESSAGES.orderFulfilledLocked },
    ]);
    const [, page] = await call<MovementPage>('GET', `/api/products/${product._id}/movements?limit=3`);
    expect(page.items.map((m) => [m.reason, m.change, m.quantityAfter])).toEqual([
      ['order_reopened', -3, 2],
      ['order_cancelled', 3, 5],
      ['order_changed', -1, 2],
    ]);
    const [, older] = await call<MovementPage>('GET', `/api/products/${product._id}/movements?limit=3&after=${page.next}`);
    expect(older.items.map((m) => m.reason)).toEqual(['order_placed']);
    expect(older.next).toBeNull();
  });

  it('deleting an open order gives its stock back; corrections move stock and never below 0', async () => {
    const [, placed] = await call<Order>('POST', '/api/orders', order(4));
    await call('DELETE', `/api/orders/${placed._id}`);
    expect(quantity()).toBe(5);
    expect(await call('POST', `/api/products/${product._id}/adjustments`, { change: -2 })).toEqual([
      200,
      { message: MESSAGES.stockAdjusted, quantity: 3 },
    ]);
    expect(await call('POST', `/api/products/${product._id}/adjustments`, { change: -4 })).toEqual([
      409,
      { message: MESSAGES.stockWouldBeNegative(3) },
    ]);
    expect((await call('POST', `/api/products/${product._id}/adjustments`, { change: 0 }))[0]).toBe(400);
  });

  it('products: created and edited quantities are movements; the reorder point is stored and kept when absent', async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ name: 'Cable', category: 'Cables', price: '3', quantity: '7', reorderPoint: '4' })) {
      form.append(key, value);
    }
    const created = (await (await fetch(`${base}/api/products`, { method: 'POST', body: form })).json()) as Product;
    expect(created.reorderPoint).toBe(4);
    const edit = new FormData();
    for (const [key, value] of Object.entries({ name: 'Cable', category: 'Cables', price: '3', quantity: '9' })) {
      edit.append(key, value);
    }
    const edited = (await (await fetch(`${base}/api/products/${created._id}`, { method: 'PATCH', body: edit })).json()) as Product;
    expect(edited).toMatchObject({ quantity: 9, reorderPoint: 4 });
    const [, page] = await call<MovementPage>('GET', `/api/products/${created._id}/movements`);
    expect(page.items.map((m) => [m.reason, m.change, m.quantityAfter, m.by?.name])).toEqual([
      ['edited', 2, 9, 'Jane Doe'],
      ['created', 7, 7, 'Jane Doe'],
    ]);
  });
});
