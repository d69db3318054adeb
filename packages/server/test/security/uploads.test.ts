import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_MAX_BYTES, MESSAGES, type Product } from '@inventory/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_CSP } from '../../src/features/uploads/routes';
import { cookieHeader, PUBLIC_URL, register, startApp } from '../support/app';
import { type FilePart, PRODUCT_FIELDS, pngClaiming, pngImage, sendForm, uploadName } from '../support/catalogue';
import { databases, type TestDatabase } from '../support/databases';

const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
const SVG = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
/** Valid GIF header and valid JavaScript at once (GIF89a=...;alert(1)). */
const GIF_JS_POLYGLOT = Buffer.concat([
  Buffer.from('GIF89a/*'),
  Buffer.from([0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00]),
  Buffer.from('*/=1;alert(document.domain);//'),
  Buffer.from([0x2c, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3b]),
]);
const MARKER = '<script>alert("appended")</script><html><body onload=alert(1)>';

describe.each(databases)('security: uploads on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let token: string | undefined;

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database);
    token = (await register(app)).token;
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const photo = (part: Omit<FilePart, 'field'>) => sendForm(app, 'POST', '/api/uploads', token, {}, { field: 'file', ...part });
  const productWith = (part: Omit<FilePart, 'field'>) => sendForm(app, 'POST', '/api/products', token, PRODUCT_FIELDS, { field: 'image', ...part });
  const uploadCount = async () => (await app.db.selectFrom('uploads').select('name').execute()).length;
  const productCount = async () => (await app.db.selectFrom('products').select('id').execute()).length;

  const expectServedSafely = (response: LightMyRequestResponse, type: string) => {
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(type);
    expect(response.headers['content-type']).not.toMatch(/html|svg|xml|javascript/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe(UPLOAD_CSP);
    expect(UPLOAD_CSP).toBe("default-src 'none'");
    expect(response.headers['content-disposition']).toMatch(/^inline/);
  };

  it.each([
    ['an HTML page named .png', { fileName: 'cat.png', type: 'image/png', bytes: HTML }, MESSAGES.imageTypeNotAllowed],
    ['a script named .jpg', { fileName: 'cat.jpg', type: 'image/jpeg', bytes: Buffer.from('alert(document.cookie)') }, MESSAGES.imageTypeNotAllowed],
    ['an SVG with script', { fileName: 'logo.svg', type: 'image/svg+xml', bytes: SVG }, MESSAGES.imageTypeNotAllowed],
    ['an SVG named .png', { fileName: 'logo.png', type: 'image/png', bytes: SVG }, MESSAGES.imageTypeNotAllowed],
    ['a GIF/JavaScript polyglot', { fileName: 'poly.gif', type: 'image/gif', bytes: GIF_JS_POLYGLOT }, MESSAGES.imageTypeNotAllowed],
    ['a GIF/JavaScript polyglot named .png', { fileName: 'poly.png', type: 'image/png', bytes: GIF_JS_POLYGLOT }, MESSAGES.imageTypeNotAllowed],
  ])('[ASVS 12.2.1/12.5.2] refuses %s with 415 and a clear message, storing nothing', async (_label, part, message) => {
    const [uploads, products] = [await uploadCount(), await productCount()];
    for (const response of [await photo(part), await productWith(part)]) {
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message });
    }
    expect(await uploadCount()).toBe(uploads);
    expect(await productCount()).toBe(products);
  });

  it('[ASVS 12.2.1] a truncated PNG (right signature, broken body) is refused as unreadable', async () => {
    const broken = (await pngImage()).subarray(0, 40);
    const response = await photo({ fileName: 'broken.png', type: 'image/png', bytes: broken });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: MESSAGES.imageUnreadable });
  });

  it('[ASVS 12.2.1] a JPEG with HTML appended is stored re-encoded: the HTML is gone, the type is image/jpeg', async () => {
    const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const dirty = Buffer.concat([jpeg, Buffer.from(MARKER)]);
    for (const response of [await photo({ fileName: 'x.jpg', type: 'image/jpeg', bytes: dirty }), await productWith({ fileName: 'x.jpg', type: 'image/jpeg', bytes: dirty })]) {
      expect(response.statusCode).toBe(201);
      const url = 'url' in response.json<object>() ? response.json<{ url: string }>().url : (response.json<Product>().image as { filePath: string }).filePath;
      const served = await app.inject({ method: 'GET', url, headers: cookieHeader(token) });
      expectServedSafely(served, 'image/jpeg');
      expect(served.rawPayload.includes(Buffer.from('<script'))).toBe(false);
      expect(served.rawPayload.includes(Buffer.from('onload'))).toBe(false);
      expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
    }
  });

  it('[ASVS 12.3.1/12.3.2] a path-traversal file name is stored under a generated name; the display name is its last segment', async () => {
    const bytes = await pngImage();
    for (const fileName of ['../../etc/passwd.png', '..\\..\\windows\\win.ini.png', '/abs/../../x<script>.png']) {
      const created = await productWith({ fileName, type: 'image/png', bytes });
      expect(created.statusCode, fileName).toBe(201);
      const image = created.json<Product>().image as { fileName: string; filePath: string };
      expect(image.filePath).toMatch(new RegExp(`^${PUBLIC_URL}/uploads/[0-9a-f-]{36}\\.png$`));
      expect(image.fileName).not.toMatch(/[/\\<>]|\.\./);
      expect(image.fileName.length).toBeGreaterThan(0);
    }
    const created = await productWith({ fileName: '../../etc/passwd.png', type: 'image/png', bytes });
    expect((created.json<Product>().image as { fileName: string }).fileName).toBe('passwd.png');
    if (kind.name === 'sqlite') {
      // Nothing was written outside the uploads folder, and only generated names inside it.
      const names = await readdir(path.join(database.dataDir, 'uploads'));
      for (const name of names) expect(name).toMatch(/^[0-9a-f-]{36}\.(png|jpg)$/);
      expect(await readdir(database.dataDir)).not.toContain('etc');
    }
    const photoUpload = await photo({ fileName: '../../../../tmp/evil.png', type: 'image/png', bytes });
    expect(photoUpload.json<{ url: string }>().url).toMatch(new RegExp(`^${PUBLIC_URL}/uploads/[0-9a-f-]{36}\\.png$`));
    expect(uploadName(photoUpload.json<{ url: string }>().url)).not.toContain('evil');
  });

  it('[ASVS 12.1.1] an oversized file answers 413 with a clear message and stores nothing', async () => {
    const big = Buffer.concat([await pngImage(), Buffer.alloc(IMAGE_MAX_BYTES + 1024)]);
    const uploads = await uploadCount();
    for (const response of [await photo({ fileName: 'big.png', type: 'image/png', bytes: big }), await productWith({ fileName: 'big.png', type: 'image/png', bytes: big })]) {
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: MESSAGES.imageTooLarge });
    }
    expect(await uploadCount()).toBe(uploads);
  });

  it('[ASVS 12.1.1] a tiny PNG claiming 30000×30000 pixels (decompression bomb) is refused from its header', async () => {
    const bomb = await pngClaiming(30_000, 30_000);
    expect(bomb.length).toBeLessThan(200);
    const started = Date.now();
    for (const response of [await photo({ fileName: 'bomb.png', type: 'image/png', bytes: bomb }), await productWith({ fileName: 'bomb.png', type: 'image/png', bytes: bomb })]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: MESSAGES.imageTooManyPixels });
    }
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('[ASVS 12.5.1/12.5.2] uploads are served with their real type, nosniff and a CSP that runs nothing — never as HTML', async () => {
    const png = await photo({ fileName: 'page.html', type: 'text/html', bytes: await pngImage() });
    expect(png.statusCode).toBe(201);
    const url = png.json<{ url: string }>().url;
    expect(url).toMatch(/\.png$/);
    const served = await app.inject({ method: 'GET', url, headers: { ...cookieHeader(token), accept: 'text/html' } });
    expectServedSafely(served, 'image/png');
  });
});
