import { readFileSync } from 'node:fs';
import {
  type ImportCheck,
  type ImportErrorsAnswer,
  IMPORT_MESSAGES,
  type ImportResult,
  MESSAGES,
  type Movement,
  type NumberFormat,
  type Product,
} from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findStockMismatches } from '../src/ops/check-stock';
import { cookieHeader, register, startApp } from './support/app';
import { multipart } from './support/catalogue';
import { databases, type TestDatabase } from './support/databases';

/**
 * Issue 25's supplier files as they come, on each database: the committed files of fixtures/supplier-files (written
 * once by its make.mjs, never by a test) import with the right characters, numbers and matches, whatever their
 * encoding, delimiter, line endings, number format and headers; a second import of the same file creates nothing; a
 * dry run says how it read the file and which new rows are likely duplicates.
 */
const fixture = (name: string) => readFileSync(new URL(`./fixtures/supplier-files/${name}`, import.meta.url));

describe.each(databases)('supplier files on $name', (kind) => {
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
  };
  const importFile = async (name: string, query: { dryRun?: boolean; numberFormat?: NumberFormat } = {}) => {
    const body = await multipart(
      {},
      { field: 'file', fileName: name, type: name.endsWith('.txt') ? 'text/plain' : 'text/csv', bytes: fixture(name) },
    );
    const params = new URLSearchParams();
    if (query.dryRun) params.set('dryRun', '1');
    if (query.numberFormat) params.set('numberFormat', query.numberFormat);
    return app.inject({
      method: 'POST',
      url: `/api/products/import${params.size > 0 ? `?${params}` : ''}`,
      payload: body.payload,
      headers: { ...body.headers, ...cookieHeader(token) },
    });
  };
  const products = async () =>
    (await app.inject({ method: 'GET', url: '/api/products', headers: cookieHeader(token) }))
      .json<Product[]>()
      .sort((a, b) => a.sku.localeCompare(b.sku));
  const movementCount = async (list: Product[]) => {
    let count = 0;
    for (const product of list) {
      const answer = await app.inject({
        method: 'GET',
        url: `/api/products/${product._id}/movements?limit=100`,
        headers: cookieHeader(token),
      });
      count += answer.json<{ items: Movement[] }>().items.length;
    }
    return count;
  };

  /** Dry run, import, then the same file again: it updates (or leaves) every row and creates nothing. */
  async function importTwice(
    name: string,
    numberFormat: NumberFormat,
    read: Pick<ImportCheck, 'encoding' | 'delimiter'>,
    rows: number,
  ) {
    const dry = await importFile(name, { dryRun: true, numberFormat });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json<ImportCheck>()).toEqual({
      created: rows,
      updated: 0,
      ...read,
      numberFormat,
      likelyDuplicates: [],
      likelyDuplicateCount: 0,
      // What the file's categories become: categories.test.ts.
      categories: expect.any(Array),
      categoriesMapped: expect.any(Number),
      categoriesCreated: expect.any(Number),
    });
    expect(await products()).toEqual([]);
    const done = await importFile(name, { numberFormat });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<ImportResult>()).toEqual({ created: rows, updated: 0 });
    const first = await products();
    const movements = await movementCount(first);

    const again = await importFile(name, { numberFormat });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<ImportResult>()).toEqual({ created: 0, updated: rows });
    const second = await products();
    // Nothing changed: the same products, each at its version, and no movement.
    expect(second).toEqual(first);
    expect(await movementCount(second)).toBe(movements);
    expect(await findStockMismatches(app.db)).toEqual([]);
    return second;
  }

  const row = (p: Product) => [p.sku, p.name, p.category, p.price, p.quantity, p.reorderPoint];

  it('a distributor file in UTF-8 with a BOM, commas, CRLF and 1,299.00 prices', async () => {
    await freshStore();
    const list = await importTwice(
      'distributor-utf8-bom-crlf.csv',
      'point',
      { encoding: 'utf-8-bom', delimiter: ',' },
      12,
    );
    expect(list.map(row)).toEqual([
      ['CAB-4001', 'Câble USB-C vers USB-C 2 m – 100 W', 'Cables', 14.9, 150, 30],
      ['CAB-4002', 'HDMI 2.1 cable 3 m', 'Cables', 19.9, 80, 20],
      ['DOC-3001', 'Dell WD19S dock 130 W', 'Docks', 219, 15, 4],
      ['DOC-3002', 'Lenovo ThinkPad Universal USB-C Dock', 'Docks', 189, 9, 3],
      ['KEY-6001', 'Logitech MX Keys S – Clavier sans fil', 'Keyboards', 109, 18, 4],
      ['LAP-1001', 'Dell Latitude 5440 14" i5 16 GB', 'Laptops', 1299, 12, 3],
      ['LAP-1002', 'Lenovo ThinkPad T14 Gen 4', 'Laptops', 1449, 8, 2],
      ['LAP-1003', 'HP EliteBook 840 G10', 'Laptops', 1189.5, 5, 2],
      ['MON-2001', 'Dell P2723DE 27" QHD', 'Monitors', 389, 20, 5],
      ['MON-2002', 'LG 27UP850N 27" 4K', 'Monitors', 449.9, 7, 2],
      ['SSD-5001', 'Samsung 990 PRO 2 TB NVMe', 'SSDs', 179.99, 25, 5],
      ['SSD-5002', 'Crucial MX500 1 TB SATA', 'SSDs', 69.99, 40, 10],
    ]);
    expect(list.find((p) => p.sku === 'LAP-1002')?.description).toBe('14&quot; WUXGA, 16 GB, 512 GB');
  });

  it("a components distributor's file with part numbers and EANs and no SKUs: SKUs are made, the same file again finds each product by its EAN, else its part number", async () => {
    await freshStore();
    const list = await importTwice('components-ean-mpn-utf8-crlf.csv', 'point', { encoding: 'utf-8', delimiter: ',' }, 6);
    expect(
      list
        .map((p) => [p.name, p.category, p.price, p.quantity, p.reorderPoint, p.barcode, p.mpn])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ['Crucial MX500 1 TB SATA 2.5"', 'SSDs', 69.99, 30, 8, null, 'CT1000MX500SSD1'],
      ['Dell UltraSharp U2724D 27" QHD', 'Monitors', 449, 3, 1, '5884882712061', 'U2724D'],
      ['Lenovo ThinkPad Universal USB-C Dock', 'Docks', 189, 5, 2, '0195508967303', '40B00135'],
      ['Logitech MX Master 3S Performance Wireless Mouse', 'Mice', 99, 24, 6, '5099206103856', '910-006559'],
      ['Samsung 990 PRO 2 TB NVMe M.2', 'SSDs', 179.99, 12, 4, '8806090794582', 'MZ-V9P2T0BW'],
      ['StarTech USB-C to USB-C cable 2 m, 100 W', 'Cables', 14.9, 60, 15, '064048910417', 'SNA-C2C-2M'],
    ]);
    // The SKUs the store made follow SPEC.md's rule (the category's first three letters, a dash, a number).
    for (const product of list) expect(product.sku).toMatch(new RegExp(`^${product.category.slice(0, 3).toUpperCase()}-\\d+$`));
  });

  it('a warehouse list in UTF-16 LE with tabs, LF and $1,299.00 prices', async () => {
    await freshStore();
    const list = await importTwice('warehouse-utf16le-tab.txt', 'point', { encoding: 'utf-16le', delimiter: '\t' }, 8);
    expect(list.map(row)).toEqual([
      ['CAB-4101', 'Câble DisplayPort 1.4 – 2 m', 'Cables', 12.5, 60, 15],
      ['DOC-3101', 'CalDigit TS4 Thunderbolt 4 dock', 'Docks', 399.95, 5, 2],
      ['LAP-1101', 'Apple MacBook Air 13" M3 16 GB', 'Laptops', 1499, 6, 2],
      ['LAP-1102', 'ASUS ExpertBook B5', 'Laptops', 999, 4, 1],
      ['MON-2101', 'Écran Samsung ViewFinity S8 27"', 'Monitors', 529, 10, 3],
      ['MON-2102', 'BenQ GW2790 27" IPS', 'Monitors', 149.99, 22, 6],
      ['SSD-5101', 'WD Black SN850X 4 TB', 'SSDs', 2049, 3, 1],
      ['SSD-5102', 'Kingston KC3000 1 TB', 'SSDs', 84, 30, 8],
    ]);
  });

  it('a French file from Excel in Windows-1252 with semicolons, CRLF and 1.299,00 € prices', async () => {
    await freshStore();
    const list = await importTwice(
      'fournisseur-cp1252-semicolon.csv',
      'comma',
      { encoding: 'windows-1252', delimiter: ';' },
      7,
    );
    expect(list.map(row)).toEqual([
      ['CÂB-7101', 'Câble RJ45 Cat6a – 5 m', 'Câbles', 7.5, 200, 40],
      ['CÂB-7102', 'Câble USB-A vers USB-C – 1 m', 'Câbles', 5.9, 120, 30],
      ['DIS-7301', 'Disque SSD Samsung 870 EVO 2 To', 'Disques', 149.99, 14, 4],
      ['ÉCR-7001', 'Écran Dell UltraSharp U2724D 27"', 'Écrans', 1299, 4, 1],
      ['ÉCR-7002', 'Écran iiyama ProLite XUB2493HS', 'Écrans', 139.9, 25, 5],
      ['ORD-7401', 'Ordinateur portable Lenovo IdeaPad Slim 5', 'Ordinateurs', 1149, 7, 2],
      ['STA-7201', 'Station d’accueil HP USB-C G5', 'Stations', 1049, 6, 2],
    ]);
    expect(list.find((p) => p.sku === 'DIS-7301')?.description).toBe('SATA 2,5&quot;');
    expect(JSON.stringify(list)).not.toContain('\uFFFD');
  });

  it('without a number format, numbers are read as before: 1,299.00 is refused and nothing is written', async () => {
    await freshStore();
    const response = await importFile('distributor-utf8-bom-crlf.csv');
    expect(response.statusCode).toBe(422);
    const answer = response.json<ImportErrorsAnswer>();
    expect(answer.errors.slice(0, 1)).toEqual([
      { row: 2, column: 'Unit Price', message: MESSAGES.priceThousandsSeparator },
    ]);
    // In the wrong format, every price is named with the format the user chose.
    const wrong = await importFile('fournisseur-cp1252-semicolon.csv', { numberFormat: 'point' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<ImportErrorsAnswer>().errors[0]).toEqual({
      row: 2,
      column: 'Prix de vente',
      message: 'Not a number written as 1,299.00: check the number format chosen for the file',
    });
    expect(await products()).toEqual([]);
  });

  it('a file that breaks its UTF-16 BOM is refused with 422, never read with replacement characters', async () => {
    await freshStore();
    const text = Buffer.from('Name\tCategory\tPrice\tQuantity\nDock\tDocks\t1\t1\n', 'utf16le');
    const broken = Buffer.concat([Buffer.from([0xff, 0xfe]), text, Buffer.from([0x00, 0xd8, 0x41, 0x00, 0x0a, 0x00])]);
    const body = await multipart({}, { field: 'file', fileName: 'broken.csv', type: 'text/csv', bytes: broken });
    const response = await app.inject({
      method: 'POST',
      url: '/api/products/import',
      payload: body.payload,
      headers: { ...body.headers, ...cookieHeader(token) },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<ImportErrorsAnswer>().message).toBe(IMPORT_MESSAGES.notInEncoding('UTF-16 LE'));
    expect(await products()).toEqual([]);
  });

  it("the next supplier's file: SKUs match whatever their case, names the store has under another SKU are likely duplicates", async () => {
    await freshStore();
    expect((await importFile('distributor-utf8-bom-crlf.csv', { numberFormat: 'point' })).statusCode).toBe(200);
    const dry = await importFile('next-supplier-utf8-lf.csv', { dryRun: true, numberFormat: 'point' });
    expect(dry.json<ImportCheck>()).toEqual({
      created: 3,
      updated: 1,
      encoding: 'utf-8',
      delimiter: ',',
      numberFormat: 'point',
      likelyDuplicates: [
        { row: 2, name: 'Dell Latitude 5440 14" i5 16 GB', sku: 'LAP-1001' },
        { row: 3, name: 'samsung 990 pro 2 tb nvme', sku: 'SSD-5001' },
      ],
      likelyDuplicateCount: 2,
      // Each of its categories is one the store has, spelled alike.
      categories: [],
      categoriesMapped: 0,
      categoriesCreated: 0,
    });
    const done = await importFile('next-supplier-utf8-lf.csv', { numberFormat: 'point' });
    expect(done.json<ImportResult>()).toEqual({ created: 3, updated: 1 });
    const list = await products();
    expect(list).toHaveLength(15);
    // "mon-2001" updated the store's MON-2001, which keeps its SKU as it was.
    expect(list.filter((p) => p.sku.toLowerCase() === 'mon-2001').map(row)).toEqual([
      ['MON-2001', 'Dell P2723DE 27" QHD', 'Monitors', 379, 18, 5],
    ]);
  });
});
