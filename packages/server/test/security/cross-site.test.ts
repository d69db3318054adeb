import { MESSAGES, type Order, type Product } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, register, startApp } from '../support/app';
import { multipart, PRODUCT_FIELDS, pngImage, sendForm } from '../support/catalogue';
import { databases, type TestDatabase } from '../support/databases';

const LISTED = 'https://shop-front.example.com';
const FOREIGN = 'https://evil.example.net';
const ORDER = { name: 'Dell Monitor', category: 'monitors', price: 249.5, quantity: 3 };

describe.each(databases)('security: cross-site requests on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let token: string | undefined;
  let email: string;
  let product: Product;
  let order: Order;

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database, { CORS_ORIGINS: LISTED });
    const registered = await register(app, { name: 'Victim' });
    token = registered.token;
    email = registered.body.email;
    product = (await sendForm(app, 'POST', '/api/products', token, PRODUCT_FIELDS)).json<Product>();
    order = (await app.inject({ method: 'POST', url: '/api/orders', payload: ORDER, headers: cookieHeader(token) })).json<Order>();
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  /** Every state-changing route, with a body that would succeed for a same-site caller. */
  const mutations = async () => {
    const form = await multipart(PRODUCT_FIELDS);
    const photo = await multipart({}, { field: 'file', fileName: 'a.png', type: 'image/png', bytes: await pngImage() });
    return [
      { method: 'POST', url: '/api/users/register', payload: JSON.stringify({ name: 'X', email: `x${Date.now()}@example.com`, password: 'secret123' }) },
      { method: 'POST', url: '/api/users/login', payload: JSON.stringify({ email, password: 'secret123' }) },
      { method: 'GET', url: '/api/users/logout' },
      { method: 'PATCH', url: '/api/users/updateuser', payload: JSON.stringify({ name: 'Hacked' }) },
      { method: 'PATCH', url: '/api/users/changepassword', payload: JSON.stringify({ oldPassword: 'secret123', password: 'hacked123' }) },
      { method: 'POST', url: '/api/users/forgotpassword', payload: JSON.stringify({ email }) },
      { method: 'PUT', url: `/api/users/resetpassword/${'a'.repeat(43)}`, payload: JSON.stringify({ password: 'hacked123', password2: 'hacked123' }) },
      { method: 'POST', url: '/api/products', payload: form.payload, type: form.headers['content-type'] },
      { method: 'PATCH', url: `/api/products/${product._id}`, payload: form.payload, type: form.headers['content-type'] },
      { method: 'DELETE', url: `/api/products/${product._id}` },
      { method: 'POST', url: '/api/orders', payload: JSON.stringify(ORDER) },
      { method: 'PATCH', url: `/api/orders/${order._id}`, payload: JSON.stringify({ ...ORDER, name: 'Hacked' }) },
      { method: 'DELETE', url: `/api/orders/${order._id}` },
      { method: 'POST', url: '/api/contactus', payload: JSON.stringify({ subject: 'Hi', message: 'Hello' }) },
      { method: 'POST', url: '/api/uploads', payload: photo.payload, type: photo.headers['content-type'] },
    ] as const;
  };

  const state = async () => ({
    products: (await app.inject({ method: 'GET', url: '/api/products', headers: cookieHeader(token) })).json<Product[]>(),
    orders: (await app.inject({ method: 'GET', url: '/api/orders', headers: cookieHeader(token) })).json<Order[]>(),
    user: (await app.inject({ method: 'GET', url: '/api/users/getuser', headers: cookieHeader(token) })).json(),
    contact: (await app.db.selectFrom('contact_messages').select('id').execute()).length,
    uploads: (await app.db.selectFrom('uploads').select('name').execute()).length,
    users: (await app.db.selectFrom('users').select('id').execute()).length,
  });

  it.each([
    ['a foreign Origin', { origin: FOREIGN }],
    ['a foreign Origin that only looks like ours', { origin: 'http://inventory.test:3000.evil.example.net' }],
    ['Origin: null (sandboxed frame, data: URL)', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: cross-site with a listed Referer', { 'sec-fetch-site': 'cross-site', referer: `${LISTED}/x` }],
  ])('[ASVS 4.2.2/14.5.3/13.2.3] refuses every mutating route with 403 for %s, and changes nothing', async (_label, headers) => {
    const before = await state();
    for (const request of await mutations()) {
      const type = 'type' in request ? request.type : 'application/json';
      const response = await app.inject({
        method: request.method,
        url: request.url,
        headers: { ...cookieHeader(token), ...(('payload' in request) ? { 'content-type': type } : {}), ...headers },
        ...('payload' in request ? { payload: request.payload } : {}),
      });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(403);
      expect(response.json()).toEqual({ message: MESSAGES.crossSiteRefused });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(response.headers['set-cookie'], `${request.method} ${request.url}`).toBeUndefined();
    }
    expect(await state()).toEqual(before);
    // The session survived the cross-site logout attempt.
    expect((await app.inject({ method: 'GET', url: '/api/users/loggedin', headers: cookieHeader(token) })).body).toBe('true');
  });

  it('[ASVS 14.5.3] a CORS_ORIGINS origin gets Access-Control-Allow-Origin: <origin> with credentials, and may mutate', async () => {
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/users/updateuser',
      payload: { bio: 'from the listed front end' },
      headers: { ...cookieHeader(token), origin: LISTED, 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(LISTED);
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(response.headers['access-control-expose-headers']).toContain('ETag');
    expect(response.headers.vary).toContain('Origin');
  });

  it('[ASVS 14.5.3] a preflight from a listed origin allows If-Match and the methods; other origins get no CORS headers', async () => {
    const preflight = (origin: string) =>
      app.inject({
        method: 'OPTIONS',
        url: `/api/products/${product._id}`,
        headers: { origin, 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'if-match, content-type' },
      });
    const listed = await preflight(LISTED);
    expect(listed.statusCode).toBe(204);
    expect(listed.headers['access-control-allow-origin']).toBe(LISTED);
    expect(listed.headers['access-control-allow-credentials']).toBe('true');
    expect(String(listed.headers['access-control-allow-headers']).toLowerCase()).toContain('if-match');
    expect(listed.headers['access-control-allow-methods']).toContain('PATCH');

    for (const origin of [FOREIGN, 'null', `${LISTED}.evil.example.net`, LISTED.replace('https', 'http')]) {
      const refused = await preflight(origin);
      for (const name of Object.keys(refused.headers)) expect(name, origin).not.toMatch(/^access-control-/);
      const read = await app.inject({ method: 'GET', url: '/api/products', headers: { ...cookieHeader(token), origin } });
      for (const name of Object.keys(read.headers)) expect(name, origin).not.toMatch(/^access-control-/);
    }
  });
});
