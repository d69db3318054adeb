import { type Page, type Product, productListQuerySchema, queryItems } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, register, startApp } from './support/app';
import { PRODUCT_FIELDS, sendForm } from './support/catalogue';
import { databases, type TestDatabase } from './support/databases';
import { call } from './support/team';

/**
 * A search folds Unicode case on both databases, as the contract's rule does: short texts too, which SQLite matches
 * row by row (its LIKE folds ASCII letters only) rather than through the trigram index.
 */
describe.each(databases)('searches fold Unicode case ($name)', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let token: string;
  const products: Product[] = [];

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database);
    token = (await register(app)).token!;
    for (const [name, category] of [['ÉCRAN plat', 'Écrans'], ['écran courbe', 'écrans'], ['Straße', 'ÖKO'], ['Ecran ASCII', 'Misc'], ['Σίγμα', 'ΣΊΓΜΑ']]) {
      const created = await sendForm(app, 'POST', '/api/products', token, { ...PRODUCT_FIELDS, name: name!, category: category! });
      expect(created.statusCode, created.body).toBe(201);
      products.push(created.json<Product>());
    }
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  it('finds the same rows as the contract for short and long texts in any case', async () => {
    for (const q of ['éc', 'ÉC', 'é', 'É', 'ÉCRAN', 'écr', 'öko', 'ö', 'ß', 'σί', 'ΣΊ', 'ec', 'EC']) {
      const response = await call(app, 'GET', `/api/products?limit=20&sort=name&q=${encodeURIComponent(q)}`, cookieHeader(token));
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json<Page<Product>>();
      const expected = queryItems(products, productListQuerySchema.parse({ limit: '20', sort: 'name', q }));
      expect(page.items.map((item) => item.name), q).toEqual(expected.items.map((item) => item.name));
      expect(page.total, q).toBe(expected.total);
    }
    const short = (await call(app, 'GET', `/api/products?limit=20&q=${encodeURIComponent('éc')}`, cookieHeader(token))).json<Page<Product>>();
    expect(short.items.map((item) => item.name).sort()).toEqual(['ÉCRAN plat', 'écran courbe']);
  });
});
