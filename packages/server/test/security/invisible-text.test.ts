import { MESSAGES, type Order, type Product, type User } from '@inventory/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, register, startApp, uniqueEmail } from '../support/app';
import { PRODUCT_FIELDS, rowCount, seedProductAndOrder, sendForm } from '../support/catalogue';
import { databases, type TestDatabase } from '../support/databases';

/** Values that show nothing: zero-width characters, word joiner, BOM, soft hyphen, bidi marks and controls. */
const INVISIBLE_ONLY = [
  '\u200b',
  '\u200c\u200d',
  '\u2060\ufeff',
  '\u00ad',
  '\u200e\u200f\u061c',
  '\u202a\u202b\u202c\u202d\u202e',
  '\u2066\u2067\u2068\u2069',
  ' \u200b \u00ad\t\u2060 ',
];

/** Embeddings, overrides and isolates: each can make a single-line field read as something else. */
const DIRECTION_CONTROLS = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
/** e.g. 'invoice\u202Efdp.exe' reads as 'invoiceexe.pdf'. */
const spoof = (control: string) => `invoice${control}fdp.exe`;

describe.each(databases)('security: invisible and text-direction characters on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let token: string | undefined;
  let product: Product;
  let order: Order;

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database);
    token = (await register(app, { name: 'Grace Hopper' })).token;
    ({ product, order } = await seedProductAndOrder(app, token));
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const call = (method: 'POST' | 'PATCH', url: string, payload: object, signedIn = true) =>
    app.inject({ method, url, payload, headers: signedIn ? cookieHeader(token) : {} });
  const registerAs = (name: string) =>
    call('POST', '/api/users/register', { name, email: uniqueEmail('invisible'), password: 'secret123' }, false);
  const item = (fields: Partial<Record<'name' | 'category', string>>) => ({
    name: 'Dock',
    category: 'Accessories',
    price: 10,
    quantity: 1,
    ...fields,
  });
  const count = (table: Parameters<typeof rowCount>[1]) => rowCount(app, table);
  const snapshot = async () => ({
    users: await count('users'),
    products: await count('products'),
    orders: await count('orders'),
    contact: await count('contact_messages'),
    profile: (
      await app.inject({ method: 'GET', url: '/api/users/getuser', headers: cookieHeader(token) })
    ).json<User>(),
    product: (
      await app.inject({ method: 'GET', url: `/api/products/${product._id}`, headers: cookieHeader(token) })
    ).json<Product>(),
    order: (
      await app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: cookieHeader(token) })
    ).json<Order>(),
  });
  const expectMessage = (response: LightMyRequestResponse, message: string) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ message });
  };

  it.each(INVISIBLE_ONLY.map((value) => [JSON.stringify(value), value]))(
    '[ASVS 5.1.3] %s counts as empty: every required field answers what an empty one answers, and nothing is stored',
    async (_, value) => {
      const before = await snapshot();
      for (const empty of ['', value]) {
        expectMessage(await registerAs(empty), MESSAGES.allFieldsRequired);
        expectMessage(await call('PATCH', '/api/users/updateuser', { name: empty }), MESSAGES.nameRequired);
        expectMessage(
          await sendForm(app, 'POST', '/api/products', token, { ...PRODUCT_FIELDS, name: empty }),
          MESSAGES.nameRequired,
        );
        expectMessage(
          await sendForm(app, 'POST', '/api/products', token, { ...PRODUCT_FIELDS, category: empty }),
          MESSAGES.categoryRequired,
        );
        expectMessage(
          await sendForm(app, 'PATCH', `/api/products/${product._id}`, token, { ...PRODUCT_FIELDS, name: empty }),
          MESSAGES.nameRequired,
        );
        expectMessage(
          await sendForm(app, 'PATCH', `/api/products/${product._id}`, token, { ...PRODUCT_FIELDS, category: empty }),
          MESSAGES.categoryRequired,
        );
        expectMessage(await call('POST', '/api/orders', item({ name: empty })), MESSAGES.nameRequired);
        expectMessage(await call('POST', '/api/orders', item({ category: empty })), MESSAGES.categoryRequired);
        expectMessage(await call('PATCH', `/api/orders/${order._id}`, item({ name: empty })), MESSAGES.nameRequired);
        expectMessage(
          await call('PATCH', `/api/orders/${order._id}`, item({ category: empty })),
          MESSAGES.categoryRequired,
        );
        expectMessage(
          await call('POST', '/api/contactus', { subject: empty, message: 'Hello' }),
          MESSAGES.subjectRequired,
        );
        expectMessage(
          await call('POST', '/api/contactus', { subject: 'Hello', message: empty }),
          MESSAGES.messageRequired,
        );
      }
      expect(await snapshot()).toEqual(before);
    },
  );

  it.each(DIRECTION_CONTROLS.map((control) => [`U+${control.charCodeAt(0).toString(16).toUpperCase()}`, control]))(
    '[ASVS 5.1.3] %s is refused in every single-line field with a clear message, and nothing is stored',
    async (_, control) => {
      const before = await snapshot();
      const text = spoof(control);
      expectMessage(await registerAs(text), MESSAGES.directionControls('Name'));
      expectMessage(await call('PATCH', '/api/users/updateuser', { name: text }), MESSAGES.directionControls('Name'));
      expectMessage(
        await call('PATCH', '/api/users/updateuser', { phone: `+1 555${control}0100` }),
        MESSAGES.directionControls('Phone'),
      );
      expectMessage(
        await sendForm(app, 'POST', '/api/products', token, { ...PRODUCT_FIELDS, name: text }),
        MESSAGES.directionControls('Name'),
      );
      expectMessage(
        await sendForm(app, 'POST', '/api/products', token, { ...PRODUCT_FIELDS, category: `Lap${control}tops` }),
        MESSAGES.directionControls('Category'),
      );
      expectMessage(
        await sendForm(app, 'POST', '/api/products', token, { ...PRODUCT_FIELDS, sku: `LAP-1${control}2` }),
        MESSAGES.directionControls('SKU'),
      );
      expectMessage(
        await sendForm(app, 'PATCH', `/api/products/${product._id}`, token, { ...PRODUCT_FIELDS, name: text }),
        MESSAGES.directionControls('Name'),
      );
      expectMessage(
        await sendForm(app, 'PATCH', `/api/products/${product._id}`, token, {
          ...PRODUCT_FIELDS,
          category: `Lap${control}tops`,
        }),
        MESSAGES.directionControls('Category'),
      );
      expectMessage(await call('POST', '/api/orders', item({ name: text })), MESSAGES.directionControls('Name'));
      expectMessage(
        await call('POST', '/api/orders', item({ category: `Acc${control}` })),
        MESSAGES.directionControls('Category'),
      );
      expectMessage(
        await call('PATCH', `/api/orders/${order._id}`, item({ name: text })),
        MESSAGES.directionControls('Name'),
      );
      expectMessage(
        await call('PATCH', `/api/orders/${order._id}`, item({ category: `Acc${control}` })),
        MESSAGES.directionControls('Category'),
      );
      expectMessage(
        await call('POST', '/api/contactus', { subject: text, message: 'Hello' }),
        MESSAGES.directionControls('Subject'),
      );
      expect(await snapshot()).toEqual(before);
    },
  );

  it('[ASVS 5.1.3] keeps direction controls in multi-line text, and direction marks next to visible text', async () => {
    const text = spoof('\u202e');
    const profile = await call('PATCH', '/api/users/updateuser', { bio: text });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json<User>().bio).toBe(text);
    const contact = await call('POST', '/api/contactus', { subject: 'Hello', message: text });
    expect(contact.statusCode, contact.body).toBe(200);
    // Right-to-left text with its marks (U+200F, U+061C) and a zero-width joiner inside visible text stays as typed.
    const hebrew = 'שלום\u200f Ltd';
    const arabic = 'متجر\u061c 2';
    const named = await registerAs(hebrew);
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json<User>().name).toBe(hebrew);
    const made = await sendForm(app, 'POST', '/api/products', token, {
      ...PRODUCT_FIELDS,
      name: arabic,
      category: 'Emoji 👩\u200d💻',
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json<Product>()).toMatchObject({ name: arabic, category: 'Emoji 👩\u200d💻' });
  });
});
