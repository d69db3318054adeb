import type { Order, Product } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '../src/db/write-transaction';
import { findStockMismatches } from '../src/ops/check-stock';
import { cookieHeader, register, startApp } from './support/app';
import { multipart, PRODUCT_FIELDS } from './support/catalogue';
import { databases, type TestDatabase } from './support/databases';
import { call } from './support/team';

/**
 * Writes of every kind at once on the same products: an order edit used to lock its order (whose trigger updates the
 * store's counters) and then the product, an order create the product and then the counters, and PostgreSQL answered
 * one of them "deadlock detected" as a 500. One lock order (products, then the order, then the counters) and a bounded
 * retry of a deadlock victim: no mix of writes answers a 5xx, and the ledger adds up.
 */
describe.each(databases)('concurrent writes on the same products ($name)', (kind) => {
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
  const order = (product: Product, quantity = 1) =>
    call(app, 'POST', '/api/orders', headers, { name: product.name, category: product.category, price: 10, quantity, productId: product._id });
  const cancel = (placed: Order) =>
    call(app, 'PATCH', `/api/orders/${placed._id}`, headers, { name: placed.name, category: placed.category, price: placed.price, quantity: placed.quantity, status: 'cancelled' });

  it('cancels and creates of orders for one product at once never answer 5xx', { timeout: 60_000 }, async () => {
    const product = await newProduct(1_000);
    const statuses: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      const placed = await Promise.all([order(product), order(product), order(product)]);
      const orders = placed.map((response) => response.json<Order>());
      const answers = await Promise.all([...orders.map(cancel), order(product), order(product), order(product)]);
      statuses.push(...answers.map((response) => response.statusCode));
    }
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.every((status) => status === 200 || status === 201)).toBe(true);
    expect(await findStockMismatches(app.db)).toEqual([]);
  });

  it('edits, deletes, cancels, reopenings and corrections on two products at once never answer 5xx', { timeout: 60_000 }, async () => {
    const products = [await newProduct(500), await newProduct(500)];
    const failures: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      const placed = (await Promise.all(products.flatMap((product) => [order(product, 2), order(product, 3)]))).map((response) => response.json<Order>());
      const answers = await Promise.all([
        cancel(placed[0]!),
        call(app, 'DELETE', `/api/orders/${placed[1]!._id}`, headers),
        // Moving an order from one product to the other locks both.
        call(app, 'PATCH', `/api/orders/${placed[2]!._id}`, headers, { name: 'Moved', category: 'Misc', price: 1, quantity: 4, productId: products[0]!._id }),
        call(app, 'PATCH', `/api/orders/${placed[0]!._id}`, headers, { name: 'Moved', category: 'Misc', price: 1, quantity: 1, productId: products[1]!._id }),
        call(app, 'POST', `/api/products/${products[0]!._id}/adjustments`, headers, { change: 5 }),
        call(app, 'POST', `/api/products/${products[1]!._id}/adjustments`, headers, { change: -1 }),
        order(products[1]!),
        order(products[0]!),
      ]);
      for (const response of answers) if (response.statusCode >= 500) failures.push(`${response.statusCode} ${response.body}`);
    }
    expect(failures).toEqual([]);
    expect(await findStockMismatches(app.db)).toEqual([]);
  });

  it.runIf(kind.name === 'postgres')('a deadlock victim runs again from the start, a few times at most', async () => {
    let attempts = 0;
    const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const result = await writeTransaction(app.db, async () => {
      attempts += 1;
      if (attempts < 3) throw deadlock();
      return 'done';
    });
    expect({ result, attempts }).toEqual({ result: 'done', attempts: 3 });
    attempts = 0;
    await expect(writeTransaction(app.db, async () => ((attempts += 1), Promise.reject(deadlock())))).rejects.toThrow('deadlock detected');
    expect(attempts).toBe(5);
  });
});
