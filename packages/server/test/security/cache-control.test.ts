import type { Order, Product, UploadResponse } from '@inventory/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, register, startApp } from '../support/app';
import { multipart, PRODUCT_FIELDS, pngImage, seedProductAndOrder, sendForm } from '../support/catalogue';
import { databases, type TestDatabase } from '../support/databases';

/** What an answer with personal data must say: revalidate when it has an ETag, else never keep it. */
const REVALIDATE = 'private, no-cache';
const NEVER_STORE = 'no-store';

describe.each(databases)('security: caching of API answers on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let token: string | undefined;
  let product: Product;
  let order: Order;

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database);
    token = (await register(app)).token;
    ({ product, order } = await seedProductAndOrder(app, token));
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { ...cookieHeader(token), ...headers } });
  const expectCaching = (response: LightMyRequestResponse, expected: string, what: string) => {
    expect(response.statusCode, `${what}: ${response.body}`).toBeLessThan(400);
    expect(response.headers['cache-control'], what).toBe(expected);
    if (expected === REVALIDATE) expect(response.headers.etag, what).toBeDefined();
  };

  it('[ASVS 8.2.1] single items and the signed-in user are never kept by a shared cache, and revalidated by the browser', async () => {
    expectCaching(await get('/api/users/getuser'), NEVER_STORE, 'GET getuser');
    expectCaching(
      await app.inject({
        method: 'PATCH',
        url: '/api/users/updateuser',
        headers: cookieHeader(token),
        payload: { bio: 'New bio' },
      }),
      NEVER_STORE,
      'PATCH updateuser',
    );
    expectCaching(await get(`/api/products/${product._id}`), REVALIDATE, 'GET product');
    expectCaching(
      await sendForm(app, 'PATCH', `/api/products/${product._id}`, token, { ...PRODUCT_FIELDS, name: 'Renamed' }),
      REVALIDATE,
      'PATCH product',
    );
    expectCaching(await sendForm(app, 'POST', '/api/products', token, PRODUCT_FIELDS), REVALIDATE, 'POST product');
    expectCaching(await get(`/api/orders/${order._id}`), REVALIDATE, 'GET order');
    expectCaching(
      await app.inject({
        method: 'PATCH',
        url: `/api/orders/${order._id}`,
        headers: cookieHeader(token),
        payload: { name: 'Dock 2', category: 'Accessories', price: 12, quantity: 1 },
      }),
      REVALIDATE,
      'PATCH order',
    );
  });

  it('[ASVS 8.2.1] the lists keep their own policy, 304s included', async () => {
    for (const url of ['/api/products', '/api/orders']) {
      const list = await get(url);
      expectCaching(list, REVALIDATE, `GET ${url}`);
      const unchanged = await get(url, { 'if-none-match': String(list.headers.etag) });
      expect(unchanged.statusCode).toBe(304);
      expect(unchanged.headers['cache-control']).toBe(REVALIDATE);
    }
  });

  it('[ASVS 8.2.1] every other API answer, failures and sign-in included, is never stored', async () => {
    const signIn = await register(app);
    expectCaching(signIn.response, NEVER_STORE, 'POST register');
    const login = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: signIn.body.email, password: signIn.body.password },
    });
    expectCaching(login, NEVER_STORE, 'POST login');
    expectCaching(await get('/api/users/loggedin'), NEVER_STORE, 'GET loggedin');
    const failures = [
      await app.inject({ method: 'GET', url: '/api/users/getuser' }),
      await get('/api/products/00000000-0000-4000-8000-000000000000'),
      await app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: 'nobody@example.com', password: 'wrong1' },
      }),
      await get('/api/nothing-here'),
    ];
    for (const failure of failures) {
      expect(failure.statusCode).toBeGreaterThanOrEqual(400);
      expect(failure.headers['cache-control'], failure.body).toBe(NEVER_STORE);
    }
  });

  it('leaves the uploaded images their own long private caching', async () => {
    const body = await multipart({}, { field: 'file', fileName: 'me.png', type: 'image/png', bytes: await pngImage() });
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: body.payload,
      headers: { ...body.headers, ...cookieHeader(token) },
    });
    expect(uploaded.statusCode).toBe(201);
    expect(uploaded.headers['cache-control']).toBe(NEVER_STORE);
    const image = await get(uploaded.json<UploadResponse>().url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['cache-control']).toBe('private, max-age=31536000, immutable');
  });
});
