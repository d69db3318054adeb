import {
  CUSTOMER_EXPORT_COLUMNS,
  CUSTOMER_IMPORT_MESSAGES,
  type Customer,
  exportHeader,
  IMPORT_MESSAGES,
  MESSAGES,
  type Page,
} from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, register, startApp } from './support/app';
import { multipart } from './support/catalogue';
import { databases, type TestDatabase } from './support/databases';
import { call } from './support/team';

/**
 * Customers in and out as CSV on each database (docs/decisions/0035-customers.md): the catalogue import's file rules
 * (encodings, delimiters, header synonyms, 422 naming row and column, all or nothing), rows matched by email whatever
 * its case, and an export that imports back unchanged.
 */
describe.each(databases)('customers CSV on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const newStore = async () => cookieHeader((await register(app)).token);
  const upload = async (headers: Record<string, string>, bytes: Buffer | string, query = '', mapping?: object) => {
    const body = await multipart(mapping ? { mapping: JSON.stringify(mapping) } : {}, {
      field: 'file',
      fileName: 'customers.csv',
      type: 'text/csv',
      bytes: typeof bytes === 'string' ? Buffer.from(bytes) : bytes,
    });
    return app.inject({ method: 'POST', url: `/api/customers/import${query}`, payload: body.payload, headers: { ...body.headers, ...headers } });
  };
  const everyone = async (headers: Record<string, string>) =>
    (await call(app, 'GET', '/api/customers?limit=100&archived=include&sort=name', headers)).json<Page<Customer>>().items;

  it("reads a spreadsheet's file as it comes (Windows-1252, semicolons, common headers), dry-runs it, then writes it", async () => {
    const headers = await newStore();
    const text = 'Customer Name;Company;E-mail;Tel;VAT;Billing Address;Comments\r\n' +
      'Zoë Müller;Müller GmbH;zoe@mueller.example;+49 30 1234;DE123;"Hauptstraße 1\r\n10115 Berlin";Pays in €\r\n' +
      'Bob Smith;;;;;;\r\n';
    const windows1252 = Buffer.from(text.replace('€', '\u0080'), 'latin1');
    const dry = await upload(headers, windows1252, '?dryRun=1');
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toEqual({ created: 2, updated: 0, encoding: 'windows-1252', delimiter: ';' });
    expect(await everyone(headers)).toEqual([]);

    const written = await upload(headers, windows1252);
    expect(written.json()).toEqual({ created: 2, updated: 0 });
    expect(await everyone(headers)).toEqual([
      expect.objectContaining({ name: 'Bob Smith', email: '', company: '' }),
      expect.objectContaining({
        name: 'Zoë Müller',
        company: 'Müller GmbH',
        email: 'zoe@mueller.example',
        phone: '+49 30 1234',
        taxId: 'DE123',
        billingAddress: 'Hauptstraße 1\n10115 Berlin',
        notes: 'Pays in €',
      }),
    ]);
  });

  it('updates the customer an email names (any case), only the columns the file has, and creates the others', async () => {
    const headers = await newStore();
    const grace = (await call(app, 'POST', '/api/customers', headers, { name: 'Grace Hopper', email: 'Grace@Cobol.example', notes: 'Keep me' })).json<Customer>();
    await call(app, 'POST', '/api/orders', headers, { name: 'Dock', category: 'Docks', price: 1, quantity: 1, customerId: grace._id });
    await call(app, 'DELETE', `/api/customers/${grace._id}`, headers);
    const answer = await upload(headers, 'Name,Email,Phone\nRear Admiral Hopper,GRACE@cobol.example,555\nAda,ada@example.com,\n');
    expect(answer.json()).toEqual({ created: 1, updated: 1 });
    const after = (await call(app, 'GET', `/api/customers/${grace._id}`, headers)).json<Customer>();
    // Archived customers are matched too, and stay archived.
    expect(after).toMatchObject({ name: 'Rear Admiral Hopper', email: 'GRACE@cobol.example', phone: '555', notes: 'Keep me', archivedAt: expect.any(String) });
    expect(after.updatedBy).toEqual({ name: 'Ada Lovelace', token: null });
    expect((await everyone(headers)).map((c) => c.name)).toEqual(['Ada', 'Rear Admiral Hopper']);
    // A mapping names the columns when the headers are not ours.
    const mapped = await upload(headers, 'Who,Mail\nAda Byron,ada@example.com\n', '', { name: 'Who', email: 'Mail' });
    expect(mapped.json()).toEqual({ created: 0, updated: 1 });
  });

  it('answers 422 naming each bad cell by row and column, and writes nothing', async () => {
    const headers = await newStore();
    const bad = await upload(headers, 'Name,Email,Phone\nFine,fine@example.com,1\n,nameless@example.com,\nTwice,FINE@example.com,\nBad,bad@,\n');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      message: IMPORT_MESSAGES.rowErrors(3, 3),
      errors: [
        { row: 3, column: 'Name', message: MESSAGES.nameRequired },
        { row: 4, column: 'Email', message: CUSTOMER_IMPORT_MESSAGES.duplicateEmail(2) },
        { row: 5, column: 'Email', message: MESSAGES.invalidEmail },
      ],
    });
    expect(await everyone(headers)).toEqual([]);
    const noName = await upload(headers, 'Email\nx@example.com\n');
    expect(noName.json()).toEqual({ message: IMPORT_MESSAGES.missingColumns(['Name']), errors: [expect.objectContaining({ column: 'Name' })] });
    const broken = await upload(headers, 'Name\n"Unclosed\n');
    expect(broken.statusCode).toBe(422);
    expect(broken.json<{ message: string }>().message).toBe(IMPORT_MESSAGES.malformed('a quoted value is never closed'));
    expect((await upload(headers, 'Name\nA\n', '', { sku: 'Name' })).statusCode).toBe(400);
    expect(await everyone(headers)).toEqual([]);
  });

  it('exports every customer with the labels the import reads, and the file imports back unchanged into another store', async () => {
    const headers = await newStore();
    await upload(headers, 'Name,Company,Email,Phone,Billing address,Notes\n"Grace, the admiral",Navy,grace@navy.example,+1 555,"1 Main St\nArlington",=1+1\nAda,,,,,\n');
    const archived = (await call(app, 'POST', '/api/customers', headers, { name: 'Alan', email: 'alan@example.com' })).json<Customer>();
    await call(app, 'DELETE', `/api/customers/${archived._id}`, headers);
    const exported = await app.inject({ method: 'GET', url: '/api/customers/export?timeZone=Europe/Paris', headers });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = exported.body;
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(exportHeader(CUSTOMER_EXPORT_COLUMNS, { timeZone: 'Europe/Paris' }).join(','));
    // The formula is neutralized, and a deleted customer without orders is gone (Alan had none).
    expect(text).toContain("'=1+1");
    expect(text).not.toContain('Alan');

    const other = await newStore();
    expect((await upload(other, Buffer.from(text))).json()).toEqual({ created: 2, updated: 0 });
    const fields = (customers: Customer[]) =>
      customers.map(({ name, company, email, phone, billingAddress, shippingAddress, taxId, notes }) => ({ name, company, email, phone, billingAddress, shippingAddress, taxId, notes }));
    expect(fields(await everyone(other))).toEqual(fields(await everyone(headers)));
    expect((await upload(other, Buffer.from(text))).json()).toEqual({ created: 1, updated: 1 });
  });
});
