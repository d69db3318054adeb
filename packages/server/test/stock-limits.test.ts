import { MAX_QUANTITY, MESSAGES, type Order, type Product } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findStockMismatches } from '../src/ops/check-stock';
import { cookieHeader, register, startApp } from './support/app';
import { multipart, PRODUCT_FIELDS } from './support/catalogue';
import { databases, type TestDatabase } from './support/databases';
import { call } from './support/team';

/**
 * One range for a quantity (the contract's 0 to MAX_QUANTITY) on every path that changes it: a correction or an order
 * given back that would pass it answers 409 with a message and changes nothing, so a product can always be saved with
 * its own fields and no 32-bit column can overflow.
 */
describe.each(databases)('a quantity stays within its range on every path ($name)', (kind) => {
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

  const newProduct = async (quantity: number) => {
    const body = await multipart({ ...PRODUCT_FIELDS, quantity: String(quantity) });
    const response = await app.inject({ method: 'POST', url: '/api/products', payload: body.payload, headers: { ...body.headers, ...headers } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Product>();
  };
  const stockOf = async (id: string) => (await call(app, 'GET', `/api/products/${id}`, headers)).json<Product>().quantity;
  const correct = (id: string, change: number) => call(app, 'POST', `/api/products/${id}/adjustments`, headers, { change });

  it('a correction past the limit answers 409 with a message and changes nothing; up to it is fine', async () => {
    const product = await newProduct(MAX_QUANTITY);
    const past = await correct(product._id, 1);
    expect(past.statusCode).toBe(409);
    expect(past.json()).toEqual({ message: MESSAGES.stockAboveLimit(MAX_QUANTITY) });
    expect(await stockOf(product._id)).toBe(MAX_QUANTITY);
    const far = await correct(product._id, MAX_QUANTITY);
    expect(far.statusCode).toBe(409);
    expect((await correct(product._id, -10)).statusCode).toBe(200);
    expect((await correct(product._id, 10)).statusCode).toBe(200);
    expect(await stockOf(product._id)).toBe(MAX_QUANTITY);
    // The product can still be saved with its own fields.
    const body = await multipart({ ...PRODUCT_FIELDS, quantity: String(MAX_QUANTITY) });
    const saved = await app.inject({ method: 'PATCH', url: `/api/products/${product._id}`, payload: body.payload, headers: { ...body.headers, ...headers } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await findStockMismatches(app.db)).toEqual([]);
  });

  it('many corrections can never take a quantity past the limit', async () => {
    const product = await newProduct(0);
    const answers = await Promise.all(Array.from({ length: 6 }, () => correct(product._id, 400_000)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 409, 409, 409, 409]);
    expect(await stockOf(product._id)).toBe(800_000);
    expect(await findStockMismatches(app.db)).toEqual([]);
  });

  it('an order given back past the limit answers 409 and stays as it was', async () => {
    const product = await newProduct(MAX_QUANTITY);
    const placed = await call(app, 'POST', '/api/orders', headers, { name: 'Big', category: 'Misc', price: 1, quantity: 5, productId: product._id });
    expect(placed.statusCode).toBe(201);
    const order = placed.json<Order>();
    expect((await correct(product._id, 5)).statusCode).toBe(200);
    const cancelled = await call(app, 'PATCH', `/api/orders/${order._id}`, headers, { name: 'Big', category: 'Misc', price: 1, quantity: 5, status: 'cancelled' });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toEqual({ message: MESSAGES.stockAboveLimit(MAX_QUANTITY) });
    expect((await call(app, 'GET', `/api/orders/${order._id}`, headers)).json<Order>().status).toBe('open');
    expect(await stockOf(product._id)).toBe(MAX_QUANTITY);
    expect(await findStockMismatches(app.db)).toEqual([]);
  });
});
