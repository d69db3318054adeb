import {
  type ImportCheck,
  IMPORT_MESSAGES,
  MESSAGES,
  type Page,
  type Product,
  type ProductSupplier,
  SUPPLIER_EXPORT_COLUMNS,
  SUPPLIER_LINK_IMPORT_MESSAGES,
  type Supplier,
  exportHeader,
} from '@inventory/contract';
import { expect } from 'vitest';
import type { ScenarioClient } from './client';
import { etagOf, formOf, isoDate, UNKNOWN_UUID, withoutAudit } from './support';
import type { Scenario } from './types';
import { expectMessage, register } from './users';

const SUPPLIERS = '/api/suppliers';
const northwind = {
  name: 'Northwind Distribution',
  contact: 'Anne Dodsworth',
  email: 'orders@northwind.example',
  phone: '+44 161 496 0000',
  address: '12 Quay Street\nManchester',
  leadTimeDays: 5,
  notes: '',
};

/** A single-item answer of a supplier: their fields, how many products name them, who made and changed them. */
function expectSupplier(body: unknown, expected: Partial<Supplier> = {}): Supplier {
  expect(withoutAudit(body)).toEqual({ _id: expect.any(String), ...northwind, archivedAt: null, createdAt: isoDate, updatedAt: isoDate, products: 0, ...expected });
  return body as Supplier;
}

async function createSupplier(client: ScenarioClient, body: object = northwind): Promise<Supplier> {
  const response = await client.post<Supplier>(SUPPLIERS, body);
  expect({ status: response.status, body: response.body }).toEqual({ status: 201, body: expect.any(Object) });
  return response.body;
}

async function createProduct(client: ScenarioClient, name = 'USB-C Dock'): Promise<Product> {
  const response = await client.postForm<Product>('/api/products', formOf({ name, category: 'Docks', price: '199.99', quantity: '5' }));
  expect(response.status).toBe(201);
  return response.body;
}

const csv = (text: string, name = 'file.csv') => formOf({}, { file: { bytes: new TextEncoder().encode(text), name, type: 'text/csv' } });
const linksOf = async (client: ScenarioClient, productId: string) => {
  const response = await client.get<ProductSupplier[]>(`/api/products/${productId}/suppliers`);
  expect(response.status).toBe(200);
  return response.body;
};

export const supplierScenarios: Scenario[] = [
  {
    name: 'suppliers: every route answers 401 when signed out',
    async run(client) {
      const url = `${SUPPLIERS}/${UNKNOWN_UUID}`;
      const link = `/api/products/${UNKNOWN_UUID}/suppliers`;
      for (const response of [
        await client.get(SUPPLIERS),
        await client.post(SUPPLIERS, northwind),
        await client.get(url),
        await client.patch(url, { phone: '1' }),
        await client.delete(url),
        await client.post(`${url}/restore`),
        await client.get(`${url}/products`),
        await client.get(`${SUPPLIERS}/export`),
        await client.postForm(`${SUPPLIERS}/import`, csv('Name\nAcme\n')),
        await client.get(link),
        await client.post(link, { supplierId: UNKNOWN_UUID }),
        await client.put(`${link}/${UNKNOWN_UUID}`, { packSize: 2 }),
        await client.delete(`${link}/${UNKNOWN_UUID}`),
      ])
        expectMessage(response, 401, MESSAGES.notAuthorized);
    },
  },
  {
    name: 'suppliers: create answers 201 with an ETag; get, edit what is sent, a stale If-Match answers 409, a name is unique whatever its case; a page, searched',
    async run(client) {
      await register(client, 'sue');
      const created = await client.post(SUPPLIERS, { ...northwind, name: ' Northwind Distribution ', address: '12 Quay Street\r\nManchester' });
      expect(created.status).toBe(201);
      expect(etagOf(created)).toBe('"1"');
      const supplier = expectSupplier(created.body);
      const url = `${SUPPLIERS}/${supplier._id}`;
      const one = await client.get(url);
      expect({ status: one.status, body: one.body, etag: etagOf(one) }).toEqual({ status: 200, body: supplier, etag: '"1"' });
      const edited = await client.patch(url, { leadTimeDays: null }, { headers: { 'if-match': '"1"' } });
      expectSupplier(edited.body, { _id: supplier._id, leadTimeDays: null, createdAt: supplier.createdAt });
      expect(etagOf(edited)).toBe('"2"');
      expectMessage(await client.patch(url, { phone: 'x' }, { headers: { 'if-match': '"1"' } }), 409, MESSAGES.editConflict);
      expectMessage(await client.post(SUPPLIERS, { name: 'NORTHWIND distribution' }), 409, MESSAGES.supplierNameTaken(northwind.name));
      for (const [body, message] of [
        [{ contact: 'x' }, MESSAGES.nameRequired],
        [{ name: 'A', email: 'a@' }, MESSAGES.invalidEmail],
        [{ name: 'A', leadTimeDays: 400 }, MESSAGES.leadTimeInvalid],
        [{ name: 'A', owner: 'me' }, 'Unexpected field: owner'],
      ] as const)
        expectMessage(await client.post(SUPPLIERS, body), 400, message);
      for (const id of [UNKNOWN_UUID, 'not-a-uuid']) expectMessage(await client.get(`${SUPPLIERS}/${id}`), 404, MESSAGES.supplierNotFound);
      await createSupplier(client, { name: 'contoso', contact: 'Bob', email: '', phone: '+1 555' });
      const page = (await client.get<Page<Supplier>>(`${SUPPLIERS}?limit=1`)).body;
      expect(page.items.map((s) => s.name)).toEqual(['contoso']);
      expect(page).toMatchObject({ total: 2, totalExact: true, prev: null });
      expect((await client.get<Page<Supplier>>(`${SUPPLIERS}?limit=1&after=${page.next}`)).body.items.map((s) => s.name)).toEqual([northwind.name]);
      expect((await client.get<Page<Supplier>>(`${SUPPLIERS}?q=QUAY`)).body.items).toEqual([]);
      expect((await client.get<Page<Supplier>>(`${SUPPLIERS}?q=ANNE`)).body.items.map((s) => s.name)).toEqual([northwind.name]);
      expectMessage(await client.get(`${SUPPLIERS}?sort=price`), 400, MESSAGES.invalidListQuery);
      const other = client.newSession();
      await register(other, 'sid');
      expectMessage(await other.get(url), 404, MESSAGES.supplierNotFound);
    },
  },
  {
    name: "suppliers: a product's suppliers: the first preferred, another made preferred clears it, edited, removed; archived suppliers get no new link",
    async run(client) {
      await register(client, 'sally');
      const dock = await createProduct(client);
      const supplier = await createSupplier(client);
      const second = await createSupplier(client, { name: 'Contoso' });
      const link = `/api/products/${dock._id}/suppliers`;
      const added = await client.post(link, { supplierId: supplier._id, partNumber: 'NW-7', packSize: 4, lastCost: 121.5 });
      expect({ status: added.status, body: added.body }).toEqual({
        status: 201,
        body: {
          product: { _id: dock._id, name: dock.name, sku: dock.sku },
          supplier: { _id: supplier._id, name: supplier.name, archivedAt: null },
          partNumber: 'NW-7',
          packSize: 4,
          lastCost: 121.5,
          preferred: true,
          createdAt: isoDate,
          updatedAt: isoDate,
        },
      });
      expect((await client.post(link, { supplierId: second._id })).body).toMatchObject({ preferred: false, packSize: 1, lastCost: null, partNumber: '' });
      expectMessage(await client.post(link, { supplierId: second._id }), 409, MESSAGES.productSupplierExists('Contoso'));
      expectMessage(await client.post(link, { supplierId: second._id, packSize: 0 }), 400, MESSAGES.packSizeInvalid);
      expectMessage(await client.post(link, { supplierId: UNKNOWN_UUID }), 404, MESSAGES.supplierNotFound);
      const put = await client.put(`${link}/${second._id}`, { preferred: true, lastCost: 99.99 });
      expect({ status: put.status, body: put.body }).toEqual({ status: 200, body: expect.objectContaining({ preferred: true }) });
      expect((await linksOf(client, dock._id)).map((l) => [l.supplier.name, l.preferred])).toEqual([
        ['Contoso', true],
        [supplier.name, false],
      ]);
      expect((await client.get(`${SUPPLIERS}/${supplier._id}`)).body).toMatchObject({ products: 1 });
      const products = (await client.get<Page<ProductSupplier>>(`${SUPPLIERS}/${supplier._id}/products`)).body;
      expect(products).toMatchObject({ total: 1, totalExact: true, next: null, prev: null });
      expect(products.items.map((l) => l.product.name)).toEqual([dock.name]);
      // Deleting a supplier a product names archives them; they get no new link, and the old one stays.
      expect((await client.delete(`${SUPPLIERS}/${supplier._id}`)).body).toEqual({ message: MESSAGES.supplierArchived, outcome: 'archived' });
      const hub = await createProduct(client, 'Hub');
      expectMessage(await client.post(`/api/products/${hub._id}/suppliers`, { supplierId: supplier._id }), 409, MESSAGES.supplierArchivedNoLinks(supplier.name));
      expect((await client.get<Page<Supplier>>(`${SUPPLIERS}?archived=only`)).body.items.map((s) => s.name)).toEqual([supplier.name]);
      expect((await client.post(`${SUPPLIERS}/${supplier._id}/restore`)).body).toMatchObject({ archivedAt: null, products: 1 });
      expect((await client.delete(`${link}/${supplier._id}`)).body).toEqual({ message: MESSAGES.productSupplierRemoved });
      expectMessage(await client.delete(`${link}/${supplier._id}`), 404, MESSAGES.productSupplierNotFound);
      expect((await client.delete(`${SUPPLIERS}/${supplier._id}`)).body).toEqual({ message: MESSAGES.supplierDeleted, outcome: 'deleted' });
      const made = await client.put(`/api/products/${hub._id}/suppliers/${second._id}`, { packSize: 12 });
      expect(made.body).toMatchObject({ packSize: 12, preferred: true });
    },
  },
  {
    name: "suppliers: CSV in (dry run, then written, rows matched by name) and out; a catalogue file's Supplier columns link products",
    async run(client) {
      await register(client, 'sven');
      const file = 'Vendor;Contact Person;Lead Time\r\nNorthwind;Anne;5\r\nContoso;;\r\n';
      expect((await client.postForm(`${SUPPLIERS}/import?dryRun=1`, csv(file))).body).toEqual({ created: 2, updated: 0, encoding: 'utf-8', delimiter: ';' });
      expect((await client.postForm(`${SUPPLIERS}/import`, csv(file))).body).toEqual({ created: 2, updated: 0 });
      expect((await client.postForm(`${SUPPLIERS}/import`, csv('Supplier,Lead time\nnorthwind,7\n'))).body).toEqual({ created: 0, updated: 1 });
      const bad = await client.postForm(`${SUPPLIERS}/import`, csv('Name,Lead time\nA,400\n'));
      expect({ status: bad.status, body: bad.body }).toEqual({
        status: 422,
        body: { message: IMPORT_MESSAGES.rowErrors(1, 1), errors: [{ row: 2, column: 'Lead time', message: MESSAGES.leadTimeInvalid }] },
      });
      const exported = await client.get<string>(`${SUPPLIERS}/export`);
      expect(exported.status).toBe(200);
      expect(String(exported.body).replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(exportHeader(SUPPLIER_EXPORT_COLUMNS, { timeZone: 'UTC' }).join(','));

      const catalogue = 'SKU,Name,Category,Price,Qty,Supplier,Supplier Part No,Pack Size,Last Cost\nD-1,Dock,Docks,199.99,3,NORTHWIND,NW-D1,4,121.50\nH-1,Hub,Hubs,49,10,Fabrikam,,,\n';
      const dry = await client.postForm<ImportCheck>('/api/products/import?dryRun=1', csv(catalogue));
      expect(dry.body.suppliers).toEqual({ linked: 2, created: 1, newNames: ['Fabrikam'] });
      expect((await client.postForm('/api/products/import', csv(catalogue))).body).toEqual({ created: 2, updated: 0, suppliers: { linked: 2, created: 1 } });
      const products = (await client.get<Product[]>('/api/products')).body;
      const dock = products.find((p) => p.sku === 'D-1')!;
      expect(await linksOf(client, dock._id)).toEqual([
        expect.objectContaining({ supplier: expect.objectContaining({ name: 'northwind' }), partNumber: 'NW-D1', packSize: 4, lastCost: 121.5, preferred: true }),
      ]);
      const fabrikam = (await client.get<Page<Supplier>>(`${SUPPLIERS}?q=fabrikam`)).body.items[0]!;
      await client.post(`/api/products/${dock._id}/suppliers`, { supplierId: fabrikam._id });
      await client.delete(`${SUPPLIERS}/${fabrikam._id}`);
      const refused = await client.postForm('/api/products/import', csv('SKU,Name,Category,Price,Qty,Supplier\nX-1,X,Misc,1,1,fabrikam\n'));
      expect({ status: refused.status, body: refused.body }).toEqual({
        status: 422,
        body: { message: IMPORT_MESSAGES.rowErrors(1, 1), errors: [{ row: 2, column: 'Supplier', message: SUPPLIER_LINK_IMPORT_MESSAGES.supplierArchived('Fabrikam') }] },
      });
    },
  },
];
