import { Readable } from 'node:stream';
import { IMPORT_MESSAGES, type ImportErrorsAnswer, MESSAGES, type Product, type StoreListItem } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTransaction } from '../src/db/write-transaction';
import { removeStoreRows } from '../src/stores/remove-store';
import { cookieHeader, register, startApp } from './support/app';
import { multipart } from './support/catalogue';
import { databases, type TestDatabase } from './support/databases';

/**
 * Issue 24's CSV findings on each database: line endings never change the rows, a file that is not UTF-8 is refused,
 * an import (or any write) racing its store's deletion answers 404/409, a duplicated header is named, and
 * `__proto__`-like keys of the column mapping are refused. Each answered otherwise before its fix.
 */
const HEADER = 'SKU,Name,Category,Price,Quantity';

describe.each(databases)('hostile CSV imports on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const freshStore = async () => {
    token = (await register(app)).token!;
    return (await app.inject({ method: 'GET', url: '/api/stores', headers: cookieHeader(token) })).json<
      StoreListItem[]
    >()[0]!._id;
  };
  const importBody = (csv: string | Buffer, mapping?: string) =>
    multipart(mapping === undefined ? {} : { mapping }, {
      field: 'file',
      fileName: 'catalogue.csv',
      type: 'text/csv',
      bytes: typeof csv === 'string' ? Buffer.from(csv) : csv,
    });
  const importCsv = async (csv: string | Buffer, options: { mapping?: string; dryRun?: boolean } = {}) => {
    const body = await importBody(csv, options.mapping);
    return app.inject({
      method: 'POST',
      url: `/api/products/import${options.dryRun ? '?dryRun=1' : ''}`,
      payload: body.payload,
      headers: { ...body.headers, ...cookieHeader(token) },
    });
  };
  const products = async () =>
    (await app.inject({ method: 'GET', url: '/api/products', headers: cookieHeader(token) }))
      .json<Product[]>()
      .sort((a, b) => a.sku.localeCompare(b.sku));

  it('#4 keeps every row whatever mix of CRLF, LF and CR ends them', async () => {
    await freshStore();
    // A quoted line break stays inside its cell (a description: names are single-line).
    const csv = `${HEADER},Description\r\nLAP-1,One,Laptops,1,1,\nLAP-2,Two,Laptops,2,2,\r\nLAP-3,Three,Laptops,3,3,"Three\r\nlines"\nLAP-4,Four,Laptops,4,4,\rLAP-5,Five,Laptops,5,5,\n`;
    const dry = await importCsv(csv, { dryRun: true });
    expect(dry.json()).toMatchObject({ created: 5, updated: 0 });
    const response = await importCsv(csv);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ created: 5, updated: 0 });
    expect((await products()).map((p) => [p.sku, p.name, p.quantity])).toEqual([
      ['LAP-1', 'One', 1],
      ['LAP-2', 'Two', 2],
      ['LAP-3', 'Three', 3],
      ['LAP-4', 'Four', 4],
      ['LAP-5', 'Five', 5],
    ]);
    expect((await products()).find((p) => p.sku === 'LAP-3')?.description).toMatch(/Three[\s\S]*lines/);
  });

  it('#4 refuses a row with more cells than the header, naming row and column, and writes nothing', async () => {
    await freshStore();
    const response = await importCsv(`${HEADER}\nLAP-1,One,Laptops,1,1\nLAP-2,Two,Laptops,2,2,surplus\n`);
    expect(response.statusCode).toBe(422);
    expect(response.json<ImportErrorsAnswer>().errors).toEqual([
      { row: 3, column: 'Column 6', message: IMPORT_MESSAGES.extraCells(5) },
    ]);
    expect(await products()).toEqual([]);
  });

  it('#5 never stores a replacement character: a file that is not UTF-8 is read as Windows-1252, one marked UTF-8 that is not is refused with 422 naming the line', async () => {
    await freshStore();
    const latin1 = Buffer.concat([Buffer.from(`${HEADER}\nLAP-1,Caf`), Buffer.from([0xe9]), Buffer.from(',Laptops,1,1\n')]);
    const dry = await importCsv(latin1, { dryRun: true });
    expect(dry.json()).toMatchObject({ created: 1, encoding: 'windows-1252' });
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), latin1]);
    for (const dryRun of [true, false]) {
      const response = await importCsv(bom, { dryRun });
      expect(response.statusCode).toBe(422);
      expect(response.json<ImportErrorsAnswer>()).toEqual({
        message: IMPORT_MESSAGES.notUtf8(2),
        errors: [{ row: 2, column: '', message: IMPORT_MESSAGES.notUtf8(2) }],
      });
    }
    expect(await products()).toEqual([]);
    expect((await importCsv(latin1)).statusCode).toBe(200);
    expect((await products())[0]!.name).toBe('Café');
    // What the user did type, in UTF-8, is kept as typed.
    expect((await importCsv(`${HEADER}\nLAP-1,Cafés,Laptops,1,1\n`)).statusCode).toBe(200);
    expect((await products())[0]!.name).toBe('Cafés');
  });

  /**
   * Sends `body` up to its middle, deletes the store while the route (past its checks of who is calling) reads the
   * rest, then sends the rest.
   */
  async function racingDeletion(url: string, body: { payload: Buffer; headers: Record<string, string> }, storeId: string) {
    const half = Math.floor(body.payload.length / 2);
    let reads = 0;
    const stream = new Readable({
      read() {
        reads += 1;
        if (reads === 1) this.push(body.payload.subarray(0, half));
        else if (reads === 2)
          void writeTransaction(app.db, (trx) => removeStoreRows(trx, storeId)).then(() => {
            this.push(body.payload.subarray(half));
            this.push(null);
          });
      },
    });
    return app.inject({ method: 'POST', url, payload: stream, headers: { ...body.headers, ...cookieHeader(token) } });
  }

  it('#9 an import whose store is deleted meanwhile answers 404 with a message, not 500', async () => {
    const storeId = await freshStore();
    const rows = Array.from({ length: 200 }, (_, i) => `LAP-${i},Laptop ${i},Laptops,1,1`).join('\n');
    const response = await racingDeletion('/api/products/import', await importBody(`${HEADER}\n${rows}\n`), storeId);
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toEqual({ message: MESSAGES.storeNotFound });
    expect(await app.db.selectFrom('products').select('id').where('store_id', '=', storeId).execute()).toEqual([]);
  });

  it('#9 any other write into a store deleted meanwhile answers 409 with a message, not 500', async () => {
    const storeId = await freshStore();
    const fields = { name: 'Racer', category: 'Laptops', price: '10', quantity: '2', description: `<p>${'x'.repeat(4000)}</p>` };
    const response = await racingDeletion('/api/products', await multipart(fields), storeId);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toEqual({ message: MESSAGES.deletedMeanwhile });
  });

  it('#10 refuses a duplicated header with 422 naming it, in a dry run too', async () => {
    await freshStore();
    for (const dryRun of [true, false]) {
      const response = await importCsv(`SKU,Name,Category,Price,Quantity,Price\nLAP-1,One,Laptops,1,1,2\n`, { dryRun });
      expect(response.statusCode).toBe(422);
      expect(response.json<ImportErrorsAnswer>()).toEqual({
        message: IMPORT_MESSAGES.duplicateHeader('Price'),
        errors: [{ row: 1, column: 'Price', message: IMPORT_MESSAGES.duplicateHeader('Price') }],
      });
    }
    const mapped = await importCsv(`N,C,P,Q,P\nOne,Laptops,1,1,2\n`, {
      mapping: JSON.stringify({ name: 'N', category: 'C', price: 'P', quantity: 'Q' }),
    });
    expect(mapped.statusCode).toBe(422);
    expect(mapped.json<ImportErrorsAnswer>().errors[0]).toMatchObject({ row: 1, column: 'P' });
    expect(await products()).toEqual([]);
  });

  it('#12 refuses __proto__, constructor and prototype as mapping keys with 400', async () => {
    await freshStore();
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const mapping = `{"name":"Name","category":"Category","price":"Price","quantity":"Quantity","${key}":"SKU"}`;
      const response = await importCsv(`${HEADER}\nLAP-1,One,Laptops,1,1\n`, { mapping });
      expect(response.statusCode, key).toBe(400);
      expect(response.json()).toEqual({ message: IMPORT_MESSAGES.mappingInvalid });
    }
    expect(await products()).toEqual([]);
  });
});
