import {
  MESSAGES,
  type Page,
  type Product,
  type ProductSupplier,
  querySuppliers,
  type Supplier,
  supplierListQuerySchema,
} from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supplierListSource } from '../src/features/suppliers/list-source';
import { pageOfSource } from '../src/list-query';
import { cookieHeader, register, startApp } from './support/app';
import { PRODUCT_FIELDS, sendForm } from './support/catalogue';
import { databases, type TestDatabase } from './support/databases';
import { apiToken, bearer, call, joinAs, memoryMailer } from './support/team';

const NORTHWIND = {
  name: 'Northwind Distribution',
  contact: 'Anne Dodsworth',
  email: 'Orders@Northwind.example',
  phone: '+44 161 496 0000',
  address: '12 Quay Street\nManchester',
  leadTimeDays: 5,
  notes: 'Orders before 2 pm ship the same day',
};

/**
 * Suppliers and the suppliers of products on each database (docs/decisions/0037-suppliers.md): the supplier form's
 * rules, versions and who changed them, names unique whatever their case, archive rather than delete once products
 * name them, the list as the contract pages it, the role table, and a product's links with one preferred.
 */
describe.each(databases)('suppliers on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const mailer = memoryMailer();

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database, {}, { mailer });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const newOwner = async () => {
    const made = await register(app);
    return { token: made.token!, headers: cookieHeader(made.token) };
  };
  const newStore = async () => (await newOwner()).headers;
  const create = async (headers: Record<string, string>, body: object) => {
    const response = await call(app, 'POST', '/api/suppliers', headers, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Supplier>();
  };
  const product = async (headers: Record<string, string>, name = 'USB-C Dock') => {
    const response = await sendForm(app, 'POST', '/api/products', undefined, { ...PRODUCT_FIELDS, name }, undefined, headers);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Product>();
  };
  const links = async (headers: Record<string, string>, productId: string) =>
    (await call(app, 'GET', `/api/products/${productId}/suppliers`, headers)).json<ProductSupplier[]>();
  const expectMessage = (response: { statusCode: number; json: () => unknown; body: string }, status: number, message: string) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toEqual({ message });
  };

  it('creates (201, ETag, trimmed, who, no products yet), reads, edits what is sent, refuses a stale edit', async () => {
    const headers = await newStore();
    const created = await call(app, 'POST', '/api/suppliers', headers, { ...NORTHWIND, name: ' Northwind Distribution ', address: '12 Quay Street\r\nManchester' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers.etag).toBe('"1"');
    const supplier = created.json<Supplier>();
    expect(supplier).toEqual({
      _id: expect.any(String),
      ...NORTHWIND,
      archivedAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      products: 0,
      createdBy: { name: 'Ada Lovelace', token: null },
      updatedBy: { name: 'Ada Lovelace', token: null },
    });
    const url = `/api/suppliers/${supplier._id}`;
    expect((await call(app, 'GET', url, headers)).json()).toEqual(supplier);
    const edited = await call(app, 'PATCH', url, { ...headers, 'if-match': '"1"' }, { leadTimeDays: null, notes: '' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.headers.etag).toBe('"2"');
    expect(edited.json()).toMatchObject({ ...NORTHWIND, leadTimeDays: null, notes: '' });
    expectMessage(await call(app, 'PATCH', url, { ...headers, 'if-match': '"1"' }, { phone: '1' }), 409, MESSAGES.editConflict);
    const fetched = (await call(app, 'GET', url, headers)).json<Supplier>();
    const whole = await call(app, 'PATCH', url, headers, { ...fetched, _id: 'forged', products: 99, contact: 'Laura Callahan' });
    expect(whole.json()).toMatchObject({ _id: supplier._id, contact: 'Laura Callahan', products: 0 });
  });

  it('answers each field problem with its message, and a name another supplier has (any case) with 409', async () => {
    const headers = await newStore();
    for (const [body, message] of [
      [{ contact: 'No name' }, MESSAGES.nameRequired],
      [{ name: ' ' }, MESSAGES.nameRequired],
      [{ name: 'A', email: 'a@' }, MESSAGES.invalidEmail],
      [{ name: 'A', phone: '1\n2' }, MESSAGES.controlCharacters('Phone')],
      [{ name: 'A', notes: 'n'.repeat(2001) }, MESSAGES.fieldTooLong('Notes', 2000)],
      [{ name: 'A', leadTimeDays: 366 }, MESSAGES.leadTimeInvalid],
      [{ name: 'A', leadTimeDays: 1.5 }, MESSAGES.leadTimeInvalid],
      [{ name: 'A', leadTimeDays: '5' }, MESSAGES.leadTimeInvalid],
      [{ name: 'A', owner: 'x' }, 'Unexpected field: owner'],
    ] as const) {
      expectMessage(await call(app, 'POST', '/api/suppliers', headers, body), 400, message);
    }
    await create(headers, NORTHWIND);
    expectMessage(await call(app, 'POST', '/api/suppliers', headers, { name: 'NORTHWIND distribution' }), 409, MESSAGES.supplierNameTaken(NORTHWIND.name));
    const other = await create(headers, { name: 'Contoso' });
    expectMessage(await call(app, 'PATCH', `/api/suppliers/${other._id}`, headers, { name: 'northwind Distribution' }), 409, MESSAGES.supplierNameTaken(NORTHWIND.name));
    // Another store may have the same name; this store's supplier is not found from there.
    await create(await newStore(), NORTHWIND);
    expect((await call(app, 'GET', `/api/suppliers/${other._id}`, await newStore())).statusCode).toBe(404);
    for (const id of ['nope', '5f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e']) expectMessage(await call(app, 'GET', `/api/suppliers/${id}`, headers), 404, MESSAGES.supplierNotFound);
  });

  it("links suppliers to a product: the first is preferred, setting another preferred clears it, the list puts it first", async () => {
    const headers = await newStore();
    const dock = await product(headers);
    const northwind = await create(headers, NORTHWIND);
    const contoso = await create(headers, { name: 'Contoso' });
    const added = await call(app, 'POST', `/api/products/${dock._id}/suppliers`, headers, { supplierId: northwind._id, partNumber: ' NW-7 ', packSize: 4, lastCost: 121.5 });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toEqual({
      product: { _id: dock._id, name: dock.name, sku: dock.sku },
      supplier: { _id: northwind._id, name: NORTHWIND.name, archivedAt: null },
      partNumber: 'NW-7',
      packSize: 4,
      lastCost: 121.5,
      preferred: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const second = await call(app, 'POST', `/api/products/${dock._id}/suppliers`, headers, { supplierId: contoso._id });
    expect(second.json()).toMatchObject({ partNumber: '', packSize: 1, lastCost: null, preferred: false });
    expectMessage(await call(app, 'POST', `/api/products/${dock._id}/suppliers`, headers, { supplierId: contoso._id }), 409, MESSAGES.productSupplierExists('Contoso'));

    const put = await call(app, 'PUT', `/api/products/${dock._id}/suppliers/${contoso._id}`, headers, { preferred: true, lastCost: 99.99 });
    expect(put.statusCode, put.body).toBe(200);
    expect((await links(headers, dock._id)).map((l) => [l.supplier.name, l.preferred, l.lastCost])).toEqual([
      ['Contoso', true, 99.99],
      [NORTHWIND.name, false, 121.5],
    ]);
    // Unsetting leaves the product without a preferred supplier; removing a link leaves the supplier.
    await call(app, 'PUT', `/api/products/${dock._id}/suppliers/${contoso._id}`, headers, { preferred: false });
    expect((await links(headers, dock._id)).map((l) => l.preferred)).toEqual([false, false]);
    expect((await call(app, 'DELETE', `/api/products/${dock._id}/suppliers/${contoso._id}`, headers)).json()).toEqual({ message: MESSAGES.productSupplierRemoved });
    expectMessage(await call(app, 'DELETE', `/api/products/${dock._id}/suppliers/${contoso._id}`, headers), 404, MESSAGES.productSupplierNotFound);
    expect((await call(app, 'GET', `/api/suppliers/${contoso._id}`, headers)).statusCode).toBe(200);
    // PUT makes a link that is not there.
    const made = await call(app, 'PUT', `/api/products/${dock._id}/suppliers/${contoso._id}`, headers, { packSize: 10 });
    expect(made.json()).toMatchObject({ packSize: 10, preferred: true });

    for (const [body, message] of [
      [{ supplierId: northwind._id, packSize: 0 }, MESSAGES.packSizeInvalid],
      [{ supplierId: northwind._id, lastCost: 1.234 }, MESSAGES.lastCostInvalid],
      [{ supplierId: northwind._id, lastCost: -1 }, MESSAGES.lastCostInvalid],
      [{ supplierId: northwind._id, partNumber: 'x'.repeat(65) }, MESSAGES.fieldTooLong('Supplier part number', 64)],
      [{ supplierId: 'nope' }, MESSAGES.supplierNotFound],
    ] as const) {
      expectMessage(await call(app, 'POST', `/api/products/${dock._id}/suppliers`, headers, body), 400, message);
    }
    const stranger = await create(await newStore(), { name: 'Stranger' });
    expectMessage(await call(app, 'POST', `/api/products/${dock._id}/suppliers`, headers, { supplierId: stranger._id }), 404, MESSAGES.supplierNotFound);
    expectMessage(await call(app, 'GET', `/api/products/${dock._id}/suppliers`, await newStore()), 404, MESSAGES.productNotFound);
    // A product deleted takes its links with it.
    expect((await call(app, 'DELETE', `/api/products/${dock._id}`, headers)).statusCode).toBe(200);
    expect((await call(app, 'GET', `/api/suppliers/${northwind._id}`, headers)).json()).toMatchObject({ products: 0 });
  });

  it('deletes a supplier no product names, archives one that products name, refuses new links to it, and restores it', async () => {
    const headers = await newStore();
    const lone = await create(headers, { name: 'Lone Supplier' });
    const northwind = await create(headers, NORTHWIND);
    const dock = await product(headers, 'Dock');
    const hub = await product(headers, 'Hub');
    await call(app, 'POST', `/api/products/${dock._id}/suppliers`, headers, { supplierId: northwind._id });
    await call(app, 'POST', `/api/products/${hub._id}/suppliers`, headers, { supplierId: northwind._id, partNumber: 'HUB' });
    expect((await call(app, 'GET', `/api/suppliers/${northwind._id}`, headers)).json()).toMatchObject({ products: 2 });

    expectMessage(await call(app, 'DELETE', `/api/suppliers/${lone._id}`, { ...headers, 'if-match': '"7"' }), 409, MESSAGES.editConflict);
    expect((await call(app, 'DELETE', `/api/suppliers/${lone._id}`, headers)).json()).toEqual({ message: MESSAGES.supplierDeleted, outcome: 'deleted' });
    expect((await call(app, 'DELETE', `/api/suppliers/${northwind._id}`, headers)).json()).toEqual({ message: MESSAGES.supplierArchived, outcome: 'archived' });
    expect((await links(headers, dock._id))[0]).toMatchObject({ supplier: { archivedAt: expect.any(String) } });
    const names = async (query: string) => (await call(app, 'GET', `/api/suppliers?${query}`, headers)).json<Page<Supplier>>();
    expect(await names('')).toMatchObject({ items: [], total: 0, totalExact: true });
    expect((await names('archived=only')).items.map((s) => s.name)).toEqual([NORTHWIND.name]);
    const other = await product(headers, 'Cable');
    expectMessage(await call(app, 'POST', `/api/products/${other._id}/suppliers`, headers, { supplierId: northwind._id }), 409, MESSAGES.supplierArchivedNoLinks(NORTHWIND.name));
    // Links made before stay editable.
    expect((await call(app, 'PUT', `/api/products/${hub._id}/suppliers/${northwind._id}`, headers, { lastCost: 3 })).statusCode).toBe(200);
    const products = (await call(app, 'GET', `/api/suppliers/${northwind._id}/products?limit=1`, headers)).json<Page<ProductSupplier>>();
    expect(products).toMatchObject({ total: 2, totalExact: true, prev: null });
    expect(products.items[0]!.product.name).toBe('Hub');
    const rest = (await call(app, 'GET', `/api/suppliers/${northwind._id}/products?limit=1&after=${products.next}`, headers)).json<Page<ProductSupplier>>();
    expect(rest.items.map((l) => l.product.name)).toEqual(['Dock']);
    expect(rest.next).toBeNull();

    const restored = await call(app, 'POST', `/api/suppliers/${northwind._id}/restore`, headers);
    expect(restored.json()).toMatchObject({ archivedAt: null, products: 2 });
    expect((await call(app, 'POST', `/api/products/${other._id}/suppliers`, headers, { supplierId: northwind._id })).statusCode).toBe(201);
    // One whose links have all gone is deleted the next time.
    for (const p of [dock, hub, other]) await call(app, 'DELETE', `/api/products/${p._id}/suppliers/${northwind._id}`, headers);
    expect((await call(app, 'DELETE', `/api/suppliers/${northwind._id}`, headers)).json()).toMatchObject({ outcome: 'deleted' });
  });

  it('lets every member read, and only owners and managers (and their tokens) write suppliers and links', async () => {
    const owner = await newOwner();
    const supplier = await create(owner.headers, NORTHWIND);
    const dock = await product(owner.headers);
    const manager = cookieHeader((await joinAs(app, mailer, owner.token, 'manager')).token);
    const staff = cookieHeader((await joinAs(app, mailer, owner.token, 'staff')).token);
    const viewer = cookieHeader((await joinAs(app, mailer, owner.token, 'viewer')).token);
    const staffToken = bearer((await apiToken(app, owner.token, 'staff')).token);
    for (const reader of [manager, staff, viewer, staffToken]) {
      expect((await call(app, 'GET', '/api/suppliers', reader)).statusCode).toBe(200);
      expect((await call(app, 'GET', `/api/products/${dock._id}/suppliers`, reader)).statusCode).toBe(200);
    }
    for (const [who, role] of [
      [staff, 'staff'],
      [viewer, 'viewer'],
      [staffToken, 'staff'],
    ] as const) {
      expectMessage(await call(app, 'POST', '/api/suppliers', who, { name: 'X' }), 403, MESSAGES.roleForbidden(role, 'add suppliers'));
      expectMessage(await call(app, 'PATCH', `/api/suppliers/${supplier._id}`, who, { notes: 'x' }), 403, MESSAGES.roleForbidden(role, "edit suppliers or products' suppliers"));
      expectMessage(await call(app, 'DELETE', `/api/suppliers/${supplier._id}`, who), 403, MESSAGES.roleForbidden(role, 'delete, archive or restore suppliers'));
      expect((await call(app, 'POST', `/api/products/${dock._id}/suppliers`, who, { supplierId: supplier._id })).statusCode).toBe(403);
    }
    expect((await call(app, 'POST', `/api/products/${dock._id}/suppliers`, manager, { supplierId: supplier._id })).statusCode).toBe(201);
    expect((await call(app, 'PATCH', `/api/suppliers/${supplier._id}`, manager, { notes: 'by the manager' })).json()).toMatchObject({
      updatedBy: { name: 'manager member', token: null },
    });
  });

  it('pages, sorts and searches as the contract does, forward and back, for every sort, direction and filter', async () => {
    const headers = await newStore();
    const made: Supplier[] = [];
    for (let i = 0; i < 23; i += 1) {
      const supplier = await create(headers, {
        name: `${['Acme', 'globex', 'Initech', 'Umbrella'][i % 4]} ${String(i).padStart(2, '0')}`,
        contact: i % 3 ? `Contact ${22 - i}` : '',
        email: i % 5 ? `s${i}@Example.com` : '',
        phone: `+1 555 01${i}`,
      });
      made.push(supplier);
    }
    for (const supplier of made.slice(0, 6)) await call(app, 'DELETE', `/api/suppliers/${supplier._id}`, headers);
    const stored = (await call(app, 'GET', '/api/suppliers?limit=100&archived=include', headers)).json<Page<Supplier>>().items;
    const storeId = (await call(app, 'GET', '/api/stores/active', headers)).json<{ _id: string }>()._id;
    for (const sort of ['name', 'contact', 'email', 'createdAt'] as const)
      for (const dir of ['asc', 'desc'] as const)
        for (const archived of ['exclude', 'only', 'include'] as const)
          for (const q of ['', 'acme', 'EXAMPLE', '555 01', 'zz'])
            for (const limit of [4, 10]) {
              const query = supplierListQuerySchema.parse({ sort, dir, archived, limit: String(limit), ...(q ? { q } : {}) });
              let expected = querySuppliers(stored, query);
              let answer = await call(app, 'GET', `/api/suppliers?sort=${sort}&dir=${dir}&archived=${archived}&limit=${limit}${q ? `&q=${encodeURIComponent(q)}` : ''}`, headers);
              let page = answer.json<Page<Supplier>>();
              const label = `${sort} ${dir} ${archived} "${q}" ${limit}`;
              expect(page.items.map((s) => s._id), label).toEqual(expected.items.map((s) => s._id));
              expect([page.total, page.totalExact], label).toEqual([expected.total, expected.totalExact]);
              while (page.next) {
                const next = { ...query, after: page.next };
                expected = querySuppliers(stored, next);
                answer = await call(app, 'GET', `/api/suppliers?sort=${sort}&dir=${dir}&archived=${archived}&limit=${limit}${q ? `&q=${encodeURIComponent(q)}` : ''}&after=${page.next}`, headers);
                page = answer.json<Page<Supplier>>();
                expect(page.items.map((s) => s._id), `${label} after`).toEqual(expected.items.map((s) => s._id));
                if (page.prev) {
                  const back = await call(app, 'GET', `/api/suppliers?sort=${sort}&dir=${dir}&archived=${archived}&limit=${limit}${q ? `&q=${encodeURIComponent(q)}` : ''}&before=${page.prev}`, headers);
                  expect(back.json<Page<Supplier>>().items.map((s) => s._id), `${label} back`).toEqual(querySuppliers(stored, { ...query, before: page.prev }).items.map((s) => s._id));
                }
              }
            }
    // The gathering path (the trigram index) with a short walk gives the same page.
    const query = supplierListQuerySchema.parse({ q: 'globex', limit: '3' });
    const { rows } = await pageOfSource<{ id: string }>(app.db, supplierListSource(app.db, storeId, query), query, 2);
    expect(rows.map((row) => row.id)).toEqual(querySuppliers(stored, query).items.map((s) => s._id));
  });
});
