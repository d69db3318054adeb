import type { Product } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, startApp } from './support/app';
import { PRODUCT_FIELDS, sendForm } from './support/catalogue';
import { databases, type TestDatabase } from './support/databases';

/**
 * A client of the original contract builds the SKU from the category as typed: "TV " (a trailing space) gives
 * "TV -<timestamp>", which the server, trimming the category first, used to refuse with 400.
 */
describe.each(databases)("the original client's SKU of a category with a trailing space ($name)", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database);
    token = (await register(app)).token!;
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  it('is kept as sent, with the trimmed category', async () => {
    const sku = `TV -${Date.now()}`;
    const created = await sendForm(app, 'POST', '/api/products', token, { ...PRODUCT_FIELDS, category: 'TV ', sku });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<Product>()).toMatchObject({ sku, category: 'TV' });
    // Any other SKU is kept too (free SKUs, 0030).
    const other = await sendForm(app, 'POST', '/api/products', token, { ...PRODUCT_FIELDS, category: 'TV ', sku: `TVX-${Date.now()}` });
    expect(other.statusCode).toBe(201);
  });
});
