import { MESSAGES, type Order } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, register, startApp } from './support/app';
import { databases, type TestDatabase } from './support/databases';

const ORDER = { name: 'Dell Monitor', category: 'monitors', price: 249.5, quantity: 3 };

describe.each(databases)('orders API on $name', (kind) => {
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

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string | undefined, payload?: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method, url, headers: { ...cookieHeader(token), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
  const newUser = async () => (await register(app)).token;

  it('creates (201, server-made SKU, ETag), reads, lists newest first, updates and deletes', async () => {
    const token = await newUser();
    const created = await call('POST', '/api/orders/', token, ORDER);
    expect(created.statusCode).toBe(201);
    expect(created.headers.etag).toBe('"1"');
    const order = created.json<Order>();
    expect(order).toEqual({
      _id: expect.any(String),
      ...ORDER,
      sku: expect.stringMatching(/^MON-\d{13}$/),
      status: 'open',
      productId: null,
      number: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      createdBy: { name: 'Ada Lovelace', token: null },
      updatedBy: { name: 'Ada Lovelace', token: null },
    });
    const second = (await call('POST', '/api/orders', token, { ...ORDER, name: 'Second', price: '10', quantity: '0' })).json<Order>();
    expect(second).toMatchObject({ price: 10, quantity: 0 });
    expect((await call('GET', '/api/orders', token)).json<Order[]>().map((o) => o._id)).toEqual([second._id, order._id]);
    const one = await call('GET', `/api/orders/${order._id}`, token);
    expect(one.json()).toEqual(order);
    expect(one.headers.etag).toBe('"1"');

    const updated = await call('PATCH', `/api/orders/${order._id}`, token, { name: 'Renamed', category: 'Screens', price: 1, quantity: 2 });
    expect(updated.statusCode).toBe(200);
    expect(updated.headers.etag).toBe('"2"');
    expect(updated.json()).toMatchObject({ _id: order._id, name: 'Renamed', category: 'Screens', price: 1, quantity: 2, sku: order.sku });

    const deleted = await call('DELETE', `/api/orders/${order._id}`, token);
    expect(deleted.json()).toEqual({ message: MESSAGES.orderDeleted });
    expect((await call('GET', `/api/orders/${order._id}`, token)).statusCode).toBe(404);
  });

  it('needs a session', async () => {
    expect((await call('GET', '/api/orders', undefined)).statusCode).toBe(401);
    expect((await call('POST', '/api/orders', undefined, ORDER)).statusCode).toBe(401);
  });

  it.each([
    [{ ...ORDER, name: '' }, MESSAGES.nameRequired],
    [{ ...ORDER, category: ' ' }, MESSAGES.categoryRequired],
    [{ ...ORDER, price: -1 }, MESSAGES.priceInvalid],
    [{ ...ORDER, price: 1.234 }, MESSAGES.priceDecimals],
    [{ ...ORDER, quantity: 1.5 }, MESSAGES.quantityInvalid],
    [{ ...ORDER, quantity: '' }, MESSAGES.quantityRequired],
    [{ ...ORDER, user: 'x' }, 'Unexpected field: user'],
    [{ ...ORDER, owner: 'x' }, 'Unexpected field: owner'],
    [{ name: 'x', category: 'y', price: 1 }, MESSAGES.allFieldsRequired],
    [[], 'Request body must be a JSON object'],
  ])('answers 400 for %j on POST and PATCH', async (payload, message) => {
    const token = await newUser();
    const response = await call('POST', '/api/orders', token, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect((await call('GET', '/api/orders', token)).json()).toEqual([]);
    const order = (await call('POST', '/api/orders', token, ORDER)).json<Order>();
    const patched = await call('PATCH', `/api/orders/${order._id}`, token, payload);
    expect(patched.statusCode).toBe(400);
    expect((await call('GET', `/api/orders/${order._id}`, token)).json()).toEqual(order);
  });

  it('refuses a sku on POST: the server makes it', async () => {
    const token = await newUser();
    const response = await call('POST', '/api/orders', token, { ...ORDER, sku: 'MON-1' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Unexpected field: sku' });
  });

  it('PATCH takes back the whole order it answered: _id, sku, timestamps and __v are ignored, whatever their value', async () => {
    const token = await newUser();
    const order = (await call('POST', '/api/orders', token, ORDER)).json<Order>();
    const fetched = (await call('GET', `/api/orders/${order._id}`, token)).json<Order>();
    const whole = { ...fetched, name: 'Renamed', quantity: 9, __v: 0 };
    const updated = await call('PATCH', `/api/orders/${order._id}`, token, whole);
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ _id: order._id, sku: order.sku, createdAt: order.createdAt, name: 'Renamed', quantity: 9 });
    const forged = { ...whole, _id: '00000000-0000-4000-8000-000000000000', sku: 'HACK-1', createdAt: '2000-01-01T00:00:00.000Z', updatedAt: { $gt: '' }, __v: 'x' };
    const again = await call('PATCH', `/api/orders/${order._id}`, token, forged);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ _id: order._id, sku: order.sku, createdAt: order.createdAt });
    expect(again.json<Order>().updatedAt).not.toBe('2000-01-01T00:00:00.000Z');
  });

  it('answers 404 orderNotFound for unknown, malformed and other users\' orders, and never lists them', async () => {
    const a = await newUser();
    const b = await newUser();
    const order = (await call('POST', '/api/orders', a, ORDER)).json<Order>();
    for (const id of [order._id, '00000000-0000-4000-8000-000000000000', 'nope']) {
      const token = id === order._id ? b : a;
      for (const response of [
        await call('GET', `/api/orders/${id}`, token),
        await call('PATCH', `/api/orders/${id}`, token, ORDER),
        await call('DELETE', `/api/orders/${id}`, token),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: MESSAGES.orderNotFound });
      }
    }
    expect((await call('GET', '/api/orders', b)).json()).toEqual([]);
    expect((await call('GET', `/api/orders/${order._id}`, a)).json()).toEqual(order);
  });

  it('a stale If-Match answers 409 and changes nothing', async () => {
    const token = await newUser();
    const order = (await call('POST', '/api/orders', token, ORDER)).json<Order>();
    const url = `/api/orders/${order._id}`;
    expect((await call('PATCH', url, token, { ...ORDER, name: 'One' }, { 'if-match': '"1"' })).statusCode).toBe(200);
    const stale = await call('PATCH', url, token, { ...ORDER, name: 'Two' }, { 'if-match': '"1"' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: MESSAGES.editConflict });
    expect((await call('GET', url, token)).json()).toMatchObject({ name: 'One' });
    expect((await call('DELETE', url, token, undefined, { 'if-match': '"1"' })).statusCode).toBe(409);
    const plain = await call('PATCH', url, token, { ...ORDER, name: 'Three' });
    expect(plain.headers.etag).toBe('"3"');
  });
});
