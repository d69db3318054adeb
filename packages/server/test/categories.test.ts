import {
  type CatalogueSummary,
  type Category,
  type CategoryCount,
  type CategoryListAnswer,
  type CategoryMerged,
  catalogueSummary,
  categoryCounts,
  type ImportCheck,
  MESSAGES,
  type Product,
  queryCategories,
} from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, register, startApp } from './support/app';
import { catalogueCsv, multipart, PRODUCT_FIELDS, sendForm } from './support/catalogue';
import { databases, type TestDatabase } from './support/databases';
import { call, joinAs, memoryMailer } from './support/team';

/**
 * Categories kept tidy (docs/decisions/0032-categories.md) on each database: a written category resolves by key to
 * the store's spelling; rename and merge rewrite every product of a category in one transaction, with versions and
 * who did it; the figures follow.
 */
describe.each(databases)('categories on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const mailer = memoryMailer();

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database, {}, { mailer });
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const newOwner = async () => (await register(app, { name: 'Olivia Owner' })).token!;
  const create = async (token: string, fields: Record<string, string>) => {
    const response = await sendForm(app, 'POST', '/api/products', token, { ...PRODUCT_FIELDS, ...fields });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Product>();
  };
  const list = async (token: string, query = '') => {
    const response = await call(app, 'GET', `/api/categories${query}`, cookieHeader(token));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CategoryListAnswer>();
  };
  const categoryNamed = async (token: string, name: string) => (await list(token)).items.find((category) => category.name === name)!;
  const products = async (token: string) => (await call(app, 'GET', '/api/products', cookieHeader(token))).json<Product[]>();
  /** The dashboard's figures and each category's count equal a recount of the products (the contract's rules). */
  const expectFiguresExact = async (token: string) => {
    const all = await products(token);
    const headers = cookieHeader(token);
    expect((await call(app, 'GET', '/api/products/summary', headers)).json<CatalogueSummary>()).toEqual(catalogueSummary(all));
    expect((await call(app, 'GET', '/api/products/categories', headers)).json<CategoryCount[]>()).toEqual(categoryCounts(all));
    const counted = categoryCounts(all);
    for (const category of (await list(token)).items)
      expect(category.products, category.name).toBe(counted.find((count) => count.name === category.name)?.products ?? 0);
    for (const product of all) expect((await list(token)).items.map((category) => category.name)).toContain(product.category);
  };

  it("files a written category under the store's category of the same key, in its spelling; another key makes a new one", async () => {
    const token = await newOwner();
    const first = await create(token, { category: 'Laptops' });
    expect(first.category).toBe('Laptops');
    expect((await create(token, { category: 'laptops', sku: 'LAP-2' })).category).toBe('Laptops');
    expect((await create(token, { category: '  LÁPTOPS ', sku: 'LAP-3' })).category).toBe('Laptops');
    expect((await create(token, { category: 'Docking   stations', sku: 'DOC-1' })).category).toBe('Docking stations');
    // An edit resolves too; the category left keeps its row (with its count).
    const edited = await sendForm(app, 'PATCH', `/api/products/${first._id}`, token, { ...PRODUCT_FIELDS, category: 'DOCKING STATIONS' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Product>().category).toBe('Docking stations');
    const answer = await list(token);
    expect(answer.items.map(({ name, products: count }) => ({ name, products: count }))).toEqual([
      { name: 'Docking stations', products: 2 },
      { name: 'Laptops', products: 2 },
    ]);
    expect(answer.total).toBe(2);
    expect(answer.items[0]).toEqual({ _id: expect.any(String), name: 'Docking stations', products: 2, createdAt: expect.any(String), updatedAt: expect.any(String) });
    // Search by key (any case, any accent), limit, and the contract's rule answer alike.
    expect((await list(token, '?q=LAP')).items.map((category) => category.name)).toEqual(['Laptops']);
    expect((await list(token, `?q=${encodeURIComponent('dóck')}`)).items.map((category) => category.name)).toEqual(['Docking stations']);
    const limited = await list(token, '?limit=1');
    expect(limited).toEqual({ items: [answer.items[0]], total: 2 });
    for (const query of [{}, { q: 'S' }, { q: 'top' }, { limit: 1 }]) {
      const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
      expect(await list(token, search ? `?${search}` : '')).toEqual(queryCategories(answer.items, query));
    }
    // Another store has categories of its own.
    expect((await list(await newOwner())).items).toEqual([]);
    await expectFiguresExact(token);
  });

  it('renames a category and every product in it, each with a new version and who renamed it; a new spelling of its own name is a rename', async () => {
    const token = await newOwner();
    const laptops = [await create(token, { category: 'Laptops' }), await create(token, { category: 'laptops', sku: 'L-2' })];
    const manager = await joinAs(app, mailer, token, 'manager', 'Mona Manager');
    const id = (await categoryNamed(token, 'Laptops'))._id;
    const renamed = await call(app, 'PATCH', `/api/categories/${id}`, cookieHeader(manager.token), { name: '  Notebooks ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<Category>()).toMatchObject({ _id: id, name: 'Notebooks', products: 2 });
    for (const before of laptops) {
      const after = await call(app, 'GET', `/api/products/${before._id}`, cookieHeader(token));
      expect(after.json<Product>()).toMatchObject({ category: 'Notebooks', updatedBy: { name: 'Mona Manager', token: null } });
      expect(after.headers.etag).toBe('"2"');
    }
    // Its own name in other letters: a rename. The same name: nothing changes.
    expect((await call(app, 'PATCH', `/api/categories/${id}`, cookieHeader(token), { name: 'NOTEBOOKS' })).json<Category>().name).toBe('NOTEBOOKS');
    expect((await products(token)).map((product) => product.category)).toEqual(['NOTEBOOKS', 'NOTEBOOKS']);
    const same = await call(app, 'PATCH', `/api/categories/${id}`, cookieHeader(token), { name: 'NOTEBOOKS' });
    expect(same.statusCode).toBe(200);
    expect((await call(app, 'GET', `/api/products/${laptops[0]!._id}`, cookieHeader(token))).headers.etag).toBe('"3"');
    // A product written afterwards in any spelling joins it.
    expect((await create(token, { category: 'notebooks', sku: 'N-3' })).category).toBe('NOTEBOOKS');
    await expectFiguresExact(token);
  });

  it("refuses a rename onto another category's name (that is a merge: 409), a blank name (400), and an unknown or other store's category (404)", async () => {
    const token = await newOwner();
    await create(token, { category: 'Laptops' });
    await create(token, { category: 'Docks', sku: 'D-1' });
    const docks = await categoryNamed(token, 'Docks');
    const headers = cookieHeader(token);
    const expectMessage = (response: { statusCode: number; json: () => unknown }, status: number, message: string) => {
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ message });
    };
    expectMessage(await call(app, 'PATCH', `/api/categories/${docks._id}`, headers, { name: 'láptops' }), 409, MESSAGES.categoryNameTaken('Laptops'));
    expectMessage(await call(app, 'PATCH', `/api/categories/${docks._id}`, headers, { name: ' ' }), 400, MESSAGES.categoryRequired);
    expectMessage(await call(app, 'PATCH', `/api/categories/${docks._id}`, headers, { name: 'a\tb' }), 400, MESSAGES.controlCharacters('Category'));
    expectMessage(await call(app, 'PATCH', `/api/categories/${docks._id}`, headers, { name: 'Docks', extra: 1 }), 400, 'Unexpected field: extra');
    for (const id of ['nope', '5f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e'])
      expectMessage(await call(app, 'PATCH', `/api/categories/${id}`, headers, { name: 'X' }), 404, MESSAGES.categoryNotFound);
    const other = await newOwner();
    expectMessage(await call(app, 'PATCH', `/api/categories/${docks._id}`, cookieHeader(other), { name: 'Mine' }), 404, MESSAGES.categoryNotFound);
    expect((await products(token)).map((product) => product.category).sort()).toEqual(['Docks', 'Laptops']);
  });

  it('merges a category into another: every product moves in one transaction, the category is gone, the figures stay exact', async () => {
    const token = await newOwner();
    const docks = [
      await create(token, { category: 'Docks', sku: 'D-1', quantity: '0' }),
      await create(token, { category: 'docks', sku: 'D-2', quantity: '3' }),
    ];
    await create(token, { category: 'Docking stations', sku: 'DS-1', quantity: '5' });
    const source = await categoryNamed(token, 'Docks');
    const target = await categoryNamed(token, 'Docking stations');
    const merged = await call(app, 'POST', `/api/categories/${source._id}/merge`, cookieHeader(token), { into: target._id });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json<CategoryMerged>()).toEqual({
      message: MESSAGES.categoryMerged(2, 'Docking stations'),
      moved: 2,
      into: { ...target, products: 3, updatedAt: expect.any(String) },
    });
    for (const before of docks) {
      const after = await call(app, 'GET', `/api/products/${before._id}`, cookieHeader(token));
      expect(after.json<Product>()).toMatchObject({ category: 'Docking stations', updatedBy: { name: 'Olivia Owner', token: null } });
      expect(after.headers.etag).toBe('"2"');
    }
    expect((await list(token)).items.map((category) => category.name)).toEqual(['Docking stations']);
    const filtered = await call(app, 'GET', '/api/products?limit=10&category=Docks', cookieHeader(token));
    expect(filtered.json<{ total: number }>().total).toBe(0);
    expect((await call(app, 'GET', `/api/products?limit=10&category=${encodeURIComponent('Docking stations')}&stock=out`, cookieHeader(token))).json<{ total: number }>().total).toBe(1);
    await expectFiguresExact(token);
    // Gone: merging it again is 404; writing "Docks" again makes a new category.
    const again = await call(app, 'POST', `/api/categories/${source._id}/merge`, cookieHeader(token), { into: target._id });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: MESSAGES.categoryNotFound });
    expect((await create(token, { category: 'docks', sku: 'D-3' })).category).toBe('docks');
  });

  it('refuses a merge into itself (400), into an unknown category (404), and merges an empty category away', async () => {
    const token = await newOwner();
    const product = await create(token, { category: 'Laptops' });
    await sendForm(app, 'PATCH', `/api/products/${product._id}`, token, { ...PRODUCT_FIELDS, category: 'Notebooks' });
    const laptops = await categoryNamed(token, 'Laptops');
    const notebooks = await categoryNamed(token, 'Notebooks');
    expect(laptops.products).toBe(0);
    const headers = cookieHeader(token);
    const self = await call(app, 'POST', `/api/categories/${laptops._id}/merge`, headers, { into: laptops._id });
    expect([self.statusCode, self.json()]).toEqual([400, { message: MESSAGES.categoryMergeIntoItself }]);
    const unknown = await call(app, 'POST', `/api/categories/${laptops._id}/merge`, headers, { into: '5f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e' });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: MESSAGES.categoryMergeTargetNotFound }]);
    const bad = await call(app, 'POST', `/api/categories/${laptops._id}/merge`, headers, { into: 'x' });
    expect(bad.statusCode).toBe(400);
    const empty = await call(app, 'POST', `/api/categories/${laptops._id}/merge`, headers, { into: notebooks._id });
    expect(empty.json<CategoryMerged>()).toMatchObject({ moved: 0, message: MESSAGES.categoryMerged(0, 'Notebooks') });
    expect((await list(token)).items.map((category) => category.name)).toEqual(['Notebooks']);
  });

  it('lets every member read the categories; only owners and managers rename and merge', async () => {
    const token = await newOwner();
    await create(token, { category: 'Laptops' });
    await create(token, { category: 'Docks', sku: 'D-1' });
    const laptops = await categoryNamed(token, 'Laptops');
    const docks = await categoryNamed(token, 'Docks');
    for (const role of ['staff', 'viewer'] as const) {
      const member = cookieHeader((await joinAs(app, mailer, token, role)).token);
      expect((await call(app, 'GET', '/api/categories', member)).statusCode).toBe(200);
      const rename = await call(app, 'PATCH', `/api/categories/${laptops._id}`, member, { name: 'Notebooks' });
      expect([rename.statusCode, rename.json()]).toEqual([403, { message: MESSAGES.roleForbidden(role, 'rename categories') }]);
      const merge = await call(app, 'POST', `/api/categories/${docks._id}/merge`, member, { into: laptops._id });
      expect([merge.statusCode, merge.json()]).toEqual([403, { message: MESSAGES.roleForbidden(role, 'merge categories') }]);
    }
    expect((await call(app, 'GET', '/api/categories', {})).statusCode).toBe(401);
  });

  it('an import files its rows by key ("laptops" goes to Laptops), says so in the dry run, and makes one category of a new name spelled twice', async () => {
    const token = await newOwner();
    await create(token, { category: 'Laptops' });
    const csv = catalogueCsv([
      { sku: 'I-1', name: 'Air', category: 'laptops', price: '999', quantity: '1' },
      { sku: 'I-2', name: 'Dock A', category: 'Docks', price: '99', quantity: '0' },
      { sku: 'I-3', name: 'Dock B', category: 'DOCKS', price: '99', quantity: '2' },
      { sku: 'I-4', name: 'Pro', category: 'Laptops', price: '1999', quantity: '1' },
    ]);
    const send = async (dryRun: boolean) => {
      const body = await multipart({}, { field: 'file', fileName: 'catalogue.csv', type: 'text/csv', bytes: Buffer.from(csv) });
      return app.inject({ method: 'POST', url: `/api/products/import${dryRun ? '?dryRun=1' : ''}`, payload: body.payload, headers: { ...body.headers, ...cookieHeader(token) } });
    };
    const checked = await send(true);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json<ImportCheck>()).toMatchObject({
      created: 4,
      categories: [
        { written: 'laptops', category: 'Laptops', existing: true },
        { written: 'Docks', category: 'Docks', existing: false },
        { written: 'DOCKS', category: 'Docks', existing: false },
      ],
      categoriesMapped: 2,
      categoriesCreated: 1,
    });
    expect((await list(token)).items.map((category) => category.name)).toEqual(['Laptops']);
    const imported = await send(false);
    expect(imported.statusCode, imported.body).toBe(200);
    const bySku = new Map((await products(token)).map((product) => [product.sku, product.category]));
    expect(Object.fromEntries(['I-1', 'I-2', 'I-3', 'I-4'].map((sku) => [sku, bySku.get(sku)]))).toEqual({ 'I-1': 'Laptops', 'I-2': 'Docks', 'I-3': 'Docks', 'I-4': 'Laptops' });
    expect((await list(token)).items.map(({ name, products: count }) => [name, count])).toEqual([
      ['Docks', 2],
      ['Laptops', 3],
    ]);
    await expectFiguresExact(token);
    // The same file again changes nothing: its categories are the products' already.
    expect((await send(false)).json()).toEqual({ created: 0, updated: 4 });
    expect((await call(app, 'GET', `/api/products/${(await products(token)).find((p) => p.sku === 'I-1')!._id}`, cookieHeader(token))).headers.etag).toBe('"1"');
  });
});
