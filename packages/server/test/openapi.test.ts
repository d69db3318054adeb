import { createResponseChecker, MESSAGES, type ObservedResponse, selfContained } from '@inventory/contract';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDocument } from '../src/api-docs/document';
import { startApp } from './support/app';
import { databases, type TestDatabase } from './support/databases';
import { compile, takeViolations } from './support/openapi';
import pkg from '../package.json';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Every route of the app as `METHOD /path/{param}`, read from `printRoutes` (Fastify lists registered routes nowhere
 * else). HEAD routes are left out: Fastify adds one beside every GET.
 */
function registeredRoutes(app: FastifyInstance): string[] {
  const routes = new Set<string>();
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = path;
    for (const method of (match[3] ?? '').split(', ')) {
      if (!(METHODS as readonly string[]).includes(method)) continue;
      const normalised = path.length > 1 ? path.replace(/\/$/, '') : path;
      routes.add(`${method} ${normalised.replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return [...routes].sort();
}

function documentedRoutes(): string[] {
  return Object.entries(apiDocument().paths)
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
    .sort();
}

describe('the OpenAPI description', () => {
  it('is a valid OpenAPI 3.1 document, titled and versioned from the package', async () => {
    const document = apiDocument();
    const result = await new Validator().validate(JSON.parse(JSON.stringify(document)) as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.info).toMatchObject({ title: 'Inventory API', version: pkg.version });
  });

  it('gives every operation a unique id and a 500, and every signed-in operation a 401 and the session cookie scheme', () => {
    const document = apiDocument();
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    expect(new Set(operations.map((operation) => operation.operationId)).size).toBe(operations.length);
    for (const operation of operations) {
      expect(operation.responses['500'], operation.operationId).toBeDefined();
      if (operation.security?.length === 1) expect(operation.responses['401'], operation.operationId).toBeDefined();
    }
    expect(document.components.securitySchemes.sessionCookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'sid',
    });
  });

  it('describes conditional requests: ETag and If-Match/409 on item edits, If-None-Match/304 on lists, Retry-After on 429', () => {
    const { paths } = apiDocument();
    for (const kind of ['products', 'orders']) {
      const item = paths[`/api/${kind}/{id}`]!;
      expect(item.get!.responses['200']!.headers!.ETag!.required).toBe(true);
      for (const edit of [item.patch!, item.delete!]) {
        expect(edit.parameters!.map((parameter) => parameter.name)).toContain('If-Match');
        expect(edit.responses['409']).toBeDefined();
      }
      const list = paths[`/api/${kind}`]!.get!;
      expect(list.parameters!.map((parameter) => parameter.name)).toContain('If-None-Match');
      expect(list.responses['304']).toBeDefined();
    }
    expect(paths['/api/users/login']!.post!.responses['429']!.headers!['Retry-After']!.required).toBe(true);
    expect(paths['/api/users/login']!.post!.responses['200']!.headers!['Set-Cookie']).toBeDefined();
    expect(paths['/api/products']!.post!.requestBody!.content['multipart/form-data']).toBeDefined();
  });

  it('has examples that match their own schemas', () => {
    const document = apiDocument();
    const withExamples = Object.entries(document.components.schemas).filter(([, schema]) =>
      Array.isArray(schema.examples),
    );
    expect(withExamples.map(([name]) => name)).toEqual(expect.arrayContaining(['User', 'Product', 'Order']));
    for (const [name, schema] of withExamples) {
      const validate = compile(selfContained(document, { $ref: `#/components/schemas/${name}` }));
      for (const example of schema.examples as unknown[]) expect(validate(example), name).toBeNull();
    }
  });
});

describe('response checks against the description', () => {
  const checker = createResponseChecker(apiDocument(), compile);
  const product = {
    _id: '6f1f8b1e-4c1a-4d2b-9a51-2f0e3c4d5a6b',
    name: 'Dock',
    sku: 'ACC-1700000000000',
    category: 'Accessories',
    price: 129.99,
    quantity: 3,
    description: '<p>USB-C</p>',
    image: {},
    createdAt: '2024-03-01T10:00:00.000Z',
    updatedAt: '2024-03-01T10:00:00.000Z',
  };
  const answer = (
    overrides: Partial<ObservedResponse> & { body?: unknown; headers?: Record<string, string> },
  ): ObservedResponse => {
    const headers: Record<string, string> = {
      'content-type': 'application/json; charset=utf-8',
      etag: '"1"',
      ...overrides.headers,
    };
    const text = overrides.body === undefined ? '' : JSON.stringify(overrides.body);
    return {
      method: 'GET',
      path: `/api/products/${product._id}`,
      status: 200,
      header: (name) => headers[name.toLowerCase()],
      text,
      empty: text === '',
      ...overrides,
    };
  };

  it('accepts an answer as described', () => {
    expect(checker.check(answer({ body: product }))).toEqual([]);
    expect(checker.check(answer({ status: 404, body: { message: MESSAGES.productNotFound } }))).toEqual([]);
  });

  it('reports an undocumented status, a wrong body, a missing required header and an undescribed route', () => {
    expect(checker.check(answer({ status: 418, body: { message: 'teapot' } }))).toEqual([
      `status 418 is not documented for GET /api/products/{id}`,
    ]);
    expect(checker.check(answer({ body: { ...product, password: 'x' } }))?.join()).toMatch(/additional properties/);
    expect(checker.check(answer({ body: { ...product, price: '12' } }))?.join()).toMatch(/body\/price must be number/);
    expect(checker.check(answer({ body: product, headers: { etag: '' } }))?.join()).toMatch(/ETag/);
    expect(checker.check(answer({ method: 'PUT', body: product }))).toBeUndefined();
  });

  it('reports a body where none is described and a media type that is not', () => {
    const list = { method: 'GET', path: '/api/orders', status: 304 };
    expect(checker.check(answer({ ...list, headers: { etag: 'W/"o1.2"' } }))).toEqual([]);
    expect(checker.check(answer({ ...list, body: [], headers: { etag: 'W/"o1.2"' } }))).toEqual([
      'a body where the document says there is none',
    ]);
    expect(checker.check(answer({ body: product, headers: { 'content-type': 'text/html' } }))?.join()).toMatch(
      /text\/html/,
    );
  });
});

describe.each(databases)('the app and its description on $name', (kind) => {
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

  it('describes every route the app registers, and registers every route it describes', async () => {
    await app.ready();
    const registered = registeredRoutes(app).filter((route) => route !== 'GET /');
    expect(registered.length).toBeGreaterThan(20);
    expect(registered).toEqual(documentedRoutes());
  });

  it('serves the description at /api/openapi.json without sign-in', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual(JSON.parse(JSON.stringify(apiDocument())));
  });

  it('serves the reference page and its files from this origin, under the CSP of every page', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')?(;|$)/);
    expect(page.body).not.toMatch(/<script>|<script(?![^>]*\bsrc=)[^>]*>/);
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(sources).toEqual(['/api/docs/swagger-ui.css', '/api/docs/swagger-ui-bundle.js', '/api/docs/init.js']);
    for (const source of sources) {
      const asset = await app.inject({ method: 'GET', url: source });
      expect(asset.statusCode, source).toBe(200);
      expect(asset.headers['content-type'], source).toMatch(
        source.endsWith('.css') ? /^text\/css/ : /^text\/javascript/,
      );
    }
    const missing = await app.inject({ method: 'GET', url: '/api/docs/package.json' });
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: MESSAGES.notFound }]);
  });

  it('records every answer the description does not allow (the check every suite runs), leaving out routes a test adds', async () => {
    const local = await startApp(database);
    local.get('/api/test/own-route', async () => ({ ok: true }));
    local.addHook('preHandler', async (request, reply) => {
      if (request.url === '/api/users/getuser') return reply.status(418).send({ message: 'teapot' });
      if (request.url === '/api/users/loggedin') return reply.send({ signedIn: false });
    });
    await local.inject({ method: 'GET', url: '/api/test/own-route' });
    await local.inject({ method: 'GET', url: '/api/users/getuser' });
    await local.inject({ method: 'GET', url: '/api/users/loggedin' });
    await local.inject({ method: 'GET', url: '/healthz' });
    await local.close();
    expect(takeViolations()).toEqual([
      expect.stringMatching(/^GET \/api\/users\/getuser -> 418: status 418 is not documented/),
      expect.stringMatching(/^GET \/api\/users\/loggedin -> 200: body must be boolean/),
    ]);
  });
});
