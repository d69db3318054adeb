import { API_ROUTES, encodeCursor, type RouteSpec } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, register, startApp } from '../support/app';
import { PRODUCT_FIELDS, sendForm } from '../support/catalogue';
import { databases, type TestDatabase } from '../support/databases';

/**
 * ASVS 5.1.3 / 5.1.4: every query and path parameter of every route in the contract's route table, sent hostile
 * values, answers a 4xx with `{message}`, never a 5xx. Values no parameter may hold (NUL, control characters, 10 kB,
 * forged or out-of-range cursors) must be refused; the rest (numbers out of range, non-numbers) may be a valid search
 * text, so they must only never fail.
 */
const ID = '00000000-0000-4000-8000-000000000000';
const cursorsOf = (key: number | string, id = ID) => encodeCursor([key, id]);

/** Refused wherever they are sent. */
const INVALID: string[] = [
  'wid\u0000get',
  '\u0000',
  'a\r\nb',
  'tab\there',
  'esc\u001b[31m',
  'del\u007f',
  'c1\u0085',
  'x'.repeat(10_240),
];

/** Out of range or not numbers: refused wherever the parameter is not a free text (a search, a category). */
const OUT_OF_RANGE: string[] = ['2147483648', '9999999999999999999', '1e308', '-1e308', '1.5', '1e19', '-1', 'NaN', 'Infinity', 'abc'];

/** Odd but possibly meaningful (an empty parameter is an absent one): never a 5xx. */
const ODD: string[] = ['', ' ', '0x10', '__proto__', '%00'];

/** Forged page cursors: keys out of every column's range, NULs, garbage (sort-specific ones: forgedFor). */
const FORGED_CURSORS: string[] = [
  ...[1e308, -1e308, 1.5, 1e19].map((key) => cursorsOf(key)),
  cursorsOf('wid\u0000get'),
  cursorsOf(5, 'id\u0000'),
  cursorsOf('x'.repeat(500)),
  encodeCursor([1, ID, 3] as unknown as [number, string]),
  Buffer.from('[null,"x"]').toString('base64url'),
  Buffer.from('{"__proto__":1}').toString('base64url'),
  '!!!!',
];

/** The sorts whose keys are numbers, and one of text: a cursor is checked against the sort it is sent with. */
const CURSOR_SORTS = ['price', 'quantity', 'value', 'name', 'createdAt'];

/** Keys out of one sort's column: 32-bit price and quantity, a value within the integers JSON carries exactly. */
const forgedFor = (sort: string | undefined): string[] => {
  if (sort === 'price' || sort === 'quantity') return [2147483648, -2147483649].map((key) => cursorsOf(key));
  if (sort === 'value') return [Number.MAX_SAFE_INTEGER + 2].map((key) => cursorsOf(key));
  if (sort === 'name' || sort === 'createdAt') return [cursorsOf(5)];
  return [];
};

interface Probe {
  route: RouteSpec;
  url: string;
  /** Whether the value must be refused (4xx), or only never fail (< 500). */
  mustRefuse: boolean;
}

const queryKeys = (route: RouteSpec): string[] =>
  route.query ? Object.keys((route.query as unknown as { shape: Record<string, unknown> }).shape) : [];

/** A list route answers pages only with `limit`; other parameters are sent beside a valid one. */
const baseQuery = (route: RouteSpec, key: string): Record<string, string> => {
  const keys = queryKeys(route);
  return keys.includes('limit') && key !== 'limit' ? { limit: '5' } : {};
};

function urlOf(route: RouteSpec, pathValues: Record<string, string>, query: Record<string, string>): string {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathValues[name] ?? ID));
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/** Every probe of every route: each parameter in turn given each hostile value, the others valid. */
function probes(validPath: Record<string, string>): Probe[] {
  const list: Probe[] = [];
  for (const route of API_ROUTES) {
    for (const name of Object.keys(route.params ?? {})) {
      // An empty segment is another path, not this route.
      for (const value of [...INVALID, ...OUT_OF_RANGE, ...ODD.filter((odd) => odd !== '')]) {
        list.push({ route, url: urlOf(route, { ...validPath, [name]: value }, {}), mustRefuse: !ODD.includes(value) });
      }
    }
    for (const key of queryKeys(route)) {
      const base = baseQuery(route, key);
      // A search or category may be any text: numbers and words are valid there.
      const textual = key === 'q' || key === 'category';
      for (const value of [...INVALID, ...OUT_OF_RANGE, ...ODD]) {
        const mustRefuse = INVALID.includes(value) || (!textual && OUT_OF_RANGE.includes(value));
        list.push({ route, url: urlOf(route, validPath, { ...base, [key]: value }), mustRefuse });
      }
      if (key === 'after' || key === 'before') {
        const sorts = queryKeys(route).includes('sort') ? CURSOR_SORTS : [undefined];
        for (const sort of sorts) {
          for (const value of [...FORGED_CURSORS, ...forgedFor(sort)]) {
            const query = { ...base, ...(sort ? { sort } : {}), [key]: value };
            list.push({ route, url: urlOf(route, validPath, query), mustRefuse: true });
          }
        }
        if (sorts.length > 1) list.push({ route, url: urlOf(route, validPath, { ...base, sort: 'price', [key]: cursorsOf('abc') }), mustRefuse: true });
      }
    }
  }
  return list;
}

describe.each(databases)('hostile query and path parameters on every route ($name)', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let headers: Record<string, string>;
  let validPath: Record<string, string>;

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database);
    const { token } = await register(app);
    headers = cookieHeader(token);
    const created = await sendForm(app, 'POST', '/api/products', token, PRODUCT_FIELDS);
    expect(created.statusCode, created.body).toBe(201);
    validPath = { id: created.json<{ _id: string }>()._id };
  });

  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  it('answers every hostile value with a 4xx and a message, never a 5xx', { timeout: 60_000 }, async () => {
    const all = probes(validPath);
    expect(all.length).toBeGreaterThan(500);
    const failures: string[] = [];
    for (const probe of all) {
      const method = probe.route.method.toUpperCase() as 'GET';
      const response = await app.inject({ method, url: probe.url, headers: { ...headers, origin: 'http://inventory.test:3000' } });
      const shown = `${method} ${probe.url.slice(0, 160)} → ${response.statusCode} ${response.body.slice(0, 120)}`;
      if (response.statusCode >= 500) failures.push(shown);
      else if (probe.mustRefuse && response.statusCode < 400) failures.push(`accepted: ${shown}`);
      else if (response.statusCode >= 400 && typeof response.json<{ message?: unknown }>().message !== 'string') failures.push(`no message: ${shown}`);
    }
    expect(failures).toEqual([]);
  });
});
