import {
  type ImportCheck,
  IMPORT_MESSAGES,
  MESSAGES,
  type Page,
  type Product,
  type ProductSupplier,
  SUPPLIER_LINK_IMPORT_MESSAGES,
  type Supplier,
} from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, register, startApp } from './support/app';
import { catalogueCsv, multipart } from './support/catalogue';
import { databases, type TestDatabase } from './support/databases';
import { call, joinAs, memoryMailer } from './support/team';

/**
 * Suppliers in and out as CSV, and the catalogue import's Supplier columns, on each database
 * (docs/decisions/0037-suppliers.md): the records import's file rules, rows matched by name whatever its case, an
 * export that imports back unchanged; a catalogue file's Supplier, Supplier Part No, Pack Size and Last Cost fill the
 * product's supplier link, making the supplier when the store has none of that name, in the import's one transaction.
 */
describe.each(databases)('suppliers CSV on $name', (kind) => {
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
  const upload = async (path: string, headers: Record<string, string>, text: string, query = '') => {
    const body = await multipart({}, { field: 'file', fileName: 'file.csv', type: 'text/csv', bytes: Buffer.from(text) });
    return app.inject({ method: 'POST', url: `${path}${query}`, payload: body.payload, headers: { ...body.headers, ...headers } });
  };
  const everyone = async (headers: Record<string, string>) =>
    (await call(app, 'GET', '/api/suppliers?limit=100&archived=include&sort=name', headers)).json<Page<Supplier>>().items;

  it('imports a supplier list (synonyms, semicolons, lead times), updates by name whatever its case, and exports a file that imports back', async () => {
    const { headers } = await newOwner();
    const file = 'Vendor;Contact Person;E-mail;Tel;Lead Time;Comments\r\nNorthwind;Anne;orders@northwind.example;+44 1;5;"Same day\r\nbefore 2 pm"\r\nContoso;;;;;\r\n';
    const dry = await upload('/api/suppliers/import', headers, file, '?dryRun=1');
    expect(dry.json()).toEqual({ created: 2, updated: 0, encoding: 'utf-8', delimiter: ';' });
    expect(await everyone(headers)).toEqual([]);
    expect((await upload('/api/suppliers/import', headers, file)).json()).toEqual({ created: 2, updated: 0 });
    expect(await everyone(headers)).toEqual([
      expect.objectContaining({ name: 'Contoso', leadTimeDays: null }),
      expect.objectContaining({ name: 'Northwind', contact: 'Anne', email: 'orders@northwind.example', leadTimeDays: 5, notes: 'Same day\nbefore 2 pm' }),
    ]);
    // By name whatever its case: an update of the columns mapped, the others kept.
    expect((await upload('/api/suppliers/import', headers, 'Supplier,Lead time\nNORTHWIND,7\n')).json()).toEqual({ created: 0, updated: 1 });
    // The name column is mapped too: the supplier now has the file's spelling.
    expect((await everyone(headers)).find((s) => s.name.toLowerCase() === 'northwind')).toMatchObject({ name: 'NORTHWIND', leadTimeDays: 7, contact: 'Anne' });

    const bad = await upload('/api/suppliers/import', headers, 'Name,Lead time\nA,400\nB,1\nb,2\n,3\n');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      message: IMPORT_MESSAGES.rowErrors(3, 3),
      errors: [
        { row: 2, column: 'Lead time', message: MESSAGES.leadTimeInvalid },
        { row: 4, column: 'Name', message: 'Name is already used by row 3 of this file' },
        { row: 5, column: 'Name', message: MESSAGES.nameRequired },
      ],
    });

    const exported = await call(app, 'GET', '/api/suppliers/export?timeZone=Europe/Paris', headers);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="suppliers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const other = await newOwner();
    expect((await upload('/api/suppliers/import', other.headers, exported.body)).json()).toEqual({ created: 2, updated: 0 });
    const strip = (s: Supplier) => ({ ...s, _id: '', createdAt: '', updatedAt: '' });
    expect((await everyone(other.headers)).map(strip)).toEqual((await everyone(headers)).map(strip));
  });

  it("fills products' suppliers from a catalogue file's Supplier columns: made when new (the dry run says so), linked, preferred when first", async () => {
    const { headers } = await newOwner();
    const existing = await call(app, 'POST', '/api/suppliers', headers, { name: 'Northwind' });
    expect(existing.statusCode).toBe(201);
    const header = 'SKU,Name,Category,Price,Qty,Supplier,Supplier Part No,Pack Size,Last Cost';
    const rows = ['DOCK-1,Dock,Docks,199.99,3,northwind,NW-D1,4,121.50', 'HUB-1,Hub,Hubs,49,10,Contoso Ltd,C-H,,', 'CAB-1,Cable,Cables,9,100,,,,', 'SSD-1,SSD,Storage,89,5,CONTOSO LTD,C-S,10,60'];
    const file = [header, ...rows].join('\n') + '\n';
    const dry = await upload('/api/products/import', headers, file, '?dryRun=1');
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json<ImportCheck>().suppliers).toEqual({ linked: 3, created: 1, newNames: ['Contoso Ltd'] });
    expect((await everyone(headers)).map((s) => s.name)).toEqual(['Northwind']);

    const written = await upload('/api/products/import', headers, file);
    expect(written.json()).toEqual({ created: 4, updated: 0, suppliers: { linked: 3, created: 1 } });
    const suppliers = await everyone(headers);
    expect(suppliers.map((s) => s.name)).toEqual(['Contoso Ltd', 'Northwind']);
    const products = (await call(app, 'GET', '/api/products', headers)).json<Product[]>();
    const linksOf = async (sku: string) =>
      (await call(app, 'GET', `/api/products/${products.find((p) => p.sku === sku)!._id}/suppliers`, headers)).json<ProductSupplier[]>();
    expect(await linksOf('DOCK-1')).toEqual([expect.objectContaining({ supplier: expect.objectContaining({ name: 'Northwind' }), partNumber: 'NW-D1', packSize: 4, lastCost: 121.5, preferred: true })]);
    expect(await linksOf('HUB-1')).toEqual([expect.objectContaining({ supplier: expect.objectContaining({ name: 'Contoso Ltd' }), packSize: 1, lastCost: null, preferred: true })]);
    expect(await linksOf('CAB-1')).toEqual([]);

    // Again with another supplier for the dock and a new cost from Northwind: the existing link changes, the new one is not preferred.
    const again = await upload('/api/products/import', headers, `SKU,Name,Category,Price,Qty,Supplier,Last Cost\nDOCK-1,Dock,Docks,199.99,3,Northwind,118\n`);
    expect(again.json()).toEqual({ created: 0, updated: 1, suppliers: { linked: 1, created: 0 } });
    expect(await linksOf('DOCK-1')).toEqual([expect.objectContaining({ partNumber: 'NW-D1', packSize: 4, lastCost: 118, preferred: true })]);
    await upload('/api/products/import', headers, `SKU,Name,Category,Price,Qty,Supplier\nDOCK-1,Dock,Docks,199.99,3,Contoso Ltd\n`);
    expect((await linksOf('DOCK-1')).map((l) => [l.supplier.name, l.preferred])).toEqual([
      ['Northwind', true],
      ['Contoso Ltd', false],
    ]);
    // A file without Supplier columns answers as before.
    expect((await upload('/api/products/import', headers, catalogueCsv([{ sku: 'NEW-1', name: 'New', category: 'Misc', price: '1', quantity: '1' }]))).json()).toEqual({ created: 1, updated: 0 });
  });

  it('refuses bad Supplier cells and archived suppliers row by row, writing nothing, and a role that cannot write suppliers', async () => {
    const owner = await newOwner();
    const { headers } = owner;
    const archived = (await call(app, 'POST', '/api/suppliers', headers, { name: 'Gone Ltd' })).json<Supplier>();
    const product = await upload('/api/products/import', headers, 'SKU,Name,Category,Price,Qty,Supplier\nP-1,P,Cat,1,1,Gone Ltd\n');
    expect(product.statusCode).toBe(200);
    expect((await call(app, 'DELETE', `/api/suppliers/${archived._id}`, headers)).json()).toMatchObject({ outcome: 'archived' });
    const file = 'SKU,Name,Category,Price,Qty,Supplier,Pack Size,Supplier Cost\nA-1,A,Cat,1,1,,2,\nA-2,A,Cat,1,1,Acme,0,1.999\n';
    const refused = await upload('/api/products/import', headers, file);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      message: IMPORT_MESSAGES.rowErrors(3, 3),
      errors: [
        { row: 2, column: 'Supplier', message: SUPPLIER_LINK_IMPORT_MESSAGES.supplierMissing },
        { row: 3, column: 'Pack Size', message: MESSAGES.packSizeInvalid },
        { row: 3, column: 'Supplier Cost', message: MESSAGES.lastCostInvalid },
      ],
    });
    const toArchived = await upload('/api/products/import', headers, 'SKU,Name,Category,Price,Qty,Supplier\nA-3,A,Cat,1,1,gone ltd\n');
    expect(toArchived.json()).toEqual({
      message: IMPORT_MESSAGES.rowErrors(1, 1),
      errors: [{ row: 2, column: 'Supplier', message: SUPPLIER_LINK_IMPORT_MESSAGES.supplierArchived('Gone Ltd') }],
    });
    expect((await everyone(headers)).map((s) => s.name)).toEqual(['Gone Ltd']);
    const staff = cookieHeader((await joinAs(app, mailer, owner.token, 'staff')).token);
    const forbidden = await upload('/api/products/import', staff, 'SKU,Name,Category,Price,Qty,Supplier\nS-1,S,Cat,1,1,Acme\n');
    expect(forbidden.statusCode).toBe(403);
    expect((await upload('/api/products/import', staff, 'SKU,Name,Category,Price,Qty\nS-1,S,Cat,1,1\n')).statusCode).toBe(200);
  });

  it('writes the Supplier columns of a file past the batch boundary, each supplier made once', async () => {
    const { headers } = await newOwner();
    const lines = ['SKU,Name,Category,Price,Qty,Supplier,Supplier SKU'];
    for (let i = 0; i < 2_300; i += 1) lines.push(`BULK-${i},Item ${i},Bulk,1,1,Vendor ${i % 7},V-${i}`);
    const written = await upload('/api/products/import', headers, lines.join('\n') + '\n');
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json()).toEqual({ created: 2_300, updated: 0, suppliers: { linked: 2_300, created: 7 } });
    const vendors = await everyone(headers);
    expect(vendors).toHaveLength(7);
    const first = (await call(app, 'GET', `/api/suppliers/${vendors[0]!._id}`, headers)).json<Supplier>();
    expect(first.products).toBe(Math.ceil(2_300 / 7));
  }, 60_000);
});
