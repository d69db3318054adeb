import { IMAGE_MAX_BYTES, LIMITS, MESSAGES, type Product } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, PUBLIC_URL, register, startApp } from './support/app';
import {
  gifImage,
  jpegWithExif,
  PRODUCT_FIELDS,
  pngClaiming,
  pngImage,
  sendForm,
  uploadName,
  webpImage,
  type FilePart,
} from './support/catalogue';
import { databases, type TestDatabase } from './support/databases';

describe.each(databases)('products API on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const create = (token: string | undefined, fields: Record<string, string> = PRODUCT_FIELDS, file?: FilePart | FilePart[]) =>
    sendForm(app, 'POST', '/api/products', token, fields, file);
  const patch = (token: string | undefined, id: string, fields: Record<string, string>, file?: FilePart, headers: Record<string, string> = {}) =>
    sendForm(app, 'PATCH', `/api/products/${id}`, token, fields, file, headers);
  const get = (token: string | undefined, url: string) => app.inject({ method: 'GET', url, headers: cookieHeader(token) });
  const del = (token: string | undefined, id: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: { ...cookieHeader(token), ...headers } });
  const productCount = async (userId: string) =>
    Number((await app.db.selectFrom('products').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);
  const uploadRow = (name: string) => app.db.selectFrom('uploads').select(['name', 'kind', 'size']).where('name', '=', name).executeTakeFirst();
  const newUser = async () => {
    const { token, response } = await register(app);
    return { token, id: (response.json() as { _id: string })._id };
  };

  describe('CRUD', () => {
    it('creates (201, ETag), reads, lists newest first, updates and deletes a product', async () => {
      const { token } = await newUser();
      const created = await create(token);
      expect(created.statusCode).toBe(201);
      expect(created.headers.etag).toBe('"1"');
      const product = created.json<Product>();
      expect(product).toEqual({
        _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'ThinkPad X1',
        sku: expect.stringMatching(/^LAP-\d+$/),
        category: 'Laptops',
        price: 1299.99,
        quantity: 4,
        description: '<p>Fast</p>',
        image: {},
        reorderPoint: null,
        barcode: null,
        mpn: null,
        // The owner sees the cost: null while not known (0031).
        cost: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        // Who did what, on single-item answers only.
        createdBy: { name: 'Ada Lovelace', token: null },
        updatedBy: { name: 'Ada Lovelace', token: null },
      });

      const one = await get(token, `/api/products/${product._id}`);
      expect(one.statusCode).toBe(200);
      expect(one.headers.etag).toBe('"1"');
      expect(one.json()).toEqual(product);

      const second = (await create(token, { ...PRODUCT_FIELDS, name: 'Second' })).json<Product>();
      const list = await get(token, '/api/products');
      expect(list.json<Product[]>().map((p) => p._id)).toEqual([second._id, product._id]);
      // The original API's trailing-slash path works too.
      expect((await get(token, '/api/products/')).json<Product[]>()).toHaveLength(2);

      const updated = await patch(token, product._id, { name: ' Renamed ', category: 'Notebooks', price: '10', quantity: '0', description: '<p>New</p>' });
      expect(updated.statusCode).toBe(200);
      expect(updated.headers.etag).toBe('"2"');
      expect(updated.json()).toMatchObject({ name: 'Renamed', category: 'Notebooks', price: 10, quantity: 0, description: '<p>New</p>', sku: product.sku });

      // Its quantity moved (an edit's movement): deleting archives it, answered as SPEC.md's delete (0033).
      const archived = await del(token, product._id);
      expect(archived.statusCode).toBe(200);
      expect(archived.json()).toEqual({ message: MESSAGES.productDeleted });
      expect(archived.headers['product-removal']).toBe('archived');
      expect((await get(token, `/api/products/${product._id}`)).json()).toMatchObject({ _id: product._id, archivedAt: expect.any(String) });
      expect((await get(token, '/api/products')).json<Product[]>().map((p) => p._id)).toEqual([second._id]);

      // No history: deleted as before.
      const deleted = await del(token, second._id);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ message: MESSAGES.productDeleted });
      expect(deleted.headers['product-removal']).toBe('deleted');
      expect((await get(token, `/api/products/${second._id}`)).statusCode).toBe(404);
      expect((await del(token, second._id)).statusCode).toBe(404);
    });

    it('keeps prices to the cent', async () => {
      const { token } = await newUser();
      for (const price of ['0', '0.1', '0.29', '19.99', '10000000']) {
        const response = await create(token, { ...PRODUCT_FIELDS, price });
        expect(response.json<Product>().price).toBe(Number(price));
      }
    });

    it('needs a session on every route', async () => {
      const id = '00000000-0000-4000-8000-000000000000';
      expect((await create(undefined)).statusCode).toBe(401);
      expect((await get(undefined, '/api/products')).statusCode).toBe(401);
      expect((await get(undefined, `/api/products/${id}`)).statusCode).toBe(401);
      expect((await patch(undefined, id, PRODUCT_FIELDS)).statusCode).toBe(401);
      expect((await del(undefined, id)).statusCode).toBe(401);
    });

    it('answers 404 productNotFound for unknown and malformed ids', async () => {
      const { token } = await newUser();
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1', "x' or 1=1 --"]) {
        const url = `/api/products/${encodeURIComponent(id)}`;
        for (const response of [await get(token, url), await patch(token, encodeURIComponent(id), PRODUCT_FIELDS), await del(token, encodeURIComponent(id))]) {
          expect(response.statusCode).toBe(404);
          expect(response.json()).toEqual({ message: MESSAGES.productNotFound });
        }
      }
    });
  });

  describe('SKU', () => {
    it('is made from the category when absent, kept as sent (free text), unique whatever its case, never changed', async () => {
      const { token } = await newUser();
      const made = (await create(token, { ...PRODUCT_FIELDS, category: 'monitors' })).json<Product>();
      expect(made.sku).toMatch(/^MON-\d{13}$/);
      const kept = await create(token, { ...PRODUCT_FIELDS, sku: 'LAP-1700000000000' });
      expect(kept.json<Product>().sku).toBe('LAP-1700000000000');
      for (const sku of ['MON-1700000000000', 'LAP-', 'LAP-12a', 'lap-123', '<script>', "x'; drop table products;--"]) {
        const response = await create(token, { ...PRODUCT_FIELDS, sku: ` ${sku} ` });
        expect(response.statusCode, sku).toBe(201);
        expect(response.json<Product>().sku).toBe(sku);
      }
      for (const [sku, holder] of [['lap-1700000000000', 'LAP-1700000000000'], ['LAP-12A', 'LAP-12a'], ['<SCRIPT>', '<script>']]) {
        const response = await create(token, { ...PRODUCT_FIELDS, name: 'Other', sku: sku! });
        expect(response.statusCode, sku).toBe(409);
        expect(response.json()).toEqual({ message: MESSAGES.skuTaken(holder!, PRODUCT_FIELDS.name) });
      }
      // Another store may have the same SKU.
      const other = await newUser();
      expect((await create(other.token, { ...PRODUCT_FIELDS, sku: 'LAP-1700000000000' })).statusCode).toBe(201);
      // Sent back on an edit, the SKU is ignored: it never changes.
      const ignored = await patch(token, made._id, { ...PRODUCT_FIELDS, sku: 'LAP-1' });
      expect(ignored.statusCode).toBe(200);
      expect(ignored.json<Product>().sku).toBe(made.sku);
    });
  });

  describe('validation', () => {
    it.each([
      [{ name: '' }, MESSAGES.nameRequired],
      [{ name: '   ' }, MESSAGES.nameRequired],
      [{ name: 'x'.repeat(LIMITS.name + 1) }, MESSAGES.fieldTooLong('Name', LIMITS.name)],
      [{ category: '' }, MESSAGES.categoryRequired],
      [{ category: 'x'.repeat(LIMITS.category + 1) }, MESSAGES.fieldTooLong('Category', LIMITS.category)],
      [{ price: '' }, MESSAGES.priceRequired],
      [{ price: '-1' }, MESSAGES.priceInvalid],
      [{ price: 'abc' }, MESSAGES.priceInvalid],
      [{ price: '1,299.00' }, MESSAGES.priceThousandsSeparator],
      [{ price: '1.999' }, MESSAGES.priceDecimals],
      [{ price: '10000000.01' }, MESSAGES.priceTooHigh],
      [{ quantity: '' }, MESSAGES.quantityRequired],
      [{ quantity: '1.5' }, MESSAGES.quantityInvalid],
      [{ quantity: '-2' }, MESSAGES.quantityInvalid],
      [{ quantity: '1000001' }, MESSAGES.quantityTooHigh],
      [{ sku: 'x'.repeat(LIMITS.sku + 1) }, MESSAGES.fieldTooLong('SKU', LIMITS.sku)],
      [{ user: 'someone' }, 'Unexpected field: user'],
      [{ _id: 'x' }, 'Unexpected field: _id'],
    ])('POST and PATCH answer 400 for %j', async (change, message) => {
      const { token, id: userId } = await newUser();
      const response = await create(token, { ...PRODUCT_FIELDS, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
      expect(await productCount(userId)).toBe(0);
      // A SKU is no field of an edit, and an `_id` sent back on one is ignored (the next test).
      if ('sku' in change || '_id' in change) return;
      const product = (await create(token)).json<Product>();
      const patched = await patch(token, product._id, { ...PRODUCT_FIELDS, ...change });
      expect(patched.statusCode).toBe(400);
      expect(patched.json()).toEqual({ message });
      expect((await get(token, `/api/products/${product._id}`)).json()).toEqual(product);
    });

    it('PATCH ignores the read-only fields a product answers (image as text included), whatever their value', async () => {
      const { token } = await newUser();
      const product = (await create(token, PRODUCT_FIELDS, { fileName: 'p.png', bytes: await pngImage() })).json<Product>();
      const echoed = {
        _id: '00000000-0000-4000-8000-000000000000',
        sku: 'HACK-1',
        createdAt: '2000-01-01T00:00:00.000Z',
        updatedAt: '2000-01-01T00:00:00.000Z',
        __v: '7',
      };
      for (const image of ['[object Object]', JSON.stringify(product.image), '']) {
        const response = await patch(token, product._id, { ...PRODUCT_FIELDS, ...echoed, image, name: `Renamed ${image.length}` });
        expect(response.statusCode, image).toBe(200);
        const saved = response.json<Product>();
        expect(saved, image).toMatchObject({ _id: product._id, sku: product.sku, createdAt: product.createdAt, image: product.image });
        expect(saved.name).toBe(`Renamed ${image.length}`);
      }
      expect((await get(token, `/api/products/${product._id}`)).json<Product>().image).toEqual(product.image);
      // POST stays strict.
      const created = await create(token, { ...PRODUCT_FIELDS, createdAt: echoed.createdAt });
      expect(created.statusCode).toBe(400);
      expect(created.json()).toEqual({ message: 'Unexpected field: createdAt' });
    });

    it('refuses a missing field, an unexpected file part and a repeated field', async () => {
      const { token } = await newUser();
      const { name: _name, ...withoutName } = PRODUCT_FIELDS;
      expect((await create(token, withoutName)).json()).toEqual({ message: MESSAGES.nameRequired });
      const other = await create(token, PRODUCT_FIELDS, { field: 'photo', fileName: 'a.png', bytes: await pngImage() });
      expect(other.statusCode).toBe(400);
      expect(other.json()).toEqual({ message: 'Unexpected field: photo' });
      const form = new FormData();
      for (const [k, v] of Object.entries(PRODUCT_FIELDS)) form.append(k, v);
      form.append('name', 'again');
      const response = new Response(form);
      const repeated = await app.inject({
        method: 'POST',
        url: '/api/products',
        payload: Buffer.from(await response.arrayBuffer()),
        headers: { 'content-type': response.headers.get('content-type') ?? '', ...cookieHeader(token) },
      });
      expect(repeated.statusCode).toBe(400);
      expect(repeated.json()).toEqual({ message: 'Duplicate field: name' });
    });

    it('answers 415 to JSON (and other non-multipart bodies) on POST and PATCH', async () => {
      const { token, id: userId } = await newUser();
      const json = await app.inject({ method: 'POST', url: '/api/products', payload: PRODUCT_FIELDS, headers: cookieHeader(token) });
      expect(json.statusCode).toBe(415);
      expect(json.json()).toEqual({ message: MESSAGES.unsupportedMediaType });
      const product = (await create(token)).json<Product>();
      const jsonPatch = await app.inject({ method: 'PATCH', url: `/api/products/${product._id}`, payload: PRODUCT_FIELDS, headers: cookieHeader(token) });
      expect(jsonPatch.statusCode).toBe(415);
      const text = await app.inject({
        method: 'POST',
        url: '/api/products',
        payload: 'name=x',
        headers: { ...cookieHeader(token), 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(text.statusCode).toBe(415);
      expect(await productCount(userId)).toBe(1);
    });

    it('answers 400 to a malformed multipart body and 413 to too many fields or files', async () => {
      const { token, id: userId } = await newUser();
      const broken = await app.inject({
        method: 'POST',
        url: '/api/products',
        payload: '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nabc',
        headers: { ...cookieHeader(token), 'content-type': 'multipart/form-data; boundary=xyz' },
      });
      expect(broken.statusCode).toBe(400);
      const noBoundary = await app.inject({
        method: 'POST',
        url: '/api/products',
        payload: 'x',
        headers: { ...cookieHeader(token), 'content-type': 'multipart/form-data' },
      });
      expect(noBoundary.statusCode).toBe(400);
      const many = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`f${i}`, 'x']));
      const tooMany = await create(token, many);
      expect(tooMany.statusCode).toBe(413);
      expect(tooMany.json().message).toMatch(/Too many/);
      const png = await pngImage();
      const twoFiles = await create(token, PRODUCT_FIELDS, [
        { fileName: 'a.png', bytes: png },
        { fileName: 'b.png', bytes: png },
      ]);
      expect(twoFiles.statusCode).toBe(413);
      expect(twoFiles.json()).toEqual({ message: 'Only one file can be uploaded' });
      expect(await productCount(userId)).toBe(0);
    });
  });

  describe('ownership', () => {
    it("gives another user 404 on get, patch and delete of a product, and never lists it", async () => {
      const a = await newUser();
      const b = await newUser();
      const product = (await create(a.token, PRODUCT_FIELDS, { fileName: 'a.png', bytes: await pngImage() })).json<Product>();
      await create(b.token, { ...PRODUCT_FIELDS, name: 'B own' });
      const url = `/api/products/${product._id}`;
      for (const response of [await get(b.token, url), await patch(b.token, product._id, { ...PRODUCT_FIELDS, name: 'Hacked' }), await del(b.token, product._id)]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: MESSAGES.productNotFound });
      }
      const listB = (await get(b.token, '/api/products')).json<Product[]>();
      expect(listB.map((p) => p.name)).toEqual(['B own']);
      expect((await get(a.token, url)).json()).toEqual(product);
      // Nor can B load A's image.
      expect('filePath' in product.image).toBe(true);
      const filePath = (product.image as { filePath: string }).filePath;
      expect((await get(b.token, filePath)).statusCode).toBe(404);
      expect((await get(a.token, filePath)).statusCode).toBe(200);
    });
  });

  describe('images', () => {
    it('accepts a PNG, re-encodes it, stores it under a generated name and serves it to its owner only', async () => {
      const { token } = await newUser();
      const png = await pngImage();
      const response = await create(token, PRODUCT_FIELDS, { fileName: 'C:\\fakepath\\My photo.png', type: 'image/png', bytes: png });
      expect(response.statusCode).toBe(201);
      const { image } = response.json<Product>();
      expect(image).toEqual({
        fileName: 'My photo.png',
        filePath: expect.stringMatching(new RegExp(`^${PUBLIC_URL}/uploads/[0-9a-f-]{36}\\.png$`)),
        fileType: 'image/png',
        fileSize: expect.any(Number),
      });
      const served = await get(token, (image as { filePath: string }).filePath);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toBe("default-src 'none'");
      expect(served.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      expect(served.rawPayload.length).toBe((image as { fileSize: number }).fileSize);
      expect((await sharp(served.rawPayload).metadata()).format).toBe('png');
      // Signed out: 404 too.
      expect((await get(undefined, (image as { filePath: string }).filePath)).statusCode).toBe(404);
    });

    it('accepts a JPEG declared as anything, re-encodes it, auto-rotates and strips EXIF', async () => {
      const { token } = await newUser();
      const jpeg = await jpegWithExif();
      expect(jpeg.includes('SECRET-EXIF-MARKER')).toBe(true);
      const response = await create(token, PRODUCT_FIELDS, { fileName: 'camera.jpeg', type: 'text/plain', bytes: jpeg });
      expect(response.statusCode).toBe(201);
      const image = response.json<Product>().image as { filePath: string; fileType: string };
      expect(image.fileType).toBe('image/jpeg');
      expect(image.filePath).toMatch(/\.jpg$/);
      const served = await get(token, image.filePath);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.rawPayload.equals(jpeg)).toBe(false);
      expect(served.rawPayload.includes('SECRET-EXIF-MARKER')).toBe(false);
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata.exif).toBeUndefined();
      // Orientation 6 applied: 30x20 became 20x30.
      expect([metadata.width, metadata.height]).toEqual([20, 30]);
    });

    it.each([
      ['GIF', async () => gifImage(), 'a.gif', MESSAGES.imageTypeNotAllowed],
      ['WebP', async () => webpImage(), 'a.png', MESSAGES.imageTypeNotAllowed],
      ['SVG', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="5" height="5"/></svg>'), 'a.svg', MESSAGES.imageTypeNotAllowed],
      ['HTML named .png', async () => Buffer.from('<!doctype html><script>alert(1)</script>'), 'x.png', MESSAGES.imageTypeNotAllowed],
      ['text', async () => Buffer.from('just some text'), 'x.jpg', MESSAGES.imageTypeNotAllowed],
      ['GIF/JS polyglot', async () => Buffer.from('GIF89a/*\x01\x00\x01\x00\x00\x00\x00*/=alert(1);'), 'x.png', MESSAGES.imageTypeNotAllowed],
      ['PNG signature then HTML', async () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<html><script>alert(1)</script>')]), 'x.png', MESSAGES.imageUnreadable],
      ['truncated JPEG', async () => (await jpegWithExif()).subarray(0, 40), 'x.jpg', MESSAGES.imageUnreadable],
    ])('refuses %s with 415 and creates no row or upload', async (_label, bytes, fileName, message) => {
      const { token, id: userId } = await newUser();
      const response = await create(token, PRODUCT_FIELDS, { fileName, type: 'image/png', bytes: await bytes() });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message });
      expect(await productCount(userId)).toBe(0);
      expect(await app.db.selectFrom('uploads').select('name').where('user_id', '=', userId).execute()).toEqual([]);
    });

    it('takes a JPEG/HTML polyglot only as a re-encoded JPEG, without the HTML', async () => {
      const { token } = await newUser();
      const polyglot = Buffer.concat([await jpegWithExif(), Buffer.from('<html><script>alert(1)</script></html>')]);
      const response = await create(token, PRODUCT_FIELDS, { fileName: 'x.jpg', bytes: polyglot });
      expect(response.statusCode).toBe(201);
      const served = await get(token, (response.json<Product>().image as { filePath: string }).filePath);
      expect(served.rawPayload.includes('<script>')).toBe(false);
    });

    it('refuses an oversized file with 413 and creates nothing', async () => {
      const { token, id: userId } = await newUser();
      const big = Buffer.concat([await pngImage(), Buffer.alloc(IMAGE_MAX_BYTES)]);
      const response = await create(token, PRODUCT_FIELDS, { fileName: 'big.png', bytes: big });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: MESSAGES.imageTooLarge });
      expect(await productCount(userId)).toBe(0);
    });

    it('refuses an image of too many pixels with 400 and creates nothing', async () => {
      const { token, id: userId } = await newUser();
      const response = await create(token, PRODUCT_FIELDS, { fileName: 'bomb.png', bytes: await pngClaiming(100_000, 100_000) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: MESSAGES.imageTooManyPixels });
      expect(await productCount(userId)).toBe(0);
    });

    it('checks the text fields before storing anything', async () => {
      const { token, id: userId } = await newUser();
      const response = await create(token, { ...PRODUCT_FIELDS, price: 'x' }, { fileName: 'a.png', bytes: await pngImage() });
      expect(response.statusCode).toBe(400);
      expect(await app.db.selectFrom('uploads').select('name').where('user_id', '=', userId).execute()).toEqual([]);
    });

    it('an empty image field (no file chosen) means no image; a text value there is refused', async () => {
      const { token } = await newUser();
      const empty = await create(token, PRODUCT_FIELDS, { fileName: '', bytes: Buffer.alloc(0) });
      expect(empty.statusCode).toBe(201);
      expect(empty.json<Product>().image).toEqual({});
      const text = await create(token, { ...PRODUCT_FIELDS, image: '' });
      expect(text.statusCode).toBe(201);
      const notFile = await create(token, { ...PRODUCT_FIELDS, image: 'https://example.com/a.png' });
      expect(notFile.statusCode).toBe(400);
      expect(notFile.json()).toEqual({ message: 'image must be a file' });
    });

    it('replaces the image on PATCH and removes the old upload; keeps it when no image is sent; removes it on delete', async () => {
      const { token } = await newUser();
      const product = (await create(token, PRODUCT_FIELDS, { fileName: 'one.png', bytes: await pngImage() })).json<Product>();
      const first = (product.image as { filePath: string }).filePath;
      const kept = (await patch(token, product._id, PRODUCT_FIELDS)).json<Product>();
      expect(kept.image).toEqual(product.image);
      const replaced = (await patch(token, product._id, PRODUCT_FIELDS, { fileName: 'two.jpg', bytes: await jpegWithExif() })).json<Product>();
      const second = (replaced.image as { filePath: string; fileName: string }).filePath;
      expect(second).not.toBe(first);
      expect((replaced.image as { fileName: string }).fileName).toBe('two.jpg');
      expect((await get(token, first)).statusCode).toBe(404);
      expect(await uploadRow(uploadName(first))).toBeUndefined();
      expect((await get(token, second)).statusCode).toBe(200);
      expect(await uploadRow(uploadName(second))).toMatchObject({ kind: 'product' });

      // A refused new image leaves the product and its image as they were.
      const refused = await patch(token, product._id, { ...PRODUCT_FIELDS, name: 'Changed' }, { fileName: 'x.gif', bytes: await gifImage() });
      expect(refused.statusCode).toBe(415);
      expect((await get(token, `/api/products/${product._id}`)).json()).toEqual(replaced);

      await del(token, product._id);
      expect((await get(token, second)).statusCode).toBe(404);
      expect(await uploadRow(uploadName(second))).toBeUndefined();
    });

    it('keeps the bytes where every process reaches them: files on SQLite, the database on PostgreSQL', async () => {
      const { token } = await newUser();
      const product = (await create(token, PRODUCT_FIELDS, { fileName: 'one.png', bytes: await pngImage() })).json<Product>();
      const name = uploadName((product.image as { filePath: string }).filePath);
      const { existsSync } = await import('node:fs');
      const file = `${database.dataDir}/uploads/${name}`;
      if (kind.name === 'sqlite') {
        expect(existsSync(file)).toBe(true);
      } else {
        expect(existsSync(file)).toBe(false);
        const row = await app.db.selectFrom('uploads').select('data').where('name', '=', name).executeTakeFirstOrThrow();
        expect(Buffer.isBuffer(row.data) && row.data.length > 0).toBe(true);
      }
    });

    it.each(['../x', '%2e%2e%2f', '..%2finventory.sqlite', '%2e%2e%2fmail', 'x.png', '00000000-0000-4000-8000-000000000000.png', '..%5c..%5cx'])(
      'answers 404 for the upload name %s',
      async (name) => {
        const { token } = await newUser();
        const response = await get(token, `/uploads/${name}`);
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
      },
    );
  });

  describe('descriptions', () => {
    it.each([
      ['<script>alert(1)</script><p>x</p>', '<p>x</p>'],
      ['<p onclick="alert(1)">x<img src=x onerror="alert(1)"></p>', '<p>x</p>'],
      ['<p><a href="javascript:alert(1)">x</a></p>', '<p><a href="">x</a></p>'],
      ['<p><a href="data:text/html,<script>alert(1)</script>">x</a></p>', '<p><a href="">x</a></p>'],
      ['<iframe src="https://evil.example"></iframe><p>x</p>', '<p>x</p>'],
      ['<svg onload="alert(1)"><script>alert(1)</script></svg><p>x</p>', '<p>x</p>'],
      ['<figure><img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="></figure><p>b</p>', '<p>b</p>'],
    ])('removes what is not allowed: %s', async (description, expected) => {
      const { token } = await newUser();
      const product = (await create(token, { ...PRODUCT_FIELDS, description })).json<Product>();
      expect(product.description).toBe(expected);
      expect((await get(token, `/api/products/${product._id}`)).json<Product>().description).toBe(expected);
      const patched = (await patch(token, product._id, { ...PRODUCT_FIELDS, description })).json<Product>();
      expect(patched.description).toBe(expected);
    });

    it('keeps what a Quill editor writes as classes as the styles the format keeps, colour with background, and a coloured bold run', async () => {
      const { token } = await newUser();
      const description =
        '<p class="ql-align-center ql-indent-2">Centred <span class="ql-size-large">large</span> ' +
        '<span class="ql-font-serif" style="color: rgb(230, 0, 0); background-color: rgb(255, 255, 0);">marked</span> ' +
        '<strong style="color: rgb(230, 0, 0);">bold red</strong> <em class="ql-size-small">small italic</em></p>' +
        '<ol><li class="ql-indent-1 ql-align-right">item</li></ol>';
      const expected =
        '<p class="ql-indent-2" style="text-align:center">Centred <span style="font-size:1.5em">large</span> ' +
        '<span style="font-family:serif"><span style="color:#e60000"><span style="background-color:#ffff00">marked</span></span></span> ' +
        '<span style="color:#e60000"><strong>bold red</strong></span> <span style="font-size:0.75em"><em>small italic</em></span></p>' +
        '<ol><li class="ql-indent-1" style="text-align:right">item</li></ol>';
      const product = (await create(token, { ...PRODUCT_FIELDS, description })).json<Product>();
      expect(product.description).toBe(expected);
      expect((await get(token, `/api/products/${product._id}`)).json<Product>().description).toBe(expected);
      const patched = (await patch(token, product._id, { ...PRODUCT_FIELDS, description })).json<Product>();
      expect(patched.description).toBe(expected);
    });

    it('keeps a description the rich-text field wrote, unchanged', async () => {
      const { token } = await newUser();
      const description =
        '<h1>Title</h1><p class="ql-indent-2" style="text-align:center"><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <span style="color:#c62828">red</span></p>' +
        '<ul><li class="ql-indent-1">a</li></ul><p><a href="https://example.com/a?b=1&amp;c=2">site</a><br/>x</p>' +
        '<figure><img src="data:image/png;base64,iVBORw0KGgo=" alt=""/></figure>';
      const product = (await create(token, { ...PRODUCT_FIELDS, description })).json<Product>();
      expect(product.description).toBe(description);
    });

    it('refuses a description over the limit', async () => {
      const { token } = await newUser();
      const response = await create(token, { ...PRODUCT_FIELDS, description: 'x'.repeat(LIMITS.description + 1) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: MESSAGES.descriptionTooLong });
    });
  });

  describe('concurrency (ETag / If-Match)', () => {
    it('a stale If-Match answers 409 and changes nothing; the current one applies and moves the version on', async () => {
      const { token } = await newUser();
      const product = (await create(token)).json<Product>();
      const first = await patch(token, product._id, { ...PRODUCT_FIELDS, name: 'First' }, undefined, { 'if-match': '"1"' });
      expect(first.statusCode).toBe(200);
      expect(first.headers.etag).toBe('"2"');
      const stale = await patch(token, product._id, { ...PRODUCT_FIELDS, name: 'Second' }, { fileName: 'a.png', bytes: await pngImage() }, { 'if-match': '"1"' });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ message: MESSAGES.editConflict });
      const now = await get(token, `/api/products/${product._id}`);
      expect(now.json()).toMatchObject({ name: 'First', image: {} });
      expect(now.headers.etag).toBe('"2"');
      for (const ifMatch of ['W/"2"', '"9", "3"', '*']) {
        const ok = await patch(token, product._id, PRODUCT_FIELDS, undefined, { 'if-match': ifMatch });
        expect(ok.statusCode, ifMatch).toBe(200);
      }
      expect((await patch(token, product._id, PRODUCT_FIELDS, undefined, { 'if-match': 'garbage' })).statusCode).toBe(409);
      // Without If-Match: last write wins.
      const plain = await patch(token, product._id, { ...PRODUCT_FIELDS, name: 'Plain' });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers.etag).toBe('"6"');
      // DELETE honours If-Match too.
      expect((await del(token, product._id, { 'if-match': '"1"' })).statusCode).toBe(409);
      expect((await del(token, product._id, { 'if-match': '"6"' })).statusCode).toBe(200);
    });

    it('a product of another user is 404, not 409, whatever If-Match says', async () => {
      const a = await newUser();
      const b = await newUser();
      const product = (await create(a.token)).json<Product>();
      expect((await patch(b.token, product._id, PRODUCT_FIELDS, undefined, { 'if-match': '"7"' })).statusCode).toBe(404);
    });

    it('exposes the ETag and Product-Removal to CORS origins', async () => {
      const origin = 'https://shop.example.com';
      const cors = await startApp(database, { CORS_ORIGINS: origin });
      try {
        const { token } = await register(cors);
        const created = await sendForm(cors, 'POST', '/api/products', token, PRODUCT_FIELDS, undefined, { origin });
        expect(created.statusCode).toBe(201);
        expect(created.headers['access-control-expose-headers']).toBe('ETag, Product-Removal');
      } finally {
        await cors.close();
      }
    });
  });
});
