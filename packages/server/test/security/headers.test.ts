import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@inventory/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEME_SCRIPT_HASH } from '../../src/http/security';
import { cookieHeader, register, startApp } from '../support/app';
import { pngImage, sendForm } from '../support/catalogue';
import { databases, type TestDatabase } from '../support/databases';

/** Directives of a CSP header, by name. */
function directives(csp: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

/** What no answer may carry: a stack frame, SQL, a file path of the server, an internal error code. */
const LEAKS = /(\bat\s+\S+\s+\(|node_modules|\/work\/|\/src\/|\.ts:\d|\.js:\d|select\s|insert\s|from\s+\w+\s+where|SQLITE_|syntax error|relation "|no such table|ECONN|stack)/i;

describe.each(databases)('security: headers and error answers on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let dist: string;
  let token: string | undefined;
  let uploadUrl: string;

  beforeAll(async () => {
    database = await kind.create();
    // A built app stand-in, so the page routes (/, /login, SPA fallback) are served like in production.
    dist = await mkdtemp(path.join(tmpdir(), 'inventory-sec-dist-'));
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Inventory</title><div id="root"></div><script type="module" src="/assets/index-a1.js"></script>');
    await writeFile(path.join(dist, 'assets', 'index-a1.js'), 'console.log(1)');
    app = await startApp(database, { APP_DIST: dist });
    token = (await register(app)).token;
    const upload = await sendForm(app, 'POST', '/api/uploads', token, {}, { field: 'file', fileName: 'a.png', type: 'image/png', bytes: await pngImage() });
    uploadUrl = upload.json<{ url: string }>().url;
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('[ASVS 14.4.1-14.4.7] every page and API answer has a strict CSP, nosniff, a referrer policy, frame-ancestors none and no banner', async () => {
    const answers: Array<[string, LightMyRequestResponse]> = [
      ['/', await get('/', { accept: 'text/html' })],
      ['/login', await get('/login', { accept: 'text/html' })],
      ['/dashboard (SPA fallback)', await get('/dashboard', { accept: 'text/html' })],
      ['asset', await get('/assets/index-a1.js')],
      ['/api/users/loggedin', await get('/api/users/loggedin')],
      ['a 404', await get('/api/no-such-route')],
      ['a 401', await get('/api/users/getuser')],
      ['an upload', await get(uploadUrl, cookieHeader(token))],
      ['a 400', await app.inject({ method: 'POST', url: '/api/users/login', payload: '{', headers: { 'content-type': 'application/json' } })],
      ['/healthz', await get('/healthz')],
    ];
    expect(answers.slice(0, 3).map(([, r]) => r.statusCode)).toEqual([200, 200, 200]);
    expect(answers[5]?.[1].statusCode).toBe(404);
    expect(answers[6]?.[1].statusCode).toBe(401);
    expect(answers[7]?.[1].statusCode).toBe(200);
    for (const [what, response] of answers) {
      const csp = directives(response.headers['content-security-policy'] as string | undefined);
      const scripts = csp.get('script-src') ?? csp.get('default-src');
      expect(scripts, what).toBeDefined();
      expect(scripts, what).not.toContain("'unsafe-inline'");
      expect(scripts, what).not.toContain("'unsafe-eval'");
      expect(scripts, what).not.toContain('*');
      expect(csp.get('object-src') ?? csp.get('default-src'), what).toEqual(["'none'"]);
      if (what !== 'an upload') expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
      expect(response.headers['x-frame-options'], what).toBe('DENY');
      expect(response.headers['x-content-type-options'], what).toBe('nosniff');
      expect(response.headers['referrer-policy'], what).toMatch(/^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/);
      expect(response.headers['x-powered-by'], what).toBeUndefined();
      expect(response.headers.server, what).toBeUndefined();
    }
  });

  it('[ASVS 14.4.3] the app\'s HTML has no inline script but the theme script the CSP names by its hash', async () => {
    const sources = [await readFile(path.resolve(__dirname, '../../../app/index.html'), 'utf8')];
    try {
      sources.push(await readFile(path.resolve(__dirname, '../../../app/dist/index.html'), 'utf8'));
    } catch {
      // Not built: the source index.html is what the build copies.
    }
    for (const html of sources) {
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.filter(([, attributes = '']) => /\bsrc=/.test(attributes)).length).toBeGreaterThan(0);
      for (const [, attributes = '', body = ''] of scripts) {
        if (/\bsrc=/.test(attributes)) expect(body.trim()).toBe('');
        else expect(`'sha256-${createHash('sha256').update(body).digest('base64')}'`).toBe(THEME_SCRIPT_HASH);
      }
      expect(html).not.toMatch(/\son[a-z]+\s*=/i);
      expect(html).not.toMatch(/javascript:/i);
    }
  });

  describe('[ASVS 7.4.1] errors never reveal stacks, SQL or paths', () => {
    const expectClean = (response: LightMyRequestResponse, status: number) => {
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.body).not.toMatch(LEAKS);
      expect(Object.keys(response.json<object>()).sort()).toEqual(status === 500 ? ['message', 'requestId'] : ['message']);
    };

    it('a database error (SQL text in the driver message) answers 500 {message, requestId} only', async () => {
      const local = await startApp(database);
      try {
        local.get('/api/test/sql-error', async () => {
          await sql`select secret_column from no_such_table where password_hash = ${'x'}`.execute(local.db);
          return { ok: true };
        });
        local.get('/api/test/throw', async () => {
          throw new TypeError(`Cannot read properties of undefined at ${__filename}:12:5`);
        });
        for (const url of ['/api/test/sql-error', '/api/test/throw']) {
          const response = await local.inject({ method: 'GET', url });
          expectClean(response, 500);
          expect(response.json()).toEqual({ message: MESSAGES.internalError, requestId: expect.any(String) });
          expect(response.json<{ requestId: string }>().requestId).toBe(response.headers['x-request-id'] ?? response.json<{ requestId: string }>().requestId);
        }
      } finally {
        await local.close();
      }
    });

    it('malformed multipart, malformed JSON, unknown routes and bad ids answer plain messages', async () => {
      const boundary = '----x';
      const malformed = await app.inject({
        method: 'POST',
        url: '/api/uploads',
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc`,
        headers: { ...cookieHeader(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(malformed.statusCode).toBeGreaterThanOrEqual(400);
      expect(malformed.statusCode).toBeLessThan(500);
      expect(malformed.body).not.toMatch(LEAKS);
      const noBoundary = await app.inject({ method: 'POST', url: '/api/uploads', payload: 'x', headers: { ...cookieHeader(token), 'content-type': 'multipart/form-data' } });
      expect(noBoundary.statusCode).toBeGreaterThanOrEqual(400);
      expect(noBoundary.statusCode).toBeLessThan(500);
      expect(noBoundary.body).not.toMatch(LEAKS);
      expectClean(await app.inject({ method: 'POST', url: '/api/orders', payload: '{"name": "x",, }', headers: { ...cookieHeader(token), 'content-type': 'application/json' } }), 400);
      expectClean(await get('/api/does/not/exist'), 404);
      expectClean(await get('/api/products/not-a-uuid', cookieHeader(token)), 404);
      expectClean(await get('/uploads/..%2F..%2F..%2Fetc%2Fpasswd', cookieHeader(token)), 404);
      expectClean(await get('/uploads/%00', cookieHeader(token)), 404);
    });
  });
});
