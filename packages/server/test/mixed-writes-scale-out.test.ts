import type { Order, Product } from '@inventory/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createDb } from '../src/db';
import { findStockMismatches } from '../src/ops/check-stock';
import { PRODUCT_FIELDS } from './support/catalogue';
import { databases, type TestDatabase } from './support/databases';
import { api, cookie, type ServerProcess, sessionOf, startServer } from './support/processes';

/**
 * Issue 24's "done when": 50 writes of every kind at once (order creates, edits, cancels, reopenings and deletes,
 * product edits, stock corrections, a product deleted) on the same few products, through two server processes on one
 * database. None answers a 5xx, and afterwards every product's ledger adds up to its quantity.
 */
describe.each(databases)('50 mixed writes at once through two processes ($name)', (kind) => {
  let database: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;
  let token: string | undefined;

  beforeAll(async () => {
    database = await kind.create();
    [a, b] = await Promise.all([startServer({ env: database.env }), startServer({ env: database.env })]);
    const registered = await api(a.url, 'POST', '/api/users/register', undefined, {
      name: 'Mixed Writes',
      email: `mixed.${Date.now()}@example.com`,
      password: 'secret123',
    });
    expect(registered.status).toBe(201);
    token = sessionOf(registered);
  }, 90_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.cleanup();
  });

  const form = (base: string, method: string, url: string, fields: Record<string, string>) => {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    return fetch(`${base}${url}`, { method, body, headers: cookie(token) });
  };
  const newProduct = async (quantity: number) => {
    const response = await form(a.url, 'POST', '/api/products', { ...PRODUCT_FIELDS, quantity: String(quantity) });
    expect(response.status).toBe(201);
    return (await response.json()) as Product;
  };
  const orderBody = (product: Product, quantity: number, extra: Record<string, unknown> = {}) => ({
    name: product.name,
    category: product.category,
    price: 5,
    quantity,
    productId: product._id,
    ...extra,
  });

  it('no write answers a 5xx and the ledger adds up afterwards', { timeout: 120_000 }, async () => {
    const products = [await newProduct(5_000), await newProduct(5_000), await newProduct(5_000)];
    const placed: Order[] = [];
    for (let i = 0; i < 24; i += 1) {
      const product = products[i % 3]!;
      const response = await api(i % 2 ? a.url : b.url, 'POST', '/api/orders', token, orderBody(product, 1 + (i % 4)));
      expect(response.status).toBe(201);
      placed.push((await response.json()) as Order);
    }

    const failures: string[] = [];
    for (let round = 0; round < 2; round += 1) {
      const writes = Array.from({ length: 50 }, (_, i) => {
        const base = i % 2 ? a.url : b.url;
        const product = products[i % 3]!;
        const order = placed[(i + round * 7) % placed.length]!;
        switch (i % 10) {
          case 0:
          case 1:
            return api(base, 'POST', '/api/orders', token, orderBody(product, 2));
          case 2:
            return api(base, 'PATCH', `/api/orders/${order._id}`, token, orderBody(product, order.quantity, { status: 'cancelled', productId: order.productId }));
          case 3:
            return api(base, 'PATCH', `/api/orders/${order._id}`, token, orderBody(product, order.quantity + 1, { status: 'open', productId: order.productId }));
          case 4:
            // Moves the order to another product: gives back to one and takes from the other.
            return api(base, 'PATCH', `/api/orders/${order._id}`, token, orderBody(products[(i + 1) % 3]!, 2));
          case 5:
            return api(base, 'POST', `/api/products/${product._id}/adjustments`, token, { change: i % 4 === 0 ? -3 : 7 });
          case 6:
            return form(base, 'PATCH', `/api/products/${product._id}`, { ...PRODUCT_FIELDS, name: `Edited ${round}.${i}`, quantity: String(4_000 + i) });
          case 7:
            return api(base, 'DELETE', `/api/orders/${order._id}`, token);
          case 8:
            return api(base, 'GET', `/api/products?limit=10&sort=quantity`, token);
          default:
            return api(base, 'PATCH', `/api/orders/${order._id}`, token, orderBody(product, 1, { status: 'fulfilled', productId: order.productId }));
        }
      });
      if (round === 1) writes.push(api(a.url, 'DELETE', `/api/products/${products[2]!._id}`, token));
      for (const response of await Promise.all(writes)) {
        if (response.status >= 500) failures.push(`${response.status} ${response.url} ${await response.text()}`);
        else if (response.status >= 400) expect(typeof ((await response.json()) as { message?: unknown }).message).toBe('string');
      }
    }
    expect(failures).toEqual([]);

    const db = createDb(loadConfig({ ...database.env, LOG_LEVEL: 'silent' }).database);
    try {
      expect(await findStockMismatches(db)).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
