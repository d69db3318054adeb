import {
  forbiddenMessage,
  MESSAGES,
  ORDER_ECHOED_FIELDS,
  type Order,
  PRODUCT_ECHOED_FIELDS,
  type Product,
  type User,
  USER_ECHOED_FIELDS,
} from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, register, startApp } from '../support/app';
import { PRODUCT_FIELDS, pngImage, sendForm, uploadName } from '../support/catalogue';
import { databases, type TestDatabase } from '../support/databases';
import { client } from '../support/security';
import { joinAs, memoryMailer } from '../support/team';

/** The URL of a product's image ('' when none). */
const imagePath = (product: Product) => ('filePath' in product.image ? product.image.filePath : '');

const ORDER = { name: 'Dell Monitor', category: 'monitors', price: 249.5, quantity: 3 };

describe.each(databases)('security: access control between users on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let a: { token: string | undefined; user: User };
  let b: { token: string | undefined; user: User };
  let product: Product;
  let order: Order;
  let photoUrl: string;
  const mailer = memoryMailer();

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database, {}, { mailer });
    const newUser = async (name: string) => {
      const { token, response } = await register(app, { name });
      return { token, user: response.json<User>() };
    };
    a = await newUser('Alice');
    b = await newUser('Bob');
    product = (await sendForm(app, 'POST', '/api/products', a.token, PRODUCT_FIELDS, { fileName: 'p.png', type: 'image/png', bytes: await pngImage() })).json<Product>();
    order = (await app.inject({ method: 'POST', url: '/api/orders', payload: ORDER, headers: cookieHeader(a.token) })).json<Order>();
    const upload = await sendForm(app, 'POST', '/api/uploads', a.token, {}, { field: 'file', fileName: 'me.png', type: 'image/png', bytes: await pngImage(8, 8) });
    photoUrl = upload.json<{ url: string }>().url;
    expect((await app.inject({ method: 'PATCH', url: '/api/users/updateuser', payload: { photo: photoUrl, bio: 'Alice bio' }, headers: cookieHeader(a.token) })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const api = () => client(app);
  /** What A sees of her own things: must be the same before and after B's attempts. */
  const snapshotOfA = async () => ({
    product: (await api().call('GET', `/api/products/${product._id}`, a.token)).json<Product>(),
    products: (await api().call('GET', '/api/products', a.token)).json<Product[]>(),
    order: (await api().call('GET', `/api/orders/${order._id}`, a.token)).json<Order>(),
    orders: (await api().call('GET', '/api/orders', a.token)).json<Order[]>(),
    user: (await api().getUser(a.token)).json<User>(),
    photo: (await api().call('GET', photoUrl, a.token)).rawPayload.toString('base64'),
    productImage: (await api().call('GET', imagePath(product), a.token)).statusCode,
  });

  it('[ASVS 4.1.1/4.2.1] user B reading, editing, deleting or listing A\'s products, orders, images and profile gets 404 and changes nothing', async () => {
    const before = await snapshotOfA();
    expect(before.product._id).toBe(product._id);
    expect(before.productImage).toBe(200);
    expect(before.user.photo).toBe(photoUrl);

    const notFound = (response: Awaited<ReturnType<FastifyInstance['inject']>>, what: string) => {
      expect(response.statusCode, what).toBe(404);
      expect(response.json(), what).toEqual({ message: expect.any(String) });
      expect(response.body, what).not.toContain('Alice');
    };
    // Products.
    notFound(await api().call('GET', `/api/products/${product._id}`, b.token), 'GET product');
    notFound(await sendForm(app, 'PATCH', `/api/products/${product._id}`, b.token, { ...PRODUCT_FIELDS, name: 'Stolen' }), 'PATCH product');
    notFound(await sendForm(app, 'PATCH', `/api/products/${product._id}`, b.token, { ...PRODUCT_FIELDS, name: 'Stolen' }, undefined, { 'if-match': '"1"' }), 'PATCH product If-Match');
    notFound(await api().call('DELETE', `/api/products/${product._id}`, b.token), 'DELETE product');
    notFound(await api().call('DELETE', `/api/products/${product._id}`, b.token, undefined, { 'if-match': '"1"' }), 'DELETE product If-Match');
    // Orders.
    notFound(await api().call('GET', `/api/orders/${order._id}`, b.token), 'GET order');
    notFound(await api().call('PATCH', `/api/orders/${order._id}`, b.token, { ...ORDER, name: 'Stolen' }), 'PATCH order');
    notFound(await api().call('DELETE', `/api/orders/${order._id}`, b.token), 'DELETE order');
    // Images: A's profile photo and product image, for B and for nobody.
    for (const url of [photoUrl, imagePath(product)]) {
      notFound(await api().call('GET', url, b.token), `GET ${url} as B`);
      notFound(await api().call('GET', url, undefined), `GET ${url} signed out`);
    }
    // A's photo cannot become B's profile photo, nor A's product image, named absolute or relative.
    const relative = (url: string) => `/uploads/${uploadName(url)}`;
    for (const photo of [photoUrl, imagePath(product), relative(photoUrl), relative(imagePath(product))]) {
      const taken = await api().call('PATCH', '/api/users/updateuser', b.token, { photo });
      expect(taken.statusCode, photo).toBe(400);
      expect(taken.json()).toEqual({ message: MESSAGES.photoMustBeHttp });
    }
    // Lists never include A's things.
    expect((await api().call('GET', '/api/products', b.token)).json<Product[]>()).toEqual([]);
    expect((await api().call('GET', '/api/orders', b.token)).json<Order[]>()).toEqual([]);
    // Profile: B's getuser and updateuser only ever touch B.
    const bProfile = (await api().getUser(b.token)).json<User>();
    expect(bProfile._id).toBe(b.user._id);
    expect((await api().call('PATCH', '/api/users/updateuser', b.token, { name: 'Bob 2' })).json<User>()._id).toBe(b.user._id);

    expect(await snapshotOfA()).toEqual(before);
    expect(
      Number((await app.db.selectFrom('products').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', a.user._id).executeTakeFirstOrThrow()).n),
    ).toBe(1);
  });

  it('[ASVS 4.1.1] the same matrix signed out answers 401 and changes nothing', async () => {
    const before = await snapshotOfA();
    for (const [method, url] of [
      ['GET', `/api/products/${product._id}`],
      ['DELETE', `/api/products/${product._id}`],
      ['GET', '/api/products'],
      ['GET', `/api/orders/${order._id}`],
      ['PATCH', `/api/orders/${order._id}`],
      ['DELETE', `/api/orders/${order._id}`],
      ['GET', '/api/orders'],
      ['GET', '/api/users/getuser'],
      ['PATCH', '/api/users/updateuser'],
    ] as const) {
      const response = await api().call(method, url, undefined, method === 'PATCH' ? { ...ORDER } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await snapshotOfA()).toEqual(before);
  });

  describe('[ASVS 5.1.2] mass assignment', () => {
    const FOREIGN = (victim: User) => ({
      _id: '00000000-0000-4000-8000-000000000000',
      id: '00000000-0000-4000-8000-000000000000',
      user: victim._id,
      userId: victim._id,
      user_id: victim._id,
      createdAt: '2000-01-01T00:00:00.000Z',
      updatedAt: '2000-01-01T00:00:00.000Z',
      version: 99,
      password: 'hijacked1',
      password_hash: '$argon2id$forged',
      email: 'hijack@example.com',
      isAdmin: true,
    });

    /** Who-did-what as a client might forge it: read-only, so ignored on edits and refused on creates. */
    const FORGED_AUDIT = { createdBy: { name: 'Eve', token: null }, updatedBy: { name: 'Eve', token: null } };

    /** Keys getuser answers that a client sends back on a save: accepted, and they change nothing. */
    const isUserEcho = (key: string) => (USER_ECHOED_FIELDS as readonly string[]).includes(key);

    it('refuses extra fields on updateuser (password, ids, timestamps) with 400; _id and email sent back change nothing', async () => {
      const before = (await api().getUser(b.token)).json<User>();
      const hash = async () => (await app.db.selectFrom('users').selectAll().where('id', '=', b.user._id).executeTakeFirstOrThrow());
      const row = await hash();
      for (const [key, value] of Object.entries(FOREIGN(a.user))) {
        if (isUserEcho(key)) continue;
        const response = await api().call('PATCH', '/api/users/updateuser', b.token, { name: 'Renamed', [key]: value });
        expect(response.statusCode, key).toBe(400);
        expect(response.json(), key).toEqual({ message: `Unexpected field: ${key}` });
      }
      expect((await api().getUser(b.token)).json()).toEqual(before);
      expect(await hash()).toEqual(row);
      // Echoed with A's id and a new email: accepted and ignored, B stays B with B's email (only updated_at moves).
      for (const [key, value] of Object.entries(FOREIGN(a.user))) {
        if (!isUserEcho(key)) continue;
        const response = await api().call('PATCH', '/api/users/updateuser', b.token, { ...before, [key]: value });
        expect(response.statusCode, key).toBe(200);
        expect(response.json(), key).toEqual(before);
      }
      expect((await api().getUser(b.token)).json()).toEqual(before);
      expect({ ...(await hash()), updated_at: row.updated_at }).toEqual(row);
      expect((await api().getUser(a.token)).json<User>()._id).toBe(a.user._id);
      expect((await api().login('hijack@example.com', 'secret123')).statusCode).toBe(401);
      expect((await api().login(b.user.email, 'hijacked1')).statusCode).toBe(401);
    });

    it('refuses extra fields on register and login', async () => {
      for (const [key, value] of Object.entries(FOREIGN(a.user))) {
        if (key === 'password' || key === 'email') continue;
        const registered = await api().call('POST', '/api/users/register', undefined, { name: 'Eve', email: `eve.${key}@example.com`, password: 'secret123', [key]: value });
        expect(registered.statusCode, key).toBe(400);
        const login = await api().call('POST', '/api/users/login', undefined, { email: a.user.email, password: 'secret123', [key]: value });
        expect(login.statusCode, key).toBe(400);
      }
    });

    /** Without updatedAt, which every accepted edit moves on. */
    const unchanged = <T extends { updatedAt: string }>({ updatedAt: _updatedAt, ...rest }: T) => rest;

    it('refuses extra fields and a sku on order create, and on update all but the read-only ones an order answers; changes nothing', async () => {
      const before = (await api().call('GET', `/api/orders/${order._id}`, a.token)).json<Order>();
      const foreign = { ...FOREIGN(b.user), sku: 'MON-0000000000000', number: 4242, customer: { _id: b.user._id, name: 'Forged' }, __v: 42, ...FORGED_AUDIT };
      for (const [key, value] of Object.entries(foreign)) {
        const created = await api().call('POST', '/api/orders', a.token, { ...ORDER, [key]: value });
        expect(created.statusCode, key).toBe(400);
        expect(created.json(), key).toEqual({ message: `Unexpected field: ${key}` });
        const echoed = (ORDER_ECHOED_FIELDS as readonly string[]).includes(key);
        const updated = await api().call('PATCH', `/api/orders/${order._id}`, a.token, echoed ? { ...ORDER, [key]: value } : { ...ORDER, name: 'Changed', [key]: value });
        expect(updated.statusCode, key).toBe(echoed ? 200 : 400);
        if (!echoed) expect(updated.json(), key).toEqual({ message: `Unexpected field: ${key}` });
      }
      expect(Object.keys(foreign)).toEqual(expect.arrayContaining([...ORDER_ECHOED_FIELDS]));
      const after = (await api().call('GET', `/api/orders/${order._id}`, a.token)).json<Order>();
      expect(unchanged(after)).toEqual(unchanged(before));
      expect(after.updatedAt).not.toBe(foreign.updatedAt);
      expect((await api().call('GET', '/api/orders', b.token)).json()).toEqual([]);
    });

    it('refuses extra fields on product create, and on update all but the read-only ones a product answers; changes nothing', async () => {
      const before = (await api().call('GET', `/api/products/${product._id}`, a.token)).json<Product>();
      const count = async () => (await api().call('GET', '/api/products', a.token)).json<Product[]>().length;
      const countBefore = await count();
      for (const [key, value] of Object.entries(FOREIGN(b.user))) {
        const created = await sendForm(app, 'POST', '/api/products', a.token, { ...PRODUCT_FIELDS, [key]: String(value) });
        expect(created.statusCode, key).toBe(400);
      }
      const foreign = { ...FOREIGN(b.user), sku: 'HACK-1', __v: 42, image: '[object Object]', ...FORGED_AUDIT };
      for (const [key, value] of Object.entries(foreign)) {
        const echoed = (PRODUCT_ECHOED_FIELDS as readonly string[]).includes(key);
        const fields = echoed ? { ...PRODUCT_FIELDS, [key]: String(value) } : { ...PRODUCT_FIELDS, name: 'Changed', [key]: String(value) };
        const updated = await sendForm(app, 'PATCH', `/api/products/${product._id}`, a.token, fields);
        expect(updated.statusCode, key).toBe(echoed ? 200 : 400);
        if (!echoed) expect(updated.json(), key).toEqual({ message: `Unexpected field: ${key}` });
      }
      expect(Object.keys(foreign)).toEqual(expect.arrayContaining([...PRODUCT_ECHOED_FIELDS]));
      const after = (await api().call('GET', `/api/products/${product._id}`, a.token)).json<Product>();
      expect(unchanged(after)).toEqual(unchanged(before));
      expect(after.updatedAt).not.toBe(foreign.updatedAt);
      expect(await count()).toBe(countBefore);
      expect((await api().call('GET', '/api/products', b.token)).json()).toEqual([]);
      expect(uploadName(imagePath(before))).not.toBe('');
    });

    it("[ASVS 4.2.1] refuses the cost from A's staff (403 on create and edit, blank too), who never see it; their whole product sent back is accepted", async () => {
      const cost = await sendForm(app, 'PATCH', `/api/products/${product._id}`, a.token, { ...PRODUCT_FIELDS, cost: '123.45' });
      expect(cost.json<Product>().cost).toBe(123.45);
      const before = (await api().call('GET', `/api/products/${product._id}`, a.token)).json<Product>();
      const staff = (await joinAs(app, mailer, a.token!, 'staff')).token;
      const seen = (await api().call('GET', `/api/products/${product._id}`, staff)).json<Product>();
      expect(seen).not.toHaveProperty('cost');
      const refused = { status: 403, body: { message: forbiddenMessage('staff', 'cost:update') } };
      for (const forged of ['0.01', '', '123.45']) {
        const created = await sendForm(app, 'POST', '/api/products', staff, { ...PRODUCT_FIELDS, cost: forged });
        expect({ status: created.statusCode, body: created.json() }, forged).toEqual(refused);
        const updated = await sendForm(app, 'PATCH', `/api/products/${product._id}`, staff, { ...PRODUCT_FIELDS, cost: forged });
        expect({ status: updated.statusCode, body: updated.json() }, forged).toEqual(refused);
      }
      expect(unchanged((await api().call('GET', `/api/products/${product._id}`, a.token)).json<Product>())).toEqual(unchanged(before));
      // What staff fetched, sent back (the original contract's fields and read-only ones as text): accepted, the cost untouched.
      const fields = { ...PRODUCT_FIELDS, _id: seen._id, sku: seen.sku, createdAt: seen.createdAt, updatedAt: seen.updatedAt, image: '[object Object]' };
      const saved = await sendForm(app, 'PATCH', `/api/products/${product._id}`, staff, fields);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).not.toHaveProperty('cost');
      expect((await api().call('GET', `/api/products/${product._id}`, a.token)).json<Product>().cost).toBe(123.45);
    });
  });
});
