import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT } from '../src/app';
import { createDb } from '../src/db';
import { loadConfig } from '../src/config';
import { cookieHeader, PUBLIC_URL, register, startApp, uniqueEmail } from './support/app';
import { THEME_SCRIPT_HASH } from '../src/http/security';
import { databases, type TestDatabase } from './support/databases';

const ALLOWED_ORIGIN = 'https://shop-front.example.com';

describe.each(databases)('HTTP behaviour on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database, { CORS_ORIGINS: ALLOWED_ORIGIN });
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });

  describe('bad input', () => {
    it('answers 400 for malformed JSON', async () => {
      const response = await post('/api/users/login', '{"email": "a@b.co",');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: MESSAGES.malformedJson });
    });

    it('answers 400 for an empty JSON body and for bodies that are not objects', async () => {
      for (const payload of ['', '[]', '"text"', '42', 'null', 'true']) {
        const response = await post('/api/users/login', payload);
        expect(response.statusCode, payload).toBe(400);
        expect(response.json(), payload).toEqual({ message: 'Request body must be a JSON object' });
      }
    });

    it('refuses __proto__ and constructor keys', async () => {
      for (const payload of ['{"__proto__": {"isAdmin": true}, "email": "a@b.co", "password": "x"}', '{"constructor": {"prototype": {"x": 1}}}']) {
        const response = await post('/api/users/login', payload);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ message: 'Request body must not contain __proto__ or constructor keys' });
      }
    });

    it('answers 415 for a content type other than JSON, text/plain included', async () => {
      for (const type of ['application/xml', 'text/plain', 'application/x-www-form-urlencoded']) {
        const response = await post('/api/users/login', 'email=a@b.co&password=x', { 'content-type': type });
        expect(response.statusCode, type).toBe(415);
        expect(response.json()).toEqual({ message: MESSAGES.unsupportedMediaType });
      }
    });

    it('answers 413 for a body over the limit', async () => {
      const payload = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(JSON_BODY_LIMIT) });
      const response = await post('/api/users/login', payload);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: MESSAGES.payloadTooLarge });
    });

    it('answers 404 JSON for unknown API paths, whatever the method', async () => {
      for (const [method, url] of [
        ['GET', '/api/nothing'],
        ['POST', '/api/users/unknown'],
        ['DELETE', '/api/users/getuser'],
        ['GET', '/api'],
      ] as const) {
        const response = await app.inject({ method, url, headers: { accept: 'text/html' } });
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toEqual({ message: MESSAGES.notFound });
      }
    });
  });

  describe('health', () => {
    it('healthz and readyz answer ok', async () => {
      const health = await app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok' });
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
    });

    it('readyz answers 503 when the database is gone, healthz still 200', async () => {
      const config = loadConfig({ LOG_LEVEL: 'silent', ...database.env, APP_DIST: path.join(database.dataDir, 'none') });
      const db = createDb(config.database);
      const { buildApp } = await import('../src/app');
      const local = await buildApp(config, { db });
      try {
        await db.destroy();
        const ready = await local.inject({ method: 'GET', url: '/readyz' });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toEqual({ message: MESSAGES.serviceUnavailable });
        expect((await local.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      } finally {
        await local.close();
      }
    });
  });

  describe('security', () => {
    it('sends the security headers on every answer and no server banner', async () => {
      for (const url of ['/healthz', '/api/users/loggedin', '/api/nothing', '/']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.headers['content-security-policy'], url).toBe(
          `default-src 'self'; script-src 'self' ${THEME_SCRIPT_HASH}; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'`,
        );
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(response.headers['x-frame-options']).toBe('DENY');
        expect(response.headers['x-powered-by']).toBeUndefined();
        expect(response.headers.server).toBeUndefined();
      }
    });

    it('refuses a mutation from a foreign Origin with 403 and creates nothing', async () => {
      const email = uniqueEmail('csrf');
      const response = await post('/api/users/register', JSON.stringify({ name: 'X', email, password: 'secret123' }), {
        origin: 'https://evil.example.net',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: MESSAGES.crossSiteRefused });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
      expect(await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    });

    it('refuses a mutation marked Sec-Fetch-Site: cross-site', async () => {
      const { token } = await register(app);
      const response = await app.inject({
        method: 'PATCH',
        url: '/api/users/updateuser',
        payload: { name: 'Hacked' },
        headers: { ...cookieHeader(token), 'sec-fetch-site': 'cross-site' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: MESSAGES.crossSiteRefused });
    });

    it('accepts its own origin (PUBLIC_URL or the request host) and same-site fetches', async () => {
      const own = await post('/api/users/login', JSON.stringify({ email: 'a@b.co', password: 'x' }), { origin: PUBLIC_URL });
      expect(own.statusCode).toBe(401);
      const sameHost = await post('/api/users/login', JSON.stringify({ email: 'a@b.co', password: 'x' }), {
        origin: 'http://localhost:8080',
        host: 'localhost:8080',
        'sec-fetch-site': 'same-origin',
      });
      expect(sameHost.statusCode).toBe(401);
    });

    it('allows a CORS_ORIGINS origin with credentials, preflight included', async () => {
      const preflight = await app.inject({
        method: 'OPTIONS',
        url: '/api/users/login',
        headers: { origin: ALLOWED_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
      expect(preflight.headers['access-control-allow-credentials']).toBe('true');
      expect(preflight.headers['access-control-allow-methods']).toContain('PATCH');
      expect(preflight.headers['access-control-allow-headers']).toBe('content-type');

      const { body } = await register(app);
      const login = await post('/api/users/login', JSON.stringify({ email: body.email, password: body.password }), {
        origin: ALLOWED_ORIGIN,
        'sec-fetch-site': 'cross-site',
      });
      expect(login.statusCode).toBe(200);
      expect(login.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
      expect(login.headers['access-control-allow-credentials']).toBe('true');
      expect(login.headers.vary).toContain('Origin');
    });

    it('gives no CORS headers to other origins, preflight included', async () => {
      const preflight = await app.inject({
        method: 'OPTIONS',
        url: '/api/users/login',
        headers: { origin: 'https://evil.example.net', 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
      const get = await app.inject({ method: 'GET', url: '/api/users/loggedin', headers: { origin: 'https://evil.example.net' } });
      expect(get.statusCode).toBe(200);
      expect(get.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('marks the cookie Secure when PUBLIC_URL is https', async () => {
      const secure = await startApp(database, { PUBLIC_URL: 'https://shop.example.com' });
      try {
        const { response } = await register(secure);
        expect(response.cookies.find((c) => c.name === 'sid')?.secure).toBe(true);
      } finally {
        await secure.close();
      }
    });
  });

  describe('server errors', () => {
    it('answers 500 with a generic message and a request id, never the stack', async () => {
      const local = await startApp(database);
      try {
        local.get('/api/test/boom', async () => {
          throw new Error('secret detail: select * from users at /srv/app/src/db.ts:12');
        });
        const response = await local.inject({ method: 'GET', url: '/api/test/boom' });
        expect(response.statusCode).toBe(500);
        const body = response.json();
        expect(body).toEqual({ message: MESSAGES.internalError, requestId: expect.any(String) });
        expect(response.body).not.toMatch(/secret|select|\.ts|at /);
      } finally {
        await local.close();
      }
    });
  });
});

describe('serving the app', () => {
  let dataDir: string;
  let appDist: string;
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'inventory-dist-'));
    appDist = path.join(dataDir, 'dist');
    await mkdir(path.join(appDist, 'assets'), { recursive: true });
    await writeFile(path.join(appDist, 'index.html'), '<!doctype html><title>Inventory</title><div id="root"></div>');
    await writeFile(path.join(appDist, 'assets', 'index-abc123.js'), 'console.log("app")');
    await writeFile(path.join(appDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    database = await databases[0]!.create();
    app = await startApp(database, { APP_DIST: appDist });
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves index.html at / without caching', async () => {
    const response = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toBeDefined();
  });

  it('serves hashed assets with long cache headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('falls back to index.html for client routes that ask for HTML', async () => {
    for (const url of ['/dashboard', '/resetpassword/abc', '/edit-product/42?x=1']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('does not fall back for API, uploads, health paths, missing assets or non-HTML requests', async () => {
    for (const url of ['/api/unknown', '/uploads/x.png', '/healthz/x', '/assets/missing.js']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: url.startsWith('/assets') ? '*/*' : 'text/html' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: MESSAGES.notFound });
    }
    const post = await app.inject({ method: 'POST', url: '/dashboard', headers: { accept: 'text/html' } });
    expect(post.statusCode).toBe(404);
  });

  it('says how to build the app when APP_DIST is missing', async () => {
    const bare = await startApp(database);
    try {
      const response = await bare.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('npm run build');
      const dashboard = await bare.inject({ method: 'GET', url: '/dashboard', headers: { accept: 'text/html' } });
      expect(dashboard.statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
