import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { MESSAGES, type Order, type Product } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbStore, createFileStore, type UploadStore } from '../src/uploads/store';
import { cookieHeader, register, startApp } from './support/app';
import { multipart, PRODUCT_FIELDS, pngImage, sendForm } from './support/catalogue';
import { databases, type TestDatabase } from './support/databases';

/** Rows and stored bytes of the whole database: what "nothing changed" is checked against. */
async function state(app: FastifyInstance, dataDir: string) {
  const count = async (table: 'products' | 'orders' | 'uploads') =>
    Number(
      (
        await app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const dir = path.join(dataDir, 'uploads');
  const files = existsSync(dir) ? (await readdir(dir)).sort() : [];
  return { products: await count('products'), orders: await count('orders'), uploads: await count('uploads'), files };
}

describe.each(databases)('all or nothing, and two people editing, on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  /** The real store, with a switch that makes `put` fail like a full disk or a lost database connection. */
  let failPuts = false;
  let token: string;

  beforeAll(async () => {
    database = await kind.create();
    const holder: { real?: UploadStore } = {};
    const store: UploadStore = {
      put: (name, bytes, type) =>
        failPuts
          ? Promise.reject(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }))
          : holder.real!.put(name, bytes, type),
      get: (name) => holder.real!.get(name),
      delete: (name) => holder.real!.delete(name),
    };
    app = await startApp(database, {}, { uploadStore: store });
    holder.real =
      kind.name === 'postgres' ? createDbStore(app.db) : createFileStore(path.join(database.dataDir, 'uploads'));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const registered = await register(app);
    if (!registered.token) throw new Error('no session');
    token = registered.token;
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  describe('a product with an image', () => {
    it('an upload that fails to store leaves no product row, no upload row and no file (create and update)', async () => {
      const before = await state(app, database.dataDir);
      failPuts = true;
      try {
        const created = await sendForm(app, 'POST', '/api/products', token, PRODUCT_FIELDS, {
          fileName: 'a.png',
          type: 'image/png',
          bytes: await pngImage(),
        });
        expect(created.statusCode).toBe(500);
        expect(await state(app, database.dataDir)).toEqual(before);
      } finally {
        failPuts = false;
      }

      const product = (
        await sendForm(app, 'POST', '/api/products', token, PRODUCT_FIELDS, {
          fileName: 'a.png',
          type: 'image/png',
          bytes: await pngImage(),
        })
      ).json<Product>();
      const withProduct = await state(app, database.dataDir);
      failPuts = true;
      try {
        const updated = await sendForm(
          app,
          'PATCH',
          `/api/products/${product._id}`,
          token,
          { ...PRODUCT_FIELDS, name: 'Changed' },
          { fileName: 'b.png', type: 'image/png', bytes: await pngImage(30, 30) },
        );
        expect(updated.statusCode).toBe(500);
      } finally {
        failPuts = false;
      }
      expect(await state(app, database.dataDir)).toEqual(withProduct);
      const now = await app.inject({
        method: 'GET',
        url: `/api/products/${product._id}`,
        headers: cookieHeader(token),
      });
      expect(now.json<Product>()).toEqual(product);
      expect(
        (await app.inject({ method: 'GET', url: product.image.filePath!, headers: cookieHeader(token) })).statusCode,
      ).toBe(200);
    });

    it('a product row the database refuses takes its just-stored image back out (create and update)', async () => {
      // A trigger makes the database refuse one name, after the image was stored.
      if (kind.name === 'postgres') {
        await sql`create function fail_row() returns trigger language plpgsql as $$
          begin if new.name = 'Fail the row' then raise exception 'forced failure'; end if; return new; end $$`.execute(
          app.db,
        );
        await sql`create trigger fail_row before insert or update on products for each row execute function fail_row()`.execute(
          app.db,
        );
      } else {
        await sql`create trigger fail_row_insert before insert on products when new.name = 'Fail the row' begin select raise(abort, 'forced failure'); end`.execute(
          app.db,
        );
        await sql`create trigger fail_row_update before update on products when new.name = 'Fail the row' begin select raise(abort, 'forced failure'); end`.execute(
          app.db,
        );
      }
      const before = await state(app, database.dataDir);
      const refused = await sendForm(
        app,
        'POST',
        '/api/products',
        token,
        { ...PRODUCT_FIELDS, name: 'Fail the row' },
        { fileName: 'a.png', type: 'image/png', bytes: await pngImage() },
      );
      expect(refused.statusCode).toBe(500);
      expect(await state(app, database.dataDir)).toEqual(before);

      const product = (
        await sendForm(app, 'POST', '/api/products', token, PRODUCT_FIELDS, {
          fileName: 'a.png',
          type: 'image/png',
          bytes: await pngImage(),
        })
      ).json<Product>();
      const withProduct = await state(app, database.dataDir);
      const refusedUpdate = await sendForm(
        app,
        'PATCH',
        `/api/products/${product._id}`,
        token,
        { ...PRODUCT_FIELDS, name: 'Fail the row' },
        { fileName: 'b.png', type: 'image/png', bytes: await pngImage(30, 30) },
      );
      expect(refusedUpdate.statusCode).toBe(500);
      expect(await state(app, database.dataDir)).toEqual(withProduct);
      expect(
        (await app.inject({ method: 'GET', url: product.image.filePath!, headers: cookieHeader(token) })).statusCode,
      ).toBe(200);
    });

    it('a client that aborts mid-upload leaves no row, no upload and no file', async () => {
      const before = await state(app, database.dataDir);
      const body = await multipart(
        { ...PRODUCT_FIELDS, name: 'Aborted' },
        { fileName: 'big.png', type: 'image/png', bytes: await pngImage(400, 400) },
      );
      const { port } = app.server.address() as net.AddressInfo;
      await new Promise<void>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          const head = [
            'POST /api/products HTTP/1.1',
            `Host: 127.0.0.1:${port}`,
            `Content-Type: ${body.headers['content-type']}`,
            `Content-Length: ${body.payload.length}`,
            `Cookie: ${cookieHeader(token).cookie}`,
            '',
            '',
          ].join('\r\n');
          socket.write(head);
          // Half the body, then the connection goes away.
          socket.write(body.payload.subarray(0, Math.floor(body.payload.length / 2)), () =>
            setTimeout(() => {
              socket.destroy();
              resolve();
            }, 200),
          );
        });
        socket.on('error', reject);
      });
      // Give the server time to notice and to (not) write anything.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await state(app, database.dataDir)).toEqual(before);
      const list = await app.inject({ method: 'GET', url: '/api/products', headers: cookieHeader(token) });
      expect(list.json<Product[]>().map((p) => p.name)).not.toContain('Aborted');
    });
  });

  describe('an order', () => {
    it('a create or a patch that fails validation changes nothing', async () => {
      const created = await app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: cookieHeader(token),
        payload: { name: 'Dock', category: 'Accessories', price: 99.5, quantity: 2 },
      });
      expect(created.statusCode).toBe(201);
      const order = created.json<Order>();
      const before = await state(app, database.dataDir);
      for (const payload of [
        { name: '', category: 'Accessories', price: 1, quantity: 1 },
        { name: 'Dock', category: 'Accessories', price: -5, quantity: 1 },
        { name: 'Dock', category: 'Accessories', price: 1, quantity: 1.5 },
        { name: 'Dock', category: 'Accessories', price: 1, quantity: 1, extra: { $gt: '' } },
      ]) {
        const bad = await app.inject({ method: 'POST', url: '/api/orders', headers: cookieHeader(token), payload });
        expect(bad.statusCode).toBe(400);
        const badPatch = await app.inject({
          method: 'PATCH',
          url: `/api/orders/${order._id}`,
          headers: { ...cookieHeader(token), 'if-match': '"1"' },
          payload,
        });
        expect(badPatch.statusCode).toBe(400);
      }
      expect(await state(app, database.dataDir)).toEqual(before);
      const now = await app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: cookieHeader(token) });
      expect(now.json<Order>()).toEqual(order);
      expect(now.headers.etag).toBe('"1"');
    });
  });

  describe('two people edit the same item from the same version', () => {
    it('product: the first save wins, the second gets 409 editConflict, and the row is exactly the first version', async () => {
      const created = await sendForm(app, 'POST', '/api/products', token, PRODUCT_FIELDS);
      const product = created.json<Product>();
      // Both open the edit form: both read ETag "1".
      const [openA, openB] = await Promise.all(
        [0, 1].map(() =>
          app.inject({ method: 'GET', url: `/api/products/${product._id}`, headers: cookieHeader(token) }),
        ),
      );
      expect(openA!.headers.etag).toBe('"1"');
      expect(openB!.headers.etag).toBe('"1"');

      const first = await sendForm(
        app,
        'PATCH',
        `/api/products/${product._id}`,
        token,
        { ...PRODUCT_FIELDS, name: 'Alice’s name', quantity: '7' },
        undefined,
        { 'if-match': openA!.headers.etag as string },
      );
      expect(first.statusCode).toBe(200);
      const second = await sendForm(
        app,
        'PATCH',
        `/api/products/${product._id}`,
        token,
        { ...PRODUCT_FIELDS, name: 'Bob’s name', quantity: '1' },
        undefined,
        { 'if-match': openB!.headers.etag as string },
      );
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({ message: MESSAGES.editConflict });

      const now = await app.inject({
        method: 'GET',
        url: `/api/products/${product._id}`,
        headers: cookieHeader(token),
      });
      expect(now.headers.etag).toBe('"2"');
      expect(now.json<Product>()).toEqual(first.json<Product>());
      expect(now.json<Product>()).toMatchObject({ name: 'Alice’s name', quantity: 7 });
    });

    it('product: the same two saves sent at the same moment still give one 200 and one 409', async () => {
      const product = (await sendForm(app, 'POST', '/api/products', token, PRODUCT_FIELDS)).json<Product>();
      const saves = await Promise.all(
        ['A', 'B'].map((who) =>
          sendForm(
            app,
            'PATCH',
            `/api/products/${product._id}`,
            token,
            { ...PRODUCT_FIELDS, name: `By ${who}` },
            undefined,
            { 'if-match': '"1"' },
          ),
        ),
      );
      expect(saves.map((save) => save.statusCode).sort()).toEqual([200, 409]);
      const winner = saves.find((save) => save.statusCode === 200)!.json<Product>();
      const now = await app.inject({
        method: 'GET',
        url: `/api/products/${product._id}`,
        headers: cookieHeader(token),
      });
      expect(now.json<Product>()).toEqual(winner);
      expect(now.headers.etag).toBe('"2"');
    });

    it('order: the first save wins, the second gets 409 editConflict, and the row is exactly the first version', async () => {
      const order = (
        await app.inject({
          method: 'POST',
          url: '/api/orders',
          headers: cookieHeader(token),
          payload: { name: 'Mouse', category: 'Accessories', price: 20, quantity: 5 },
        })
      ).json<Order>();
      const first = await app.inject({
        method: 'PATCH',
        url: `/api/orders/${order._id}`,
        headers: { ...cookieHeader(token), 'if-match': '"1"' },
        payload: { name: 'Mouse (Alice)', category: 'Accessories', price: 21, quantity: 6 },
      });
      expect(first.statusCode).toBe(200);
      const second = await app.inject({
        method: 'PATCH',
        url: `/api/orders/${order._id}`,
        headers: { ...cookieHeader(token), 'if-match': '"1"' },
        payload: { name: 'Mouse (Bob)', category: 'Accessories', price: 1, quantity: 1 },
      });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({ message: MESSAGES.editConflict });
      const now = await app.inject({ method: 'GET', url: `/api/orders/${order._id}`, headers: cookieHeader(token) });
      expect(now.json<Order>()).toEqual(first.json<Order>());
      expect(now.json<Order>()).toMatchObject({ name: 'Mouse (Alice)', price: 21, quantity: 6 });
      expect(now.headers.etag).toBe('"2"');
      // Deleting from the stale version is refused too.
      const staleDelete = await app.inject({
        method: 'DELETE',
        url: `/api/orders/${order._id}`,
        headers: { ...cookieHeader(token), 'if-match': '"1"' },
      });
      expect(staleDelete.statusCode).toBe(409);
    });
  });
});
