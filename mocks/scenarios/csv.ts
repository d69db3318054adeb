import {
  exportHeader,
  IMPORT_MESSAGES,
  localDateTime,
  MOVEMENT_EXPORT_COLUMNS,
  MESSAGES,
  MOVEMENT_EXPORT_HEADER,
  ORDER_EXPORT_COLUMNS,
  PRODUCT_EXPORT_HEADER,
  csvSyntaxMessage,
  type CsvSyntaxProblem,
  type MovementPage,
  type Order,
  type Product,
  type User,
} from '@inventory/contract';
import Papa from 'papaparse';
import { expect } from 'vitest';
import type { ScenarioClient, ScenarioResponse } from './client';
import { formOf, startsWithBytes } from './support';
import type { Scenario } from './types';
import { expectMessage, register } from './users';

const PRODUCTS = '/api/products';
const IMPORT = `${PRODUCTS}/import`;

const csvFile = (text: string | Uint8Array<ArrayBuffer>, name = 'products.csv') => ({
  bytes: typeof text === 'string' ? new TextEncoder().encode(text) : text,
  name,
  type: 'text/csv',
});

const importForm = (text: string | Uint8Array<ArrayBuffer>, fields: Record<string, string> = {}) =>
  formOf(fields, { file: csvFile(text) });

/** A dry run's answer for a plain UTF-8 comma file sent without a number format. */
const plainCheck = (created: number, updated: number) => ({
  created,
  updated,
  encoding: 'utf-8',
  delimiter: ',',
  numberFormat: null,
  likelyDuplicates: [],
  likelyDuplicateCount: 0,
  // What the file's categories become: scenarios/categories.ts.
  categories: expect.any(Array),
  categoriesMapped: expect.any(Number),
  categoriesCreated: expect.any(Number),
});

/** Windows-1252 bytes of a text whose characters are all Latin-1 or among the few this file needs (€ –). */
const windows1252 = (text: string) =>
  Uint8Array.from([...text].map((char) => ({ '€': 0x80, '–': 0x96 })[char] ?? char.charCodeAt(0)));
const utf16le = (text: string) => {
  const bytes = [0xff, 0xfe];
  for (const char of text) bytes.push(char.charCodeAt(0) & 0xff, char.charCodeAt(0) >> 8);
  return Uint8Array.from(bytes);
};

async function listProducts(client: ScenarioClient): Promise<Product[]> {
  const response = await client.get<Product[]>(PRODUCTS);
  expect(response.status).toBe(200);
  return response.body;
}

/** A CSV export: 200, text/csv with a BOM, an attachment named for today; its rows as header → cell. */
function exportedRows(response: ScenarioResponse, what: string, header: string[]): Record<string, string>[] {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
  expect(response.headers.get('content-disposition')).toMatch(
    new RegExp(`^attachment; filename="${what}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
  );
  expect(startsWithBytes(response.bytes, [0xef, 0xbb, 0xbf])).toBe(true);
  const text = new TextDecoder().decode(response.bytes).replace(/^\uFEFF/, '');
  const [head, ...rows] = Papa.parse<string[]>(text.trimEnd(), { skipEmptyLines: false }).data;
  expect(head).toEqual(header);
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])));
}

function expectMalformed(response: ScenarioResponse, problem: CsvSyntaxProblem, row: number): void {
  const message = IMPORT_MESSAGES.malformed(csvSyntaxMessage(problem));
  expect({ status: response.status, body: response.body }).toEqual({
    status: 422,
    body: { message, errors: [{ row, column: '', message }] },
  });
}

export const csvScenarios: Scenario[] = [
  {
    name: "import: a supplier's own SKUs, EANs and part numbers come in by their headers; the same file again updates and creates nothing",
    async run(client) {
      await register(client, 'suki');
      const file =
        'Item Code,Product Name,Category,Unit Price,Qty,EAN,Part No\r\n' +
        '20R1-000GUS,ThinkPad T14,Laptops,1299.00,4,4006381333931,20R1000GUS\r\n' +
        'dk-100,USB-C Dock,Docks,129.00,10,96385074,\r\n' +
        ',Cat6 Cable,Cables,4.99,50,,CAT6-1M\r\n';
      const dry = await client.postForm(`${IMPORT}?dryRun=1`, importForm(file));
      expect({ status: dry.status, body: dry.body }).toEqual({ status: 200, body: plainCheck(3, 0) });
      const done = await client.postForm(IMPORT, importForm(file));
      expect({ status: done.status, body: done.body }).toEqual({ status: 200, body: { created: 3, updated: 0 } });
      const products = await listProducts(client);
      const codes = (name: string) => {
        const product = products.find((p) => p.name === name)!;
        return [product.sku, product.barcode, product.mpn];
      };
      expect(codes('ThinkPad T14')).toEqual(['20R1-000GUS', '4006381333931', '20R1000GUS']);
      expect(codes('USB-C Dock')).toEqual(['dk-100', '96385074', null]);
      expect(codes('Cat6 Cable')).toEqual([expect.stringMatching(/^CAB-\d+$/), null, 'CAT6-1M']);

      // The same file again (a SKU in another case) matches every row: by SKU, and the row without one by its part
      // number; nothing is created.
      const again = file.replace('dk-100', 'DK-100');
      const second = await client.postForm(`${IMPORT}?dryRun=1`, importForm(again));
      expect({ status: second.status, body: second.body }).toEqual({ status: 200, body: plainCheck(0, 3) });
      const written = await client.postForm(IMPORT, importForm(again));
      expect({ status: written.status, body: written.body }).toEqual({ status: 200, body: { created: 0, updated: 3 } });
      expect(await listProducts(client)).toHaveLength(3);

      // Rows match by SKU, then barcode, then part number (any case); the product keeps its own SKU.
      const byCodes =
        'SKU,Name,Category,Price,Quantity,GTIN,MPN\r\n' +
        'NEW-1,ThinkPad T14 Gen 5,Laptops,1399.00,2,4006381333931,\r\n' +
        ',Cat6 Cable 1 m,Cables,5.49,40,,cat6-1m\r\n' +
        'NEW-3,Mouse,Mice,9.99,5,,\r\n';
      const matchedDry = await client.postForm(`${IMPORT}?dryRun=1`, importForm(byCodes));
      expect({ status: matchedDry.status, body: matchedDry.body }).toEqual({ status: 200, body: plainCheck(1, 2) });
      const matched = await client.postForm(IMPORT, importForm(byCodes));
      expect({ status: matched.status, body: matched.body }).toEqual({ status: 200, body: { created: 1, updated: 2 } });
      const after = await listProducts(client);
      expect(after).toHaveLength(4);
      expect(after.find((p) => p.barcode === '4006381333931')).toMatchObject({ name: 'ThinkPad T14 Gen 5', sku: '20R1-000GUS', price: 1399 });
      // (The file's part number is written as the file has it.)
      expect(after.find((p) => p.name === 'Cat6 Cable 1 m')).toMatchObject({ mpn: 'cat6-1m', price: 5.49, sku: expect.stringMatching(/^CAB-\d+$/) });

      // Two rows of a file naming one product (one by SKU, one by its barcode) are refused: nothing is written.
      const twice = 'SKU,Name,Category,Price,Quantity,EAN\r\n20R1-000GUS,A,Laptops,1,1,\r\n,B,Laptops,1,1,4006381333931\r\n';
      const refusedTwice = await client.postForm(IMPORT, importForm(twice));
      expect(refusedTwice.status).toBe(422);
      expect((refusedTwice.body as { errors: unknown[] }).errors).toEqual([{ row: 3, column: 'EAN', message: IMPORT_MESSAGES.duplicateMatch(2) }]);
      expect((await listProducts(client)).map((p) => p.name).sort()).toEqual(['Cat6 Cable 1 m', 'Mouse', 'ThinkPad T14 Gen 5', 'USB-C Dock']);

      // A row naming one product by its SKU and another's barcode is that row's error, in the dry run too; nothing is
      // written.
      const taken = 'SKU,Name,Category,Price,Quantity,EAN\r\nDK-100,USB-C Dock v2,Docks,129.00,10,4006381333931\r\n';
      for (const path of [`${IMPORT}?dryRun=1`, IMPORT]) {
        const clash = await client.postForm(path, importForm(taken));
        expect(clash.status).toBe(422);
        expect((clash.body as { errors: unknown[] }).errors).toEqual([{ row: 2, column: 'EAN', message: IMPORT_MESSAGES.barcodeOfAnother }]);
      }
      expect((await listProducts(client)).map((p) => p.name).sort()).toEqual(['Cat6 Cable 1 m', 'Mouse', 'ThinkPad T14 Gen 5', 'USB-C Dock']);

      // A barcode twice in one file, or a wrong check digit, is that row's error; nothing is written.
      const bad = 'SKU,Name,Category,Price,Quantity,Barcode\r\nA-1,One,Misc,1,1,036000291452\r\nA-2,Two,Misc,1,1,036000291452\r\nA-3,Three,Misc,1,1,036000291453\r\n';
      const refused = await client.postForm(IMPORT, importForm(bad));
      expect(refused.status).toBe(422);
      expect((refused.body as { errors: unknown[] }).errors).toEqual([
        { row: 3, column: 'Barcode', message: IMPORT_MESSAGES.duplicateBarcode(2) },
        { row: 4, column: 'Barcode', message: MESSAGES.barcodeCheckDigit(2) },
      ]);
      expect(await listProducts(client)).toHaveLength(4);
    },
  },
  {
    name: 'import: a dry run writes nothing; rows naming a SKU update that product (an import movement), others are created',
    async run(client) {
      await register(client, 'ingrid');
      const made = await client.postForm<Product>(
        PRODUCTS,
        formOf({ name: 'Dock', category: 'Accessories', price: '49.50', quantity: 5 }),
      );
      expect(made.status).toBe(201);
      const dock = made.body;
      const file = `SKU,Name,Category,Price,Quantity,Reorder point\r\n${dock.sku},Dock Pro,Accessories,59.5,9,2\r\n,USB Cable,Cables,4.99,20,\r\n`;

      const dry = await client.postForm(`${IMPORT}?dryRun=1`, importForm(file));
      expect({ status: dry.status, body: dry.body }).toEqual({ status: 200, body: plainCheck(1, 1) });
      expect((await listProducts(client)).map((p) => p.name)).toEqual(['Dock']);
      for (const query of ['dryRun=yes', 'dry=1']) {
        const refused = await client.postForm(`${IMPORT}?${query}`, importForm(file));
        expect({ query, status: refused.status, body: refused.body }).toEqual({ query, status: 400, body: { message: expect.any(String) } });
      }
      expect((await listProducts(client)).map((p) => p.name)).toEqual(['Dock']);

      const done = await client.postForm(IMPORT, importForm(file));
      expect({ status: done.status, body: done.body }).toEqual({ status: 200, body: { created: 1, updated: 1 } });
      const products = await listProducts(client);
      expect(products).toHaveLength(2);
      expect(products.find((p) => p._id === dock._id)).toMatchObject({
        name: 'Dock Pro',
        sku: dock.sku,
        price: 59.5,
        quantity: 9,
        reorderPoint: 2,
      });
      expect(products.find((p) => p._id !== dock._id)).toMatchObject({
        name: 'USB Cable',
        category: 'Cables',
        price: 4.99,
        quantity: 20,
        reorderPoint: null,
      });
      const history = await client.get<MovementPage>(`${PRODUCTS}/${dock._id}/movements`);
      expect(history.body.items.map((m) => [m.reason, m.change, m.quantityAfter])).toEqual([
        ['import', 4, 9],
        ['created', 5, 5],
      ]);

      // A mapping names the file's headers for our fields.
      const mapped = await client.postForm(
        IMPORT,
        importForm('Item;Group;Cost;Count\r\nMouse;Accessories;12.5;3\r\n', {
          mapping: JSON.stringify({ name: 'Item', category: 'Group', price: 'Cost', quantity: 'Count' }),
        }),
      );
      expect({ status: mapped.status, body: mapped.body }).toEqual({ status: 200, body: { created: 1, updated: 0 } });
      const names = (await listProducts(client)).map((p) => p.name).sort();
      expect(names).toEqual(['Dock Pro', 'Mouse', 'USB Cable']);
    },
  },
  {
    name: 'import: a file with a bad row or bad CSV answers 422 with every error and writes nothing; the CSV messages are the contract\'s',
    async run(client) {
      await register(client, 'ivo');
      const header = 'Name,Category,Price,Quantity\r\n';
      const bad = await client.postForm(IMPORT, importForm(`${header}Cable,Cables,4.99,20\r\n,Cables,1,1\r\nHub,Hubs,-1,2\r\n`));
      expect(bad.status).toBe(422);
      const answer = bad.body as { message: string; errors: { row: number; column: string; message: string }[] };
      expect(answer.message).toBe(IMPORT_MESSAGES.rowErrors(2, 2));
      expect(answer.errors).toEqual([
        { row: 3, column: expect.any(String), message: MESSAGES.nameRequired },
        { row: 4, column: expect.any(String), message: expect.any(String) },
      ]);
      // Quotes: never closed, text after the closing quote, a quote inside an unquoted value.
      expectMalformed(await client.postForm(IMPORT, importForm(`${header}Cable,Cables,4.99,20\r\n"Hub,Hubs,1,2\r\nDock,Docks,1,1\r\n`)), 'unclosedQuote', 3);
      expectMalformed(await client.postForm(IMPORT, importForm(`${header}Cable,Cables,4.99,20\r\n"Hub"x,Hubs,1,2\r\n`)), 'textAfterQuote', 3);
      expectMalformed(await client.postForm(IMPORT, importForm(`${header}Cable,Cables,4.99,20\r\nHub "2",Hubs,1,2\r\n`)), 'quoteInValue', 3);
      // The rows before a malformed one are checked too: their errors are listed with it.
      const both = await client.postForm(IMPORT, importForm(`${header},Cables,1,1\r\n"Hub"x,Hubs,1,2\r\n`));
      const malformed = IMPORT_MESSAGES.malformed(csvSyntaxMessage('textAfterQuote'));
      expect({ status: both.status, body: both.body }).toEqual({
        status: 422,
        body: {
          message: malformed,
          errors: [
            { row: 2, column: expect.any(String), message: MESSAGES.nameRequired },
            { row: 3, column: '', message: malformed },
          ],
        },
      });
      // Quoted values may hold separators, doubled quotes and (where the field is not single-line) line breaks.
      const quoted = await client.postForm(
        `${IMPORT}?dryRun=1`,
        importForm(`Name,Category,Price,Quantity,Description\r\n"Hub ""Pro"", 4 ports",Hubs,"1.5",2,"Four ports\r\nUSB-C"\r\n`),
      );
      expect({ status: quoted.status, body: quoted.body }).toEqual({ status: 200, body: plainCheck(1, 0) });

      expectMessage(await client.postForm(IMPORT, formOf({})), 400, IMPORT_MESSAGES.fileRequired);
      expectMessage(await client.postForm(IMPORT, importForm(header, { mapping: '[1]' })), 400, IMPORT_MESSAGES.mappingInvalid);
      expect(await listProducts(client)).toEqual([]);
    },
  },
  {
    name: 'import: supplier files — encodings, delimiters, ?numberFormat, header synonyms, SKUs in any case, likely duplicates in the dry run',
    async run(client) {
      await register(client, 'suzanne');
      const made = await client.postForm<Product>(
        PRODUCTS,
        formOf({ name: 'Dell WD19S dock', category: 'Docks', price: '219', quantity: 5 }),
      );
      expect(made.status).toBe(201);
      const dock = made.body;

      // Windows-1252 (no BOM, not UTF-8), semicolons, synonyms, 1.299,00 € read with numberFormat=comma.
      const french = windows1252(
        `Référence;Désignation;Catégorie;Prix de vente;Quantité\r\n${dock.sku.toLowerCase()};Dell WD19S dock;Docks;1.299,00 €;7\r\n;Câble USB-C – 2 m;Câbles;14,90 €;50\r\n;dell wd19s dock;Docks;219,00 €;1\r\n`,
      );
      const dry = await client.postForm(`${IMPORT}?dryRun=1&numberFormat=comma`, importForm(french));
      expect({ status: dry.status, body: dry.body }).toEqual({
        status: 200,
        body: {
          created: 2,
          updated: 1,
          encoding: 'windows-1252',
          delimiter: ';',
          numberFormat: 'comma',
          likelyDuplicates: [{ row: 4, name: 'dell wd19s dock', sku: dock.sku }],
          likelyDuplicateCount: 1,
          categories: [{ written: 'Câbles', category: 'Câbles', existing: false }],
          categoriesMapped: 0,
          categoriesCreated: 1,
        },
      });
      // The same file without a number format reads numbers as before: 1.299,00 € is not one.
      const plain = await client.postForm(`${IMPORT}?dryRun=1`, importForm(french));
      expect(plain.status).toBe(422);
      const refused = await client.postForm(`${IMPORT}?dryRun=1&numberFormat=de`, importForm(french));
      expect(refused.status).toBe(400);
      expect((await listProducts(client)).map((p) => p.name)).toEqual(['Dell WD19S dock']);

      const done = await client.postForm(`${IMPORT}?numberFormat=comma`, importForm(french));
      expect({ status: done.status, body: done.body }).toEqual({ status: 200, body: { created: 2, updated: 1 } });
      const products = await listProducts(client);
      expect(products.find((p) => p._id === dock._id)).toMatchObject({ sku: dock.sku, price: 1299, quantity: 7 });
      expect(products.map((p) => p.name).sort()).toEqual(['Câble USB-C – 2 m', 'Dell WD19S dock', 'dell wd19s dock']);

      // UTF-16 LE with tabs and $1,299.00, numberFormat=point; the same SKU again updates and creates nothing.
      const tabbed = utf16le(`SKU\tTitle\tType\tSale Price\tOn Hand\n${dock.sku}\tDell WD19S dock\tDocks\t$1,249.00\t6\n`);
      const check = await client.postForm(`${IMPORT}?dryRun=1&numberFormat=point`, importForm(tabbed));
      expect(check.body).toEqual({
        created: 0,
        updated: 1,
        encoding: 'utf-16le',
        delimiter: '\t',
        numberFormat: 'point',
        likelyDuplicates: [],
        likelyDuplicateCount: 0,
        categories: [],
        categoriesMapped: 0,
        categoriesCreated: 0,
      });
      const again = await client.postForm(`${IMPORT}?numberFormat=point`, importForm(tabbed));
      expect({ status: again.status, body: again.body }).toEqual({ status: 200, body: { created: 0, updated: 1 } });
      expect((await listProducts(client)).find((p) => p._id === dock._id)).toMatchObject({ price: 1249, quantity: 6 });
      expect(await listProducts(client)).toHaveLength(3);

      // A file marked UTF-8 that is not: refused, never read with replacement characters.
      const broken = Uint8Array.from([0xef, 0xbb, 0xbf, ...windows1252('Name,Category,Price,Quantity\nCâble,Cables,1,1\n')]);
      const bad = await client.postForm(IMPORT, importForm(broken));
      expect({ status: bad.status, body: bad.body }).toEqual({
        status: 422,
        body: { message: IMPORT_MESSAGES.notUtf8(2), errors: [{ row: 2, column: '', message: IMPORT_MESSAGES.notUtf8(2) }] },
      });
    },
  },
  {
    name: 'exports: products, orders and movements are CSV attachments with a BOM and the header row, newest first; formula cells are guarded; dates in UTC and in the zone asked for; who and why for movements; the description as text and HTML',
    async run(client) {
      await register(client, 'esme');
      const me = (await client.get<User>('/api/users/getuser')).body;
      const first = await client.postForm<Product>(
        PRODUCTS,
        formOf({ name: 'Dock', category: 'Accessories', price: '49.5', quantity: 5, description: '<p>Two <strong>USB-C</strong> ports</p><p>a &amp; b</p>' }),
      );
      const second = await client.postForm<Product>(
        PRODUCTS,
        formOf({ name: '=SUM(1)', category: 'Cables', price: '4.99', quantity: 20, reorderPoint: 3 }),
      );
      const order = await client.post<Order>('/api/orders', {
        name: 'Dock order',
        category: 'Accessories',
        price: 49.5,
        quantity: 2,
        productId: first.body._id,
      });
      expect([first.status, second.status, order.status]).toEqual([201, 201, 201]);

      const products = exportedRows(await client.get(`${PRODUCTS}/export`, { headers: { accept: 'text/csv' } }), 'products', PRODUCT_EXPORT_HEADER);
      expect(products.map((row) => [row.SKU, row.Name, row.Category, row.Price, row.Quantity, row['Reorder point'], row.Description, row['Description HTML']])).toEqual([
        [second.body.sku, "'=SUM(1)", 'Cables', '4.99', '20', '3', '', second.body.description],
        [first.body.sku, 'Dock', 'Accessories', '49.5', '3', '', 'Two USB-C ports\na & b', first.body.description],
      ]);

      const zone = { timeZone: 'Asia/Tokyo' };
      const orders = exportedRows(
        await client.get('/api/orders/export?timeZone=Asia%2FTokyo', { headers: { accept: 'text/csv' } }),
        'orders',
        exportHeader(ORDER_EXPORT_COLUMNS, zone),
      );
      expect(orders).toEqual([
        {
          'Order ID': order.body._id,
          SKU: order.body.sku,
          Name: 'Dock order',
          Category: 'Accessories',
          Price: '49.5',
          Quantity: '2',
          Status: 'open',
          'Product ID': first.body._id,
          'Created at': order.body.createdAt,
          'Created at (Asia/Tokyo)': localDateTime(order.body.createdAt, zone.timeZone),
          'Updated at': order.body.updatedAt,
          'Updated at (Asia/Tokyo)': localDateTime(order.body.updatedAt, zone.timeZone),
        },
      ]);
      expect(orders[0]!['Created at (Asia/Tokyo)']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const badZone = await client.get('/api/orders/export?timeZone=Mars%2FOlympus');
      expectMessage(badZone, 400, MESSAGES.timeZoneInvalid);

      const movements = exportedRows(await client.get('/api/movements/export', { headers: { accept: 'text/csv' } }), 'movements', MOVEMENT_EXPORT_HEADER);
      const who = [me.name, me.email, ''];
      expect(
        movements.map((row) => [row['Product ID'], row.SKU, row.Product, row.Change, row['Quantity after'], row.Reason, row['Reason code'], row['Order ID'], row.By, row['By email'], row['API token']]),
      ).toEqual([
        [first.body._id, first.body.sku, 'Dock', '-2', '3', 'Order placed', 'order_placed', order.body._id, ...who],
        [second.body._id, second.body.sku, "'=SUM(1)", '20', '20', 'Product added', 'created', '', ...who],
        [first.body._id, first.body.sku, 'Dock', '5', '5', 'Product added', 'created', '', ...who],
      ]);
      expect(exportHeader(MOVEMENT_EXPORT_COLUMNS, { timeZone: 'UTC' })).toEqual(MOVEMENT_EXPORT_HEADER);
      expect(movements.every((row) => /^\d+$/.test(row['Movement ID']!) && !Number.isNaN(Date.parse(row['Created at']!)))).toBe(true);
    },
  },
  {
    name: 'exports: the products export imports back unchanged (its HTML column), and a description edited as text in the spreadsheet wins',
    async run(client) {
      await register(client, 'round');
      const rich = '<p>Fast &amp; <em>light</em></p><ul><li>USB-C</li></ul>';
      const made = await client.postForm<Product>(PRODUCTS, formOf({ name: 'Laptop, 14"', category: 'Laptops', price: '999.9', quantity: 4, reorderPoint: 1, description: rich }));
      expect(made.status).toBe(201);
      const before = await listProducts(client);
      const file = new TextDecoder().decode((await client.get(`${PRODUCTS}/export`)).bytes);
      const again = await client.postForm(IMPORT, importForm(file));
      expect({ status: again.status, body: again.body }).toEqual({ status: 200, body: { created: 0, updated: 1 } });
      expect(await listProducts(client)).toEqual(before);

      const edited = file.replace('"Fast & light\n• USB-C"', 'Now <b>bold</b>?');
      expect(edited).not.toBe(file);
      expect((await client.postForm(IMPORT, importForm(edited))).status).toBe(200);
      const [product] = await listProducts(client);
      expect(product!.description).toBe('<p>Now &lt;b&gt;bold&lt;/b&gt;?</p>');
    },
  },
];
