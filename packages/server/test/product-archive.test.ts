import {
  activeProducts,
  BULK_LIMIT,
  type CatalogueSummary,
  catalogueSummary,
  type CategoryCount,
  categoryCounts,
  MESSAGES,
  type Page,
  type Product,
  productListQuerySchema,
  queryItems,
} from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findStockMismatches } from '../src/ops/check-stock';
import { cookieHeader, register, startApp } from './support/app';
import { multipart, PRODUCT_FIELDS, pngImage, sendForm, uploadName } from './support/catalogue';
import { databases, type TestDatabase } from './support/databases';
import { call, joinAs, memoryMailer } from './support/team';

/**
 * Archived products (docs/decisions/0033-archived-products-and-bulk-actions.md): a product with a history is archived
 * rather than deleted, hidden from everything that lists or counts products and restorable; bulk actions on many.
 */
describe.each(databases)('archived products and bulk actions on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const mailer = memoryMailer();
  let owner: Record<string, string>;
  let ownerToken: string;

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database, {}, { mailer });
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  /** A store of its own for each test: its figures are its own. */
  const newStore = async () => {
    const { token } = await register(app);
    ownerToken = token!;
    owner = cookieHeader(token);
  };
  const newProduct = async (fields: Partial<Record<keyof typeof PRODUCT_FIELDS | 'reorderPoint', string>> = {}) => {
    const response = await sendForm(app, 'POST', '/api/products', ownerToken, { ...PRODUCT_FIELDS, ...fields });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Product>();
  };
  const order = (product: Product, quantity = 1) =>
    call(app, 'POST', '/api/orders', owner, { name: product.name, category: product.category, price: product.price, quantity, productId: product._id });
  const remove = (id: string, headers = owner) => call(app, 'DELETE', `/api/products/${id}`, headers);
  const get = <T>(url: string) => call(app, 'GET', url, owner).then((response) => response.json<T>());
  const page = (query: string) => get<Page<Product>>(`/api/products?limit=100&${query}`);
  const bulk = (body: unknown, headers = owner) => call(app, 'POST', '/api/products/bulk', headers, body);

  /** Every product of the store, archived ones included, from the API (the rows the figures are recounted from). */
  const everyProduct = async () => (await page('archived=include')).items;
  /** The figures and the category list as the server keeps them, and as the contract recounts them from the rows. */
  const figures = async () => {
    const rows = await everyProduct();
    return {
      kept: { summary: await get<CatalogueSummary>('/api/products/summary'), categories: await get<CategoryCount[]>('/api/products/categories') },
      recounted: { summary: catalogueSummary(activeProducts(rows)), categories: categoryCounts(activeProducts(rows)) },
      archived: rows.filter((row) => row.archivedAt).length,
    };
  };
  const expectFiguresExact = async () => {
    const { kept, recounted, archived } = await figures();
    expect(kept).toEqual(recounted);
    expect((await page('archived=only')).total).toBe(archived);
    expect(await findStockMismatches(app.db)).toEqual([]);
  };

  it('deletes a product with no history as before, and archives one that orders name or whose stock moved', async () => {
    await newStore();
    const fresh = await newProduct({ name: 'Fresh' });
    const ordered = await newProduct({ name: 'Ordered', category: 'Docks' });
    const counted = await newProduct({ name: 'Counted', category: 'Docks' });
    expect((await order(ordered, 2)).statusCode).toBe(201);
    expect((await call(app, 'POST', `/api/products/${counted._id}/adjustments`, owner, { change: -1, reason: 'damaged' })).statusCode).toBe(200);

    expect(await get(`/api/products/${fresh._id}/removal`)).toEqual({ outcome: 'delete', orders: 0, movements: 0 });
    expect(await get(`/api/products/${ordered._id}/removal`)).toEqual({ outcome: 'archive', orders: 1, movements: 1 });
    expect(await get(`/api/products/${counted._id}/removal`)).toEqual({ outcome: 'archive', orders: 0, movements: 1 });

    for (const [product, outcome] of [[fresh, 'deleted'], [ordered, 'archived'], [counted, 'archived']] as const) {
      const response = await remove(product._id);
      // SPEC.md's answer either way.
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: MESSAGES.productDeleted });
      expect(response.headers['product-removal']).toBe(outcome);
    }
    expect((await call(app, 'GET', `/api/products/${fresh._id}`, owner)).statusCode).toBe(404);
    const archived = await call(app, 'GET', `/api/products/${ordered._id}`, owner);
    expect(archived.statusCode).toBe(200);
    expect(archived.json<Product>()).toMatchObject({ _id: ordered._id, archivedAt: expect.any(String), updatedBy: { name: expect.any(String), token: null } });
    // Its order keeps it; deleting it again keeps it archived.
    const orders = await get<{ productId: string | null }[]>('/api/orders');
    expect(orders.map((o) => o.productId)).toEqual([ordered._id]);
    expect((await remove(ordered._id)).headers['product-removal']).toBe('archived');
    expect((await get<Product>(`/api/products/${ordered._id}`)).archivedAt).toBe(archived.json<Product>().archivedAt);
    await expectFiguresExact();
  });

  it('hides archived products from the whole list, pages, search, categories, figures and the export, and shows them when asked', async () => {
    await newStore();
    const kept = await newProduct({ name: 'Kept dock', category: 'Docks', quantity: '3' });
    const gone = await newProduct({ name: 'Gone dock', category: 'Cables', quantity: '5', reorderPoint: '9' });
    await order(gone, 5);
    expect((await remove(gone._id)).headers['product-removal']).toBe('archived');

    expect((await get<Product[]>('/api/products')).map((p) => p._id)).toEqual([kept._id]);
    for (const query of ['', 'q=dock', `q=${gone.sku}`, 'category=Cables', 'stock=out', 'stock=low', 'sort=name', 'sort=value&dir=desc'])
      expect((await page(query)).items.map((p) => p._id), query).not.toContain(gone._id);
    expect((await page('archived=only')).items.map((p) => p._id)).toEqual([gone._id]);
    expect((await page('archived=only&q=dock')).items.map((p) => p._id)).toEqual([gone._id]);
    expect((await page('archived=only&category=Cables&stock=out')).items.map((p) => p._id)).toEqual([gone._id]);
    expect((await page('archived=include&sort=name')).items.map((p) => p._id)).toEqual([gone._id, kept._id]);
    expect((await page('archived=include')).total).toBe(2);
    expect(await get('/api/products/categories')).toEqual([{ name: 'Docks', products: 1 }]);
    expect(await get('/api/products/summary')).toMatchObject({ totalProducts: 1, outOfStock: 0, lowStock: 0, categories: 1 });
    const csv = await call(app, 'GET', '/api/products/export', owner);
    expect(csv.body).toContain(kept.sku);
    expect(csv.body).not.toContain(gone.sku);
    // The movements export keeps its history.
    expect((await call(app, 'GET', '/api/movements/export', owner)).body).toContain(gone.sku);
    expect((await call(app, 'GET', '/api/products?limit=5&archived=sometimes', owner)).statusCode).toBe(400);
    await expectFiguresExact();
  });

  it('pages archived and all products by the contract rule, in every sort, both ways', async () => {
    await newStore();
    const made: Product[] = [];
    for (let i = 0; i < 14; i += 1)
      made.push(await newProduct({ name: `Item ${String.fromCharCode(65 + ((i * 5) % 14))}`, category: i % 2 ? 'Docks' : 'Cables', price: String(10 + (i % 4)), quantity: String(i % 3) }));
    for (const product of made.filter((_, i) => i % 3 === 0)) {
      await call(app, 'POST', `/api/products/${product._id}/adjustments`, owner, { change: 1, reason: 'found' });
      expect((await remove(product._id)).headers['product-removal']).toBe('archived');
    }
    const rows = await everyProduct();
    for (const archived of ['only', 'include', 'exclude'])
      for (const sort of ['name', 'price', 'value', 'createdAt'])
        for (const filter of ['', '&category=Docks', '&stock=in', '&q=item']) {
          const query = `limit=4&sort=${sort}&archived=${archived}${filter}`;
          const parse = (text: string) => productListQuerySchema.parse(Object.fromEntries(new URLSearchParams(text)));
          const ids = (page: Page<Product>) => page.items.map((p) => p._id);
          const walked: string[] = [];
          let last: Page<Product> | null = null;
          let next: string | null = null;
          do {
            const at = `${query}${next ? `&after=${next}` : ''}`;
            const got: Page<Product> = await get<Page<Product>>(`/api/products?${at}`);
            expect(ids(got), at).toEqual(ids(queryItems(rows, parse(at))));
            expect(got.total, query).toBe(queryItems(rows, parse(query)).total);
            walked.push(...ids(got));
            last = got;
            next = got.next;
          } while (next);
          expect(walked, query).toEqual(ids(queryItems(rows, parse(query.replace('limit=4', 'limit=100')))));
          // And back from the last page.
          if (last?.prev) {
            const back = `${query}&before=${last.prev}`;
            expect(ids(await get<Page<Product>>(`/api/products?${back}`)), back).toEqual(ids(queryItems(rows, parse(back))));
          }
        }
  });

  it('keeps the figures exact through archive and restore, and restores a product to every list', async () => {
    await newStore();
    const a = await newProduct({ name: 'Alpha', category: 'Docks', price: '19.99', quantity: '4', reorderPoint: '5' });
    const b = await newProduct({ name: 'Beta', category: 'Docks', price: '5', quantity: '1' });
    await newProduct({ name: 'Gamma', category: 'Cables', price: '1.5', quantity: '0' });
    await order(a, 1);
    await order(b, 1);
    await expectFiguresExact();
    await remove(a._id);
    await expectFiguresExact();
    await remove(b._id);
    await expectFiguresExact();
    expect(await get('/api/products/categories')).toEqual([{ name: 'Cables', products: 1 }]);

    // Cancelling an archived product's order gives its stock back: the ledger adds up, the figures do not move.
    const [placed] = await get<{ _id: string; name: string; category: string; price: number; quantity: number; productId: string }[]>('/api/orders');
    const cancelled = await call(app, 'PATCH', `/api/orders/${placed!._id}`, owner, { ...placed, status: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await expectFiguresExact();

    const stale = await call(app, 'POST', `/api/products/${a._id}/restore`, { ...owner, 'if-match': '"1"' });
    expect(stale.statusCode).toBe(409);
    const restored = await call(app, 'POST', `/api/products/${a._id}/restore`, owner);
    expect(restored.statusCode).toBe(200);
    expect(restored.headers.etag).toMatch(/^"\d+"$/);
    expect(restored.json<Product>()).not.toHaveProperty('archivedAt');
    expect((await get<Product[]>('/api/products')).map((p) => p._id)).toContain(a._id);
    await expectFiguresExact();
    // Restoring an active product changes nothing.
    const again = await call(app, 'POST', `/api/products/${a._id}/restore`, owner);
    expect(again.headers.etag).toBe(restored.headers.etag);
    expect((await call(app, 'POST', `/api/products/${crypto.randomUUID()}/restore`, owner)).statusCode).toBe(404);
  });

  it('refuses new orders of an archived product (409) and moving an order to one, but lets its own orders change', async () => {
    await newStore();
    const archived = await newProduct({ name: 'Old dock', quantity: '10' });
    const other = await newProduct({ name: 'New dock', quantity: '10' });
    const first = (await order(archived, 2)).json<{ _id: string; number: string }>();
    const free = (await call(app, 'POST', '/api/orders', owner, { name: 'Cable', category: 'Cables', price: 3, quantity: 1 })).json<{ _id: string }>();
    await remove(archived._id);
    const refused = await order(archived, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: MESSAGES.productArchivedNoOrders('Old dock') });
    const moved = await call(app, 'PATCH', `/api/orders/${free._id}`, owner, { name: 'Cable', category: 'Cables', price: 3, quantity: 1, productId: archived._id });
    expect(moved.statusCode).toBe(409);
    const own = await call(app, 'PATCH', `/api/orders/${first._id}`, owner, { name: 'Old dock', category: 'Laptops', price: 1, quantity: 3, productId: archived._id });
    expect(own.statusCode, own.body).toBe(200);
    expect((await get<Product>(`/api/products/${archived._id}`)).quantity).toBe(7);
    // Ordering another is fine, and the number sequence has no gap from the refusal.
    expect((await order(other, 1)).statusCode).toBe(201);
    await expectFiguresExact();
  });

  it('keeps an archived product archived when an import names it, outside the figures', async () => {
    await newStore();
    const product = await newProduct({ name: 'Imported dock', quantity: '4' });
    await order(product, 1);
    await remove(product._id);
    const csv = `SKU,Name,Category,Price,Quantity\r\n${product.sku},Imported dock v2,Docks,20,9\r\nNEW-1,Brand new,Docks,5,1\r\n`;
    const file = await multipart({}, { field: 'file', fileName: 'catalogue.csv', type: 'text/csv', bytes: Buffer.from(csv) });
    const imported = await app.inject({ method: 'POST', url: '/api/products/import', payload: file.payload, headers: { ...file.headers, ...owner } });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(await get<Product>(`/api/products/${product._id}`)).toMatchObject({ name: 'Imported dock v2', quantity: 9, archivedAt: expect.any(String) });
    expect((await get<Product[]>('/api/products')).map((p) => p.name)).toEqual(['Brand new']);
    await expectFiguresExact();
  });

  it('deletes the image of a product it deletes, and keeps that of one it archives', async () => {
    await newStore();
    const withImage = async () => {
      const made = await sendForm(app, 'POST', '/api/products', ownerToken, PRODUCT_FIELDS, { fileName: 'p.png', type: 'image/png', bytes: await pngImage() });
      return made.json<Product>();
    };
    const deleted = await withImage();
    const archived = await withImage();
    await order(archived, 1);
    await remove(deleted._id);
    await remove(archived._id);
    const image = (product: Product) => uploadName((product.image as { filePath: string }).filePath);
    expect(await app.db.selectFrom('uploads').select('name').where('name', '=', image(deleted)).executeTakeFirst()).toBeUndefined();
    expect(await app.db.selectFrom('uploads').select('name').where('name', '=', image(archived)).executeTakeFirst()).toBeDefined();
  });

  describe('bulk actions', () => {
    it('sets a category on chosen products as an edit does (version, who), and on every product a list query names', async () => {
      await newStore();
      const a = await newProduct({ name: 'Hub A', category: 'Misc' });
      const b = await newProduct({ name: 'Hub B', category: 'Misc' });
      const c = await newProduct({ name: 'Cable C', category: 'Misc' });
      const set = await bulk({ action: 'set-category', category: '  Hubs ', ids: [a._id, b._id] });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json()).toEqual({ message: MESSAGES.bulkCategoryChanged(2), changed: 2 });
      const after = await get<Product>(`/api/products/${a._id}`);
      expect(after).toMatchObject({ category: 'Hubs', updatedBy: { name: expect.any(String), token: null } });
      expect((await call(app, 'GET', `/api/products/${a._id}`, owner)).headers.etag).toBe('"2"');
      expect(await get('/api/products/categories')).toEqual([{ name: 'Hubs', products: 2 }, { name: 'Misc', products: 1 }]);

      const matching = await bulk({ action: 'set-category', category: 'Cables', matching: { q: 'cable' } });
      expect(matching.json()).toMatchObject({ changed: 1 });
      expect((await get<Product>(`/api/products/${c._id}`)).category).toBe('Cables');
      // Already in it: nothing to change.
      expect((await bulk({ action: 'set-category', category: 'Cables', matching: { category: 'Cables' } })).json()).toMatchObject({ changed: 0 });
      await expectFiguresExact();
    });

    it('archives or deletes each product as a single delete would, and says which', async () => {
      await newStore();
      const ordered = await newProduct({ name: 'Ordered' });
      const fresh = await newProduct({ name: 'Fresh' });
      await order(ordered, 1);
      const response = await bulk({ action: 'archive', ids: [ordered._id, fresh._id] });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ message: MESSAGES.bulkArchived(1, 1), changed: 2, archived: [ordered._id], deleted: [fresh._id] });
      expect((await call(app, 'GET', `/api/products/${fresh._id}`, owner)).statusCode).toBe(404);
      expect((await get<Product>(`/api/products/${ordered._id}`)).archivedAt).toEqual(expect.any(String));
      await expectFiguresExact();
    });

    it('is all or nothing: an id of no product of the store changes nothing (404)', async () => {
      await newStore();
      const mine = await newProduct({ name: 'Mine', category: 'Misc' });
      await newStore();
      const theirs = await newProduct({ name: 'Theirs', category: 'Misc' });
      const refused = await bulk({ action: 'set-category', category: 'Taken', ids: [theirs._id, mine._id] });
      expect(refused.statusCode).toBe(404);
      expect((await get<Product>(`/api/products/${theirs._id}`)).category).toBe('Misc');
      const archive = await bulk({ action: 'archive', ids: [theirs._id, crypto.randomUUID()] });
      expect(archive.statusCode).toBe(404);
      expect((await call(app, 'GET', `/api/products/${theirs._id}`, owner)).statusCode).toBe(200);
    });

    it('refuses more than the cap (413), bad bodies (400) and archiving by a role that may not delete (403)', async () => {
      await newStore();
      const product = await newProduct();
      const many = Array.from({ length: BULK_LIMIT + 1 }, () => crypto.randomUUID());
      const over = await bulk({ action: 'archive', ids: many });
      expect(over.statusCode).toBe(413);
      expect(over.json()).toEqual({ message: MESSAGES.bulkTooMany(BULK_LIMIT) });
      for (const body of [
        { action: 'explode', ids: [product._id] },
        { action: 'archive', ids: [product._id], matching: {} },
        { action: 'archive' },
        { action: 'set-category', ids: [product._id] },
        { action: 'set-category', category: 'Two\nlines', ids: [product._id] },
        { action: 'archive', ids: [] },
        { action: 'archive', matching: { archived: 'sometimes' } },
        { action: 'archive', ids: ['not-an-id'] },
      ]) {
        const response = await bulk(body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json<{ message: string }>().message).toEqual(expect.any(String));
      }
      const staff = await joinAs(app, mailer, ownerToken, 'staff', 'Sam Staff');
      const refused = await bulk({ action: 'archive', ids: [product._id] }, cookieHeader(staff.token));
      expect(refused.statusCode).toBe(403);
      expect((await bulk({ action: 'set-category', category: 'Docks', ids: [product._id] }, cookieHeader(staff.token))).statusCode).toBe(200);
    });
  });
});
