import { type ImportErrorsAnswer, PRODUCT_EXPORT_HEADER, type Product } from '@inventory/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeProduct, mockDb, mockImportSettings, resetMockDb, signedIn, withProducts } from '../src';
import { server } from '../src/node';
import { checkMockedAnswers } from './support/openapi';

const base = 'http://import.mock.test';
const HEADER = 'SKU,Name,Category,Price,Quantity,Reorder point,Description';

async function importCsv(csv: string, options: { dryRun?: boolean; mapping?: string; type?: string } = {}) {
  const form = new FormData();
  if (options.mapping !== undefined) form.append('mapping', options.mapping);
  form.append('file', new Blob([csv], { type: options.type ?? 'text/csv' }), 'catalogue.csv');
  const response = await fetch(`${base}/api/products/import${options.dryRun ? '?dryRun=1' : ''}`, {
    method: 'POST',
    body: form,
  });
  return [response.status, await response.json()] as const;
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => resetMockDb());
afterEach(() => server.resetHandlers());
const answers = checkMockedAnswers(server);
afterEach(async () => expect(await answers.take()).toEqual([]));
afterAll(() => server.close());

const existing = makeProduct({ name: 'Dock', category: 'Accessories', quantity: 5, sku: 'ACC-1' });
const stored = (sku: string) => mockDb.products.find((p) => p.sku === sku);

describe('CSV import and export in the mocks (the server rules)', () => {
  beforeEach(() => {
    signedIn()();
    withProducts([existing])();
  });

  it('a dry run counts and writes nothing; the import creates, updates by SKU with an import movement', async () => {
    const csv = `\uFEFF${HEADER}\nACC-1,Dock,Accessories,10,8,,\nLAP-1,"ThinkPad, X1",Laptops,1299.99,3,,<p>Fast</p>\n`;
    expect(await importCsv(csv, { dryRun: true })).toEqual([200, expect.objectContaining({ created: 1, updated: 1, encoding: 'utf-8-bom', likelyDuplicates: [] })]);
    expect(stored('LAP-1')).toBeUndefined();
    expect(await importCsv(csv)).toEqual([200, { created: 1, updated: 1 }]);
    expect(stored('LAP-1')).toMatchObject({
      name: 'ThinkPad, X1',
      price: 1299.99,
      quantity: 3,
      description: '<p>Fast</p>',
    });
    expect(stored('ACC-1')!.quantity).toBe(8);
    // In the file's order: the update of ACC-1 (5 → 8), then LAP-1's opening stock.
    expect(mockDb.movements.filter((m) => m.reason === 'import').map((m) => [m.change, m.quantityAfter])).toEqual([
      [3, 8],
      [3, 3],
    ]);
  });

  it('answers 422 with the errors by row and column and writes nothing; 400 and 413 as the server does', async () => {
    const [status, body] = await importCsv('Name;Category;Price;Quantity\nA;Laptops;abc;1\n;Laptops;1;1\n');
    expect(status).toBe(422);
    expect((body as ImportErrorsAnswer).errors.map((e) => [e.row, e.column])).toEqual([
      [2, 'Price'],
      [3, 'Name'],
    ]);
    expect(mockDb.products).toHaveLength(1);
    expect((await importCsv(HEADER, { mapping: 'nope' }))[0]).toBe(400);
    mockImportSettings.maxBytes = 10;
    try {
      expect((await importCsv(`${HEADER}\n`))[0]).toBe(413);
    } finally {
      mockImportSettings.maxBytes = 20 * 1024 * 1024;
    }
  });

  it('exports with the import header and neutralized cells, and the export imports back unchanged', async () => {
    await importCsv(`${HEADER}\nLAP-1,=cmd,Laptops,2,1,,\n`);
    const response = await fetch(`${base}/api/products/export`);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // (TextDecoder drops the byte-order mark, as fetch's text() does.)
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith(`${PRODUCT_EXPORT_HEADER.join(',')}\r\n`)).toBe(true);
    expect(text).toContain("LAP-1,'=cmd,Laptops,2,1,,,,,,\r\n");
    const before = (await (await fetch(`${base}/api/products`)).json()) as Product[];
    expect(await importCsv(text)).toEqual([200, { created: 0, updated: 2 }]);
    expect(await (await fetch(`${base}/api/products`)).json()).toEqual(before);
    for (const path of ['/api/orders/export', '/api/movements/export'])
      expect((await fetch(`${base}${path}`)).status).toBe(200);
  });
});
