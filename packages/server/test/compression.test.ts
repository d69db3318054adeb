import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { MESSAGES, type Order, type Product } from '@inventory/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSION_THRESHOLD } from '../src/http/compression';
import { cookieHeader, register, startApp } from './support/app';
import { PRODUCT_FIELDS, pngImage, sendForm } from './support/catalogue';
import { databases, type TestDatabase } from './support/databases';
import { REPO_ROOT } from './support/processes';

const ENCODINGS = ['identity', 'gzip', 'br'] as const;

/** The body as sent, decoded by its Content-Encoding. */
function decoded(response: LightMyRequestResponse): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload);
  if (encoding === 'gzip') return gunzipSync(response.rawPayload);
  expect(encoding, 'an encoding we do not send').toBeUndefined();
  return response.rawPayload;
}

const varyOf = (response: LightMyRequestResponse) =>
  String(response.headers.vary ?? '')
    .toLowerCase()
    .split(',')
    .map((value) => value.trim());

/** A description long enough to put a single product over the compression threshold. */
const LONG_DESCRIPTION = `<p>${'A long, repetitive description of a laptop. '.repeat(60)}</p>`;

describe.each(databases)('compressed API answers on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let token: string | undefined;

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database, { CORS_ORIGINS: 'https://shop-front.example.com' });
    ({ token } = await register(app));
    for (let i = 0; i < 6; i += 1) {
      await sendForm(app, 'POST', '/api/products', token, {
        ...PRODUCT_FIELDS,
        name: `Laptop ${i}`,
        description: LONG_DESCRIPTION,
      });
    }
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const get = (url: string, encoding: string | undefined, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'GET',
      url,
      headers: { ...cookieHeader(token), ...(encoding ? { 'accept-encoding': encoding } : {}), ...headers },
    });

  it('a list decodes to the same bytes whatever the encoding, with Vary, one weak ETag and 304 for each', async () => {
    const plain = await get('/api/products', undefined);
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^W\/"p/);

    for (const encoding of ENCODINGS) {
      // The first request of an encoding compresses the cached list; the second is served from the cache.
      for (let round = 0; round < 2; round += 1) {
        const response = await get('/api/products', encoding);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
        expect(decoded(response).equals(plain.rawPayload), encoding).toBe(true);
        if (encoding !== 'identity') expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
        expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
        expect(response.headers.etag).toBe(etag);
        expect(response.headers['cache-control']).toBe('private, no-cache');
        // Vary keeps what was there (Origin, with CORS_ORIGINS set) and adds accept-encoding, uncompressed answers too.
        expect(varyOf(response)).toEqual(['origin', 'accept-encoding']);
      }
      const unchanged = await get('/api/products', encoding, { 'if-none-match': etag });
      expect(unchanged.statusCode).toBe(304);
      expect(unchanged.rawPayload.length).toBe(0);
      expect(unchanged.headers.etag).toBe(etag);
      expect(varyOf(unchanged)).toContain('accept-encoding');
    }
    expect(plain.json<Product[]>()).toHaveLength(6);
  });

  it('Accept-Encoding is negotiated: q-values, *, x-gzip, identity only, an encoding we do not make', async () => {
    const cases: [string, string | undefined][] = [
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['*', 'gzip'],
      ['x-gzip', 'gzip'],
      ['deflate', undefined],
      ['identity', undefined],
      ['gzip, deflate, br, zstd', 'br'],
    ];
    for (const [header, expected] of cases) {
      const response = await get('/api/products', header);
      expect(response.headers['content-encoding'], header).toBe(expected);
      expect(JSON.parse(decoded(response).toString('utf8')), header).toHaveLength(6);
    }
  });

  it('a single item decodes to the same bytes; its strong ETag names the encoding and If-Match still takes any of them', async () => {
    const [first] = (await get('/api/products', undefined)).json<Product[]>();
    const url = `/api/products/${first!._id}`;
    const plain = await get(url, undefined);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    expect(plain.headers.etag).toBe('"1"');
    expect(varyOf(plain)).toContain('accept-encoding');
    for (const encoding of ['gzip', 'br'] as const) {
      const response = await get(url, encoding);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.etag).toBe(`"1-${encoding}"`);
      expect(decoded(response).equals(plain.rawPayload)).toBe(true);
      expect(varyOf(response)).toContain('accept-encoding');
    }

    // An edit sends back the tag it got with the compressed answer: it names version 1, the current one.
    const edit = (ifMatch: string, name: string) =>
      sendForm(app, 'PATCH', url, token, { ...PRODUCT_FIELDS, name, description: LONG_DESCRIPTION }, undefined, {
        'if-match': ifMatch,
        'accept-encoding': 'br',
      });
    const saved = await edit('"1-br"', 'Renamed once');
    expect(saved.statusCode).toBe(200);
    expect(saved.headers['content-encoding']).toBe('br');
    expect(saved.headers.etag).toBe('"2-br"');
    expect(JSON.parse(decoded(saved).toString('utf8'))).toMatchObject({ name: 'Renamed once' });

    // A stale tag of any encoding is a conflict, and changes nothing.
    for (const stale of ['"1-br"', '"1-gzip"', '"1"', 'W/"1-gzip"']) {
      const conflict = await edit(stale, 'Lost');
      expect(conflict.statusCode, stale).toBe(409);
      expect(JSON.parse(decoded(conflict).toString('utf8'))).toEqual({ message: MESSAGES.editConflict });
    }
    const gzipped = await edit('"2-gzip"', 'Renamed twice');
    expect(gzipped.statusCode).toBe(200);
    expect((await get(url, undefined)).headers.etag).toBe('"3"');
    // An encoding we never make is no tag of ours.
    expect((await edit('"3-deflate"', 'Lost')).statusCode).toBe(409);
    const removed = await app.inject({
      method: 'DELETE',
      url,
      headers: { ...cookieHeader(token), 'if-match': '"3-gzip"' },
    });
    expect(removed.statusCode).toBe(200);
  });

  it('answers under the threshold are not compressed and keep their plain ETag, but still say Vary', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...cookieHeader(token), 'accept-encoding': 'br' },
      payload: { name: 'Dell Monitor', category: 'monitors', price: 249.5, quantity: 3 },
    });
    expect(created.statusCode).toBe(201);
    expect(created.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(created.headers['content-encoding']).toBeUndefined();
    expect(created.headers.etag).toBe('"1"');
    expect(varyOf(created)).toContain('accept-encoding');
    const order = created.json<Order>();
    const one = await get(`/api/orders/${order._id}`, 'gzip, br');
    expect(one.headers['content-encoding']).toBeUndefined();
    expect(one.headers.etag).toBe('"1"');

    const loggedIn = await get('/api/users/loggedin', 'br');
    expect(loggedIn.headers['content-encoding']).toBeUndefined();
    expect(varyOf(loggedIn)).toContain('accept-encoding');
  });

  it('images are never compressed again: uploads and the default avatar', async () => {
    const created = await sendForm(app, 'POST', '/api/products', token, PRODUCT_FIELDS, {
      fileName: 'photo.png',
      type: 'image/png',
      bytes: await pngImage(400, 300),
    });
    const image = new URL(created.json<Product>().image.filePath!).pathname;
    const served = await get(image, 'gzip, br');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-encoding']).toBeUndefined();
    expect(served.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    expect(varyOf(served)).not.toContain('accept-encoding');

    const avatar = await get('/api/users/avatar.png', 'gzip, br');
    expect(avatar.headers['content-type']).toBe('image/png');
    expect(avatar.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    expect(avatar.headers['content-encoding']).toBeUndefined();
  });

  it('request bodies are taken as sent: a gzipped body is not unpacked (400, as before)', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'a@b.co', password: 'secret123' })),
    });
    // Its bytes are not UTF-8 JSON: refused exactly as before compression existed, not logged in.
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: MESSAGES.invalidUtf8 });
  });
});

/** A small built app: what `vite build` leaves in packages/app/dist, in miniature, precompressed by the build's script. */
async function buildMiniApp(dir: string) {
  const js = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},name:"row ${i}"}`).join(',')}];\n`;
  const files: Record<string, string | Buffer> = {
    'index.html': `<!doctype html><html><head><title>Inventory</title><script type="module" src="/assets/index-abc123.js"></script></head><body>${'<div id="root"></div>'.repeat(80)}</body></html>`,
    'assets/index-abc123.js': js,
    'assets/index-abc123.css': `${Array.from({ length: 200 }, (_, i) => `.c${i}{color:#${String(i).padStart(6, '0')}}`).join('\n')}\n`,
    'favicon.svg': `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(60)}</svg>`,
    'assets/logo-abc123.png': await pngImage(300, 200),
  };
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
  const run = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'precompress.mjs'), dir], {
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return files;
}

describe('the built app, precompressed at build time', () => {
  let dir: string;
  let database: TestDatabase;
  let app: FastifyInstance;
  let files: Record<string, string | Buffer>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'inventory-dist-'));
    files = await buildMiniApp(dir);
    database = await databases[0]!.create();
    app = await startApp(database, { APP_DIST: dir });
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
    await rm(dir, { recursive: true, force: true });
  });

  it('the build writes .br and .gz next to every compressible file (not next to images), decoding to the file', () => {
    for (const name of ['index.html', 'assets/index-abc123.js', 'assets/index-abc123.css', 'favicon.svg']) {
      const original = readFileSync(path.join(dir, name));
      expect(brotliDecompressSync(readFileSync(path.join(dir, `${name}.br`))).equals(original), name).toBe(true);
      expect(gunzipSync(readFileSync(path.join(dir, `${name}.gz`))).equals(original), name).toBe(true);
    }
    expect(existsSync(path.join(dir, 'assets/logo-abc123.png.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'assets/logo-abc123.png.gz'))).toBe(false);
  });

  const get = (url: string, encoding: string | undefined, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { ...(encoding ? { 'accept-encoding': encoding } : {}), ...headers } });

  it('serves the variant a client accepts, with its encoding, the file type, Vary, its own ETag and the file’s cache rule', async () => {
    const url = '/assets/index-abc123.js';
    const etags = new Set<string>();
    for (const encoding of ENCODINGS) {
      const response = await get(url, encoding);
      expect(response.statusCode, encoding).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(response.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(varyOf(response)).toContain('accept-encoding');
      expect(decoded(response).equals(Buffer.from(files[url.slice(1)]!)), encoding).toBe(true);
      etags.add(String(response.headers.etag));

      const unchanged = await get(url, encoding, { 'if-none-match': String(response.headers.etag) });
      expect(unchanged.statusCode, encoding).toBe(304);
      expect(varyOf(unchanged)).toContain('accept-encoding');
    }
    // Three representations, three validators.
    expect(etags.size).toBe(3);

    const css = await get('/assets/index-abc123.css', 'gzip');
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(decoded(css).toString('utf8')).toBe(files['assets/index-abc123.css']);
  });

  it('index.html (at / and as the SPA fallback of client routes) comes precompressed and is never cached', async () => {
    for (const url of ['/', '/dashboard', '/products/123/edit']) {
      const response = await get(url, 'gzip, deflate, br', { accept: 'text/html' });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(varyOf(response)).toContain('accept-encoding');
      expect(decoded(response).toString('utf8')).toBe(files['index.html']);
    }
    const plain = await get('/dashboard', undefined, { accept: 'text/html' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(files['index.html']);
  });

  it('images go as they are; the variants are not addresses of their own', async () => {
    const png = await get('/assets/logo-abc123.png', 'gzip, br');
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.equals(files['assets/logo-abc123.png'] as Buffer)).toBe(true);

    const variant = await get('/assets/index-abc123.js.br', 'br');
    expect(variant.statusCode).toBe(404);
  });
});
