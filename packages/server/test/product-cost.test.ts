import {
  forbiddenMessage,
  IMPORT_MESSAGES,
  type Page,
  PRODUCT_EXPORT_HEADER,
  type Product,
  type Role,
} from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, register, startApp } from './support/app';
import { multipart, PRODUCT_FIELDS, sendForm } from './support/catalogue';
import { databases, type TestDatabase } from './support/databases';
import { apiToken, bearer, joinAs, memoryMailer } from './support/team';

/**
 * A product's cost and who sees it (docs/decisions/0031-product-cost.md), on each database: owners and managers (and
 * their tokens) see and set it; staff and viewers (and theirs) never see it on any path (one product, the whole list,
 * a page, the answer of their own edit, an idempotent replay, the export, a cached list or a 304) and are refused
 * with 403 when they send it, by a form or by a file, before anything is written.
 */
type Caller = Role | `${Role}Token`;
const SEE: Caller[] = ['owner', 'manager', 'ownerToken', 'managerToken'];
const BLIND: Caller[] = ['staff', 'viewer', 'staffToken', 'viewerToken'];

describe.each(databases)('product cost on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const mailer = memoryMailer();
  const headers = {} as Record<Caller, Record<string, string>>;

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database, {}, { mailer });
    const owner = (await register(app, { name: 'Olivia Owner' })).token!;
    headers.owner = cookieHeader(owner);
    for (const role of ['manager', 'staff', 'viewer'] as const) headers[role] = cookieHeader((await joinAs(app, mailer, owner, role)).token);
    for (const role of ['owner', 'manager', 'staff', 'viewer'] as const) headers[`${role}Token`] = bearer((await apiToken(app, owner, role)).token);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const form = (caller: Caller, method: 'POST' | 'PATCH', url: string, fields: Record<string, string>, extra: Record<string, string> = {}) =>
    sendForm(app, method, url, undefined, fields, undefined, { ...headers[caller], ...extra });
  const get = (caller: Caller, url: string, extra: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { ...headers[caller], ...extra } });
  const costRow = async (id: string) =>
    (await app.db.selectFrom('products').select(['cost', 'version']).where('id', '=', id).executeTakeFirstOrThrow());
  const create = async (fields: Record<string, string> = {}, caller: Caller = 'owner') => {
    const response = await form(caller, 'POST', '/api/products', { ...PRODUCT_FIELDS, ...fields });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Product>();
  };
  const importFile = (caller: Caller, csv: string, query = '', mapping?: Record<string, string>) =>
    multipart(mapping ? { mapping: JSON.stringify(mapping) } : {}, { field: 'file', fileName: 'catalogue.csv', type: 'text/csv', bytes: Buffer.from(csv) }).then(
      (body) => app.inject({ method: 'POST', url: `/api/products/import${query}`, payload: body.payload, headers: { ...body.headers, ...headers[caller] } }),
    );

  it('is kept in cents and answered to owners and managers, null while not known', async () => {
    const product = await create({ cost: '849.50' });
    expect(product.cost).toBe(849.5);
    expect(await costRow(product._id)).toMatchObject({ cost: 84950 });
    const unknown = await create();
    expect(unknown.cost).toBeNull();
    for (const caller of SEE) {
      expect((await get(caller, `/api/products/${product._id}`)).json<Product>().cost, caller).toBe(849.5);
      expect((await get(caller, `/api/products/${unknown._id}`)).json<Product>().cost, caller).toBeNull();
      const list = (await get(caller, '/api/products')).json<Product[]>();
      expect(list.find((p) => p._id === product._id)?.cost, caller).toBe(849.5);
      const page = (await get(caller, '/api/products?limit=100')).json<Page<Product>>();
      expect(page.items.find((p) => p._id === product._id)?.cost, caller).toBe(849.5);
    }
  });

  it('is absent (not null) from every answer to staff, viewers and their tokens', async () => {
    const product = await create({ cost: '12.34' });
    const unknown = await create();
    for (const caller of BLIND) {
      for (const id of [product._id, unknown._id]) {
        const one = await get(caller, `/api/products/${id}`);
        expect(one.statusCode, caller).toBe(200);
        expect(one.json(), caller).not.toHaveProperty('cost');
      }
      const list = await get(caller, '/api/products');
      expect(list.statusCode).toBe(200);
      expect(list.body, caller).not.toContain('"cost"');
      expect(list.json<Product[]>().length, caller).toBeGreaterThan(1);
      const page = await get(caller, '/api/products?limit=100&sort=price');
      expect(page.body, caller).not.toContain('"cost"');
    }
    // Staff edit the product (without the cost): their answer has none, and the cost stays.
    const edited = await form('staff', 'PATCH', `/api/products/${product._id}`, { ...PRODUCT_FIELDS, name: 'Renamed by staff' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).not.toHaveProperty('cost');
    expect(edited.json<Product>().name).toBe('Renamed by staff');
    expect((await costRow(product._id)).cost).toBe(1234);
    // Staff create one: theirs has no cost either, and it is not known.
    const made = await form('staffToken', 'POST', '/api/products', PRODUCT_FIELDS);
    expect(made.statusCode).toBe(201);
    expect(made.json()).not.toHaveProperty('cost');
    expect((await costRow(made.json<Product>()._id)).cost).toBeNull();
  });

  it('answers 403 to staff and viewers who send a cost, blank too, and writes nothing', async () => {
    const product = await create({ cost: '5' });
    const before = await costRow(product._id);
    const count = async () => (await get('owner', '/api/products')).json<Product[]>().length;
    const total = await count();
    for (const caller of ['staff', 'staffToken'] as const) {
      for (const cost of ['1', '', 'not a number']) {
        const created = await form(caller, 'POST', '/api/products', { ...PRODUCT_FIELDS, cost });
        expect({ status: created.statusCode, body: created.json() }, `${caller} ${cost}`).toEqual({ status: 403, body: { message: forbiddenMessage('staff', 'cost:update') } });
        const updated = await form(caller, 'PATCH', `/api/products/${product._id}`, { ...PRODUCT_FIELDS, cost }, { 'if-match': '"1"' });
        expect({ status: updated.statusCode, body: updated.json() }, `${caller} ${cost}`).toEqual({ status: 403, body: { message: forbiddenMessage('staff', 'cost:update') } });
      }
    }
    // Viewers may not edit at all: 403 for that, whatever they send.
    for (const caller of ['viewer', 'viewerToken'] as const) {
      expect((await form(caller, 'PATCH', `/api/products/${product._id}`, { ...PRODUCT_FIELDS, cost: '1' })).statusCode).toBe(403);
      expect((await form(caller, 'POST', '/api/products', { ...PRODUCT_FIELDS, cost: '1' })).statusCode).toBe(403);
    }
    expect(await costRow(product._id)).toEqual(before);
    expect(await count()).toBe(total);
  });

  it('is set, kept and cleared by owners and managers, with the price\'s rules', async () => {
    const product = await create();
    const patch = (caller: Caller, fields: Record<string, string>) => form(caller, 'PATCH', `/api/products/${product._id}`, { ...PRODUCT_FIELDS, ...fields });
    expect((await patch('manager', { cost: '19.99' })).json<Product>().cost).toBe(19.99);
    // Absent (a client of the original contract, or the app's staff form): kept.
    expect((await patch('owner', { name: 'Renamed' })).json<Product>().cost).toBe(19.99);
    expect((await patch('managerToken', { cost: '0' })).json<Product>().cost).toBe(0);
    expect((await patch('ownerToken', { cost: ' ' })).json<Product>().cost).toBeNull();
    expect((await costRow(product._id)).cost).toBeNull();
    for (const [cost, message] of [['1.234', 'Cost can have at most 2 decimals'], ['-1', 'Cost must be a number of 0 or more, or empty when not known'], ['10000001', 'Cost must be at most 10,000,000']]) {
      const refused = await patch('owner', { cost: cost! });
      expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 400, body: { message } });
    }
  });

  it('keeps each role\'s list apart in the cache and in its ETag, so neither a cached body nor a 304 carries the cost to staff', async () => {
    await create({ cost: '7.5' });
    const owners = await get('owner', '/api/products');
    expect(owners.body).toContain('"cost":7.5');
    const staffs = await get('staff', '/api/products');
    expect(staffs.body).not.toContain('"cost"');
    expect(staffs.headers.etag).not.toBe(owners.headers.etag);
    // The owner's tag, sent by staff (one browser, two people): the list again, without the cost, not a 304.
    const revalidated = await get('staff', '/api/products', { 'if-none-match': String(owners.headers.etag) });
    expect(revalidated.statusCode).toBe(200);
    expect(revalidated.body).not.toContain('"cost"');
    expect((await get('staff', '/api/products', { 'if-none-match': String(staffs.headers.etag) })).statusCode).toBe(304);
    expect((await get('viewer', '/api/products')).body).toBe(staffs.body);
    expect((await get('manager', '/api/products')).body).toBe(owners.body);
    expect((await get('owner', '/api/products')).body).toBe(owners.body);
  });

  it("shapes an idempotent replay for the one who asks: an owner's answer replayed to staff has no cost", async () => {
    const key = { 'idempotency-key': `cost-replay-${kind.name}` };
    const first = await form('owner', 'POST', '/api/products', { ...PRODUCT_FIELDS, name: 'Replayed' }, key);
    expect(first.statusCode).toBe(201);
    expect(first.json<Product>().cost).toBeNull();
    const replay = await form('staff', 'POST', '/api/products', { ...PRODUCT_FIELDS, name: 'Replayed' }, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.json<Product>()._id).toBe(first.json<Product>()._id);
    expect(replay.json()).not.toHaveProperty('cost');
  });

  it('exports the Cost column to owners and managers only', async () => {
    await create({ sku: 'COST-EXPORT-1', cost: '3.25' });
    const lines = async (caller: Caller) => (await get(caller, '/api/products/export')).body.replace(/^\uFEFF/, '').split('\r\n');
    for (const caller of SEE) {
      const [header, ...rows] = await lines(caller);
      expect(header, caller).toBe(PRODUCT_EXPORT_HEADER.join(','));
      expect(rows.find((row) => row.startsWith('COST-EXPORT-1,'))!.endsWith(',3.25'), caller).toBe(true);
    }
    for (const caller of BLIND) {
      const [header, ...rows] = await lines(caller);
      expect(header, caller).toBe(PRODUCT_EXPORT_HEADER.filter((label) => label !== 'Cost').join(','));
      expect(rows.find((row) => row.startsWith('COST-EXPORT-1,'))!.endsWith(',3.25'), caller).toBe(false);
    }
  });

  it('imports a Cost column for owners and managers, keeps the cost when a file has none, and leaves an unchanged row unwritten', async () => {
    const file = 'SKU,Name,Category,Price,Qty,Unit Cost\nCOST-IMP-1,Dock,Docks,99,4,61.20\nCOST-IMP-2,Hub,Docks,30,2,\n';
    const dry = await importFile('manager', file, '?dryRun=1');
    expect(dry.json()).toMatchObject({ created: 2, updated: 0 });
    expect((await importFile('manager', file)).json()).toEqual({ created: 2, updated: 0 });
    const bySku = async (sku: string) => (await get('owner', '/api/products')).json<Product[]>().find((p) => p.sku === sku)!;
    const dock = await bySku('COST-IMP-1');
    expect(dock.cost).toBe(61.2);
    expect((await bySku('COST-IMP-2')).cost).toBeNull();
    // The same file again: nothing changes, so nothing is written (the version stays).
    const version = (await costRow(dock._id)).version;
    expect((await importFile('owner', file)).json()).toEqual({ created: 0, updated: 2 });
    expect((await costRow(dock._id)).version).toBe(version);
    // A file without the column keeps the cost.
    expect((await importFile('owner', 'SKU,Name,Category,Price,Qty\nCOST-IMP-1,Dock,Docks,99,5\n')).json()).toEqual({ created: 0, updated: 1 });
    expect((await bySku('COST-IMP-1')).cost).toBe(61.2);
    // A bad cost is the row's error, under its column.
    const bad = await importFile('owner', 'SKU,Name,Category,Price,Qty,Cost\nCOST-IMP-3,Dock,Docks,99,5,1.999\n');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ errors: [{ row: 2, column: 'Cost', message: 'Cost can have at most 2 decimals' }] });
  });

  it('refuses a file with a cost column from staff, dry run too, before anything is written; without it, imports', async () => {
    const file = 'SKU,Name,Category,Price,Qty,Purchase Price\nCOST-STAFF-1,Dock,Docks,99,4,61.20\n';
    const refusal = IMPORT_MESSAGES.columnNotAllowed(forbiddenMessage('staff', 'cost:update'), 'Purchase Price', 'Cost');
    for (const caller of ['staff', 'staffToken'] as const) {
      for (const query of ['', '?dryRun=1']) {
        const refused = await importFile(caller, file, query);
        expect({ status: refused.statusCode, body: refused.json() }, `${caller} ${query}`).toEqual({ status: 403, body: { message: refusal } });
      }
      // A mapping that names the column for the cost is refused the same way.
      const mapped = await importFile(caller, 'Name,Category,Price,Qty,Paid\nDock,Docks,99,4,1\n', '', { name: 'Name', category: 'Category', price: 'Price', quantity: 'Qty', cost: 'Paid' });
      expect(mapped.statusCode).toBe(403);
    }
    expect((await get('owner', '/api/products')).json<Product[]>().some((p) => p.sku === 'COST-STAFF-1')).toBe(false);
    // Mapping the other columns only (what the app's Import page sends for staff): imported, the cost left unknown.
    const imported = await importFile('staff', file, '', { sku: 'SKU', name: 'Name', category: 'Category', price: 'Price', quantity: 'Qty' });
    expect(imported.json()).toEqual({ created: 1, updated: 0 });
    const made = (await get('owner', '/api/products')).json<Product[]>().find((p) => p.sku === 'COST-STAFF-1')!;
    expect(made.cost).toBeNull();
  });
});
