import { MESSAGES, type Order, type Product, type User } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT } from '../../src/app';
import { cookieHeader, register, startApp, uniqueEmail } from '../support/app';
import { PRODUCT_FIELDS, sendForm } from '../support/catalogue';
import { databases, type TestDatabase } from '../support/databases';
import { client } from '../support/security';

/** SQL meta-characters and friends: each must be stored and compared as data. */
const META = [
  "' OR 1=1 --",
  "' OR '1'='1",
  '"; DROP TABLE users; --',
  "Robert'); DROP TABLE products;--",
  'back\\slash \\\' \\"',
  '100% _wild_ %_%',
  "' UNION SELECT password_hash, email FROM users --",
  '$1 $$ ?; :name @p0',
  'Zürich – 東京 – Ελλάδα – 🚀👩‍💻 – ﷽',
  // Direction marks and zero-width characters next to visible text; direction controls are refused (invisible-text.test.ts).
  '\u200f right-to-left mark \u200b zero-width \u061c',
];

describe.each(databases)('security: injection and malformed input on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let token: string | undefined;
  let other: { token: string | undefined };

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database);
    token = (await register(app)).token;
    other = { token: (await register(app)).token };
    await sendForm(app, 'POST', '/api/products', other.token, { ...PRODUCT_FIELDS, name: 'Other user product' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const api = () => client(app);
  const tablesIntact = async () => {
    for (const table of ['users', 'sessions', 'products', 'orders', 'uploads', 'contact_messages', 'password_resets', 'rate_limits'] as const) {
      await app.db.selectFrom(table).selectAll().limit(1).execute();
    }
    expect((await app.db.selectFrom('users').select('id').execute()).length).toBeGreaterThanOrEqual(2);
  };

  it.each(META)('[ASVS 5.3.4/5.3.5] stores and returns %j exactly in every text field', async (text) => {
    // Register and login: the name round-trips; an email made of meta-characters is just a wrong one.
    const email = uniqueEmail('inj');
    const password = `pw ${text}`;
    const registered = await api().call('POST', '/api/users/register', undefined, { name: text, email, password });
    expect(registered.statusCode).toBe(201);
    expect(registered.json<User>().name).toBe(text);
    expect((await api().login(email, password)).statusCode).toBe(200);
    expect((await api().login(email, text)).statusCode).toBe(401);
    const injected = await api().login(`x${text}@example.com`.replace(/\s/g, ''), text);
    expect([400, 401]).toContain(injected.statusCode);
    expect((await api().login(email, "' OR '1'='1")).statusCode).toBe(401);
    expect((await api().login("' OR 1=1 --", "' OR 1=1 --")).statusCode).toBe(400);

    const profile = await api().call('PATCH', '/api/users/updateuser', token, { name: text, bio: text, phone: text.slice(0, 20) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json<User>()).toMatchObject({ name: text, bio: text, phone: text.slice(0, 20).trim() });

    const product = await sendForm(app, 'POST', '/api/products', token, { ...PRODUCT_FIELDS, name: text, category: text, description: text });
    expect(product.statusCode).toBe(201);
    const made = product.json<Product>();
    expect(made).toMatchObject({ name: text, category: text });
    const read = (await api().call('GET', `/api/products/${made._id}`, token)).json<Product>();
    expect(read).toMatchObject({ name: text, category: text });

    const order = await api().call('POST', '/api/orders', token, { name: text, category: text, price: 1, quantity: 1 });
    expect(order.statusCode).toBe(201);
    const orderId = order.json<Order>()._id;
    expect((await api().call('GET', `/api/orders/${orderId}`, token)).json<Order>()).toMatchObject({ name: text, category: text });

    const contact = await api().call('POST', '/api/contactus', token, { subject: text, message: text });
    expect(contact.statusCode).toBe(200);
    const stored = await app.db.selectFrom('contact_messages').select(['subject', 'message']).orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(stored).toEqual({ subject: text, message: text });

    // Lists still only hold this user's things: nothing widened the WHERE clause.
    expect((await api().call('GET', '/api/products', token)).json<Product[]>().every((p) => p.name !== 'Other user product')).toBe(true);
    await tablesIntact();
  });

  it('[ASVS 5.3.4] meta-characters in id params and query strings are data: 404, never another row', async () => {
    for (const id of [...META, "00000000-0000-4000-8000-000000000000' OR '1'='1", '%', '_', '*', '..', '1;DROP TABLE products']) {
      const encoded = encodeURIComponent(id);
      for (const url of [`/api/products/${encoded}`, `/api/orders/${encoded}`]) {
        for (const method of ['GET', 'DELETE'] as const) {
          const response = await api().call(method, url, token);
          expect(response.statusCode, `${method} ${url}`).toBe(404);
          expect(response.json()).toEqual({ message: expect.any(String) });
        }
      }
      // ('..' is resolved by the URL itself, to the page at /.)
      if (id !== '..') expect((await api().call('GET', `/uploads/${encoded}`, token)).statusCode).toBe(404);
      const reset = await api().reset(encoded, 'secret123');
      expect([400, 404]).toContain(reset.statusCode);
    }
    for (const query of ["?search=' OR 1=1 --", '?page=1;DROP TABLE products', '?sort=name;--', '?user_id=*']) {
      const response = await api().call('GET', `/api/products${query.replace(/ /g, '%20')}`, token);
      expect(response.statusCode).not.toBe(500);
      if (response.statusCode === 200) expect(response.json<Product[]>().some((p) => p.name === 'Other user product')).toBe(false);
    }
    await tablesIntact();
  });

  it('[ASVS 5.1.3/5.1.4] NUL characters in JSON and form fields are refused with 400 on both databases, never a 500', async () => {
    const nul = 'before\u0000after';
    const responses = [
      await api().call('PATCH', '/api/users/updateuser', token, { bio: nul }),
      await api().call('POST', '/api/orders', token, { name: nul, category: 'x', price: 1, quantity: 1 }),
      await api().call('POST', '/api/users/login', undefined, { email: 'a\u0000@b.co', password: nul }),
      await sendForm(app, 'POST', '/api/products', token, { ...PRODUCT_FIELDS, name: nul }),
    ];
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ message: 'Text must not contain NUL characters' });
    }
  });

  describe('malformed requests', () => {
    const raw = (payload: string | Buffer, type = 'application/json', url = '/api/orders') =>
      app.inject({ method: 'POST', url, payload, headers: { ...cookieHeader(token), 'content-type': type } });

    it('[ASVS 13.1.5] oversized bodies answer 413', async () => {
      const big = JSON.stringify({ name: 'x'.repeat(JSON_BODY_LIMIT), category: 'x', price: 1, quantity: 1 });
      const response = await raw(big);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: MESSAGES.payloadTooLarge });
    });

    it('[ASVS 13.1.5/5.1.3] malformed JSON answers 400', async () => {
      for (const payload of ['{', '{"name": "x",}', "{'name': 'x'}", '{"name": undefined}', '\u0000']) {
        const response = await raw(payload);
        expect(response.statusCode, payload).toBe(400);
        expect(response.json<{ message: string }>().message).not.toMatch(/Unexpected token|position \d/);
      }
    });

    it('[ASVS 13.1.5] wrong content types answer 415', async () => {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'text/html', 'application/javascript']) {
        const response = await raw('{"name":"x","category":"x","price":1,"quantity":1}', type);
        expect(response.statusCode, type).toBe(415);
        expect(response.json()).toEqual({ message: MESSAGES.unsupportedMediaType });
      }
      // A JSON route does not take multipart, a multipart route does not take JSON.
      expect((await raw('--x--', 'multipart/form-data; boundary=x')).statusCode).toBeGreaterThanOrEqual(400);
      expect((await raw(JSON.stringify(PRODUCT_FIELDS), 'application/json', '/api/products')).statusCode).toBe(415);
    });

    it('[ASVS 5.1.2/1.5.2] __proto__, constructor and prototype keys answer 400 at any depth, and pollute nothing', async () => {
      for (const payload of [
        '{"__proto__": {"polluted": true}, "name": "x"}',
        '{"name": "x", "nested": {"__proto__": {"polluted": true}}}',
        '{"constructor": {"prototype": {"polluted": true}}}',
        '[{"__proto__": {"polluted": true}}]',
      ]) {
        for (const url of ['/api/orders', '/api/users/login', '/api/users/register', '/api/contactus']) {
          const response = await raw(payload, 'application/json', url);
          expect(response.statusCode, `${url} ${payload}`).toBe(400);
          expect(response.json()).toEqual({ message: 'Request body must not contain __proto__ or constructor keys' });
        }
      }
      const polluted = await sendForm(app, 'POST', '/api/products', token, { ...PRODUCT_FIELDS, ...(JSON.parse('{"__proto__": "x"}') as Record<string, string>) });
      expect(polluted.statusCode).toBe(400);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });
});
