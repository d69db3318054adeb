import {
  type ImportErrorsAnswer,
  type ImportResult,
  MESSAGES,
  type Movement,
  type Product,
  type StoreListItem,
} from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompiledQuery, sql } from 'kysely';
import { ROWS_PER_LOOKUP } from '../src/features/import-export/parse';
import { ANALYZE_AFTER_ROWS } from '../src/features/import-export/service';
import { productsBySku } from '../src/features/import-export/sku-lookup';
import { findStockMismatches } from '../src/ops/check-stock';
import { cookieHeader, register, startApp } from './support/app';
import { multipart } from './support/catalogue';
import { databases, type TestDatabase } from './support/databases';

/**
 * POST /api/products/import on each database: a corpus of good and bad files, all or nothing, update by SKU with
 * `import` movements, dry runs, the size limit, and the ledger still adding up afterwards.
 */
const HEADER = 'SKU,Name,Category,Price,Quantity,Reorder point,Description';
/** A large file for the unit suite: five and a half lookup batches, so every kind of batch ends mid-file. */
const LARGE = 5 * ROWS_PER_LOOKUP + 500;

describe.each(databases)('CSV import on $name', (kind) => {
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

  /** A new owner with an empty store for each test. */
  const freshStore = async () => {
    token = (await register(app)).token!;
    return (await app.inject({ method: 'GET', url: '/api/stores', headers: cookieHeader(token) })).json<
      StoreListItem[]
    >()[0]!._id;
  };

  const importCsv = async (
    csv: string | Buffer,
    options: { mapping?: unknown; dryRun?: boolean; type?: string; fileName?: string } = {},
  ) => {
    const fields: Record<string, string> =
      options.mapping === undefined
        ? {}
        : { mapping: typeof options.mapping === 'string' ? options.mapping : JSON.stringify(options.mapping) };
    const body = await multipart(fields, {
      field: 'file',
      fileName: options.fileName ?? 'catalogue.csv',
      type: options.type ?? 'text/csv',
      bytes: typeof csv === 'string' ? Buffer.from(csv) : csv,
    });
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
  const movements = async (id: string) =>
    (
      await app.inject({ method: 'GET', url: `/api/products/${id}/movements?limit=100`, headers: cookieHeader(token) })
    ).json<{ items: Movement[] }>().items;
  const summary = async () =>
    (await app.inject({ method: 'GET', url: '/api/products/summary', headers: cookieHeader(token) })).json<
      Record<string, unknown>
    >();

  it('imports a plain file: products created with their opening movement, figures exact', async () => {
    await freshStore();
    const response = await importCsv(
      `${HEADER}\r\nLAP-1,ThinkPad X1,Laptops,1299.99,3,5,<p>Fast</p>\r\nMON-2,Dell U2720Q,Monitors,499.5,0,,\r\n`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ImportResult>()).toEqual({ created: 2, updated: 0 });
    const list = await products();
    expect(list.map((p) => [p.sku, p.name, p.category, p.price, p.quantity, p.reorderPoint, p.description])).toEqual([
      ['LAP-1', 'ThinkPad X1', 'Laptops', 1299.99, 3, 5, '<p>Fast</p>'],
      ['MON-2', 'Dell U2720Q', 'Monitors', 499.5, 0, null, ''],
    ]);
    expect((await movements(list[0]!._id)).map((m) => [m.reason, m.change, m.quantityAfter])).toEqual([
      ['import', 3, 3],
    ]);
    expect(await summary()).toMatchObject({ totalProducts: 2, outOfStock: 1 });
    expect(await findStockMismatches(app.db)).toEqual([]);
  });

  it("lists an import's new products by creation time in the file's order, newest first its last row", async () => {
    await freshStore();
    const names = ['Zeta', 'Alpha', 'Mid', 'Beta', 'Omega', 'Gamma', 'Delta'];
    const csv = `${HEADER}\n${names.map((name, i) => `LAP-${i + 1},${name},Laptops,1,1,,`).join('\n')}\n`;
    expect((await importCsv(csv)).statusCode).toBe(200);
    const page = async (dir: 'asc' | 'desc') =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/products?limit=10&sort=createdAt&dir=${dir}`,
          headers: cookieHeader(token),
        })
      )
        .json<{ items: Product[] }>()
        .items.map((p) => p.name);
    expect(await page('asc')).toEqual(names);
    expect(await page('desc')).toEqual([...names].reverse());
  });

  it('reads a BOM, semicolons, quoted fields with delimiters, quotes and line breaks, and CRLF or LF', async () => {
    await freshStore();
    const csv =
      '\uFEFFsku;name;category;price;quantity;description\n"LAP-7";"Desk; ""Pro"" edition";Laptops;10;1;"<p>line one</p>\n<p>line two, with comma</p>"\n';
    const response = await importCsv(csv);
    expect(response.statusCode, response.body).toBe(200);
    const [product] = await products();
    expect(product).toMatchObject({
      sku: 'LAP-7',
      name: 'Desk; "Pro" edition',
      description: '<p>line one</p>\n<p>line two, with comma</p>',
    });
  });

  it('maps headers by the given mapping, and makes SKUs for rows without one', async () => {
    await freshStore();
    const response = await importCsv('Title,Kind,Cost,Stock\nMouse,Mice,9.99,12\nPad,Mice,2,0\n', {
      mapping: { name: 'Title', category: 'Kind', price: 'Cost', quantity: 'Stock' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const list = await products();
    expect(list).toHaveLength(2);
    for (const product of list) expect(product.sku).toMatch(/^MIC-\d+$/);
    expect(new Set(list.map((p) => p.sku)).size).toBe(2);
  });

  it('answers 422 with every failing cell by row and column, and writes nothing', async () => {
    await freshStore();
    const csv = [
      HEADER,
      'LAP-1,Good,Laptops,1,1,,',
      'LAP-2,,Laptops,abc,1,,',
      'LAP-3,Bad qty,Laptops,1,-4,,',
      'LAP-1,Twin,Laptops,1,1,,',
      'LAP-5,Cents,Laptops,1.234,1,,',
    ].join('\n');
    const response = await importCsv(csv);
    expect(response.statusCode).toBe(422);
    const answer = response.json<ImportErrorsAnswer>();
    expect(answer.errors).toEqual([
      { row: 3, column: 'Name', message: MESSAGES.nameRequired },
      { row: 3, column: 'Price', message: expect.any(String) },
      { row: 4, column: 'Quantity', message: expect.any(String) },
      { row: 5, column: 'SKU', message: 'SKU is already used by row 2 of this file' },
      { row: 6, column: 'Price', message: expect.any(String) },
    ]);
    expect(answer.message).toMatch(/^5 errors/);
    expect(await products()).toEqual([]);
  });

  it('answers 422 for a NUL character in a cell past the first bytes (no database stores it), and writes nothing', async () => {
    await freshStore();
    const rows = Array.from({ length: 200 }, (_, i) => `LAP-${i + 1},Laptop ${i + 1},Laptops,1,1,,<p>Row ${i + 1}</p>`);
    rows[149] = 'LAP-150,Lap\u0000top,Laptops,1,1,,<p>Row 150</p>';
    rows[169] = 'LAP-170,Laptop 170,Laptops,1,1,,<p>Ro\u0000w</p>';
    const response = await importCsv([HEADER, ...rows].join('\n'));
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json<ImportErrorsAnswer>().errors).toEqual([
      { row: 151, column: 'Name', message: expect.stringMatching(/NUL/) },
      { row: 171, column: 'Description', message: expect.stringMatching(/NUL/) },
    ]);
    expect(await products()).toEqual([]);
  });

  it('names missing required columns', async () => {
    await freshStore();
    const response = await importCsv('SKU,Name\nLAP-1,ThinkPad\n');
    expect(response.statusCode).toBe(422);
    expect(response.json<ImportErrorsAnswer>().message).toBe('The file has no column for: Category, Price, Quantity');
    const mapped = await importCsv('A,B,C,D\n', {
      mapping: { name: 'A', category: 'B', price: 'C', quantity: 'Nope' },
    });
    expect(mapped.statusCode).toBe(422);
    expect(mapped.json<ImportErrorsAnswer>().errors).toContainEqual({
      row: 1,
      column: 'Nope',
      message: 'The file has no column "Nope"',
    });
  });

  it('refuses a missing file, a file that is not CSV, and a bad mapping with 400', async () => {
    await freshStore();
    const noFile = await multipart({ mapping: '{}' });
    const missing = await app.inject({
      method: 'POST',
      url: '/api/products/import',
      payload: noFile.payload,
      headers: { ...noFile.headers, ...cookieHeader(token) },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toMatch(/CSV file/);
    expect(
      (await importCsv(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), { type: 'image/png', fileName: 'x.png' }))
        .statusCode,
    ).toBe(400);
    expect((await importCsv(`${HEADER}\n`, { mapping: 'not json' })).statusCode).toBe(400);
    expect((await importCsv(`${HEADER}\n`, { mapping: { colour: 'Colour' } })).statusCode).toBe(400);
  });

  it('updates products by SKU: an import movement of the difference, quantity_after right, unchanged rows untouched', async () => {
    await freshStore();
    await importCsv(
      `${HEADER}\nLAP-1,ThinkPad,Laptops,100,10,,\nLAP-2,Latitude,Laptops,200,5,,\nLAP-3,Spare,Laptops,1,1,,\n`,
    );
    const before = await products();
    const response = await importCsv(
      `SKU,Name,Category,Price,Quantity\nLAP-1,ThinkPad Gen 2,Laptops,110,4\nLAP-2,Latitude,Laptops,200,5\nLAP-9,New one,Laptops,3,2\n`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ImportResult>()).toEqual({ created: 1, updated: 2 });
    const after = await products();
    expect(after.map((p) => [p.sku, p.name, p.price, p.quantity])).toEqual([
      ['LAP-1', 'ThinkPad Gen 2', 110, 4],
      ['LAP-2', 'Latitude', 200, 5],
      ['LAP-3', 'Spare', 1, 1],
      ['LAP-9', 'New one', 3, 2],
    ]);
    expect(after[0]!._id).toBe(before[0]!._id);
    expect((await movements(after[0]!._id)).map((m) => [m.reason, m.change, m.quantityAfter])).toEqual([
      ['import', -6, 4],
      ['import', 10, 10],
    ]);
    // The unchanged row keeps its version (ETag) and gets no movement.
    expect(after[1]!.updatedAt).toBe(before[1]!.updatedAt);
    expect(await movements(after[1]!._id)).toHaveLength(1);
    expect(await findStockMismatches(app.db)).toEqual([]);
    expect(await summary()).toMatchObject({ totalProducts: 4, totalStoreValue: 110 * 4 + 200 * 5 + 1 + 6 });
  });

  it('a dry run answers the counts and writes nothing', async () => {
    await freshStore();
    await importCsv(`${HEADER}\nLAP-1,ThinkPad,Laptops,100,10,,\n`);
    const response = await importCsv(`${HEADER}\nLAP-1,ThinkPad,Laptops,100,99,,\nLAP-2,Other,Laptops,1,1,,\n`, {
      dryRun: true,
    });
    expect(response.json<ImportResult>()).toEqual({
      created: 1,
      updated: 1,
      encoding: 'utf-8',
      delimiter: ',',
      numberFormat: null,
      likelyDuplicates: [],
      likelyDuplicateCount: 0,
      categories: [],
      categoriesMapped: 0,
      categoriesCreated: 0,
    });
    expect((await products()).map((p) => [p.sku, p.quantity])).toEqual([['LAP-1', 10]]);
  });

  it('tells updates from new products by SKU in every batch of lookups, and finds them through an index', async () => {
    const storeId = await freshStore();
    // Laptops' SKUs, then moved to Monitors.
    await importCsv(`${HEADER}\nLAP-1,One,Laptops,1,1,,\nLAP-2,Two,Laptops,1,1,,\n`);
    const lines = [HEADER];
    for (let i = 1; i <= 2 * ROWS_PER_LOOKUP + 500; i += 1) lines.push(`MON-${i},Monitor ${i},Monitors,1,1,,`);
    lines[ROWS_PER_LOOKUP + 10] = 'LAP-1,One moved,Monitors,1,2,,';
    lines[2 * ROWS_PER_LOOKUP + 400] = 'LAP-2,Two moved,Monitors,1,3,,';
    const file = `${lines.join('\n')}\n`;
    const dry = await importCsv(file, { dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json<ImportResult>()).toMatchObject({ created: 2 * ROWS_PER_LOOKUP + 498, updated: 2 });
    const done = await importCsv(file);
    expect(done.json<ImportResult>()).toEqual({ created: 2 * ROWS_PER_LOOKUP + 498, updated: 2 });
    const moved = (await products()).filter((p) => p.sku.startsWith('LAP-'));
    expect(moved.map((p) => [p.sku, p.name, p.category, p.quantity])).toEqual([
      ['LAP-1', 'One moved', 'Monitors', 2],
      ['LAP-2', 'Two moved', 'Monitors', 3],
    ]);
    // A SKU of another store is not this store's: it makes a new product here (any SKU is one, 0030).
    await freshStore();
    const other = await importCsv(`${HEADER}\nLAP-1,One,Monitors,1,1,,\n`);
    expect(other.json<ImportResult>()).toEqual({ created: 1, updated: 0 });

    // The lookup reads the SKUs' index entries, never the store's every row.
    const lookup = productsBySku(app.db, storeId, ['lap-1', 'lap-2']).select('sku').compile();
    const plan = await app.db.transaction().execute(async (trx) => {
      // PostgreSQL would scan a table this small whatever its indexes; it must have an index it can use.
      if (kind.name === 'postgres') await sql`set local enable_seqscan = off`.execute(trx);
      const explain = kind.name === 'postgres' ? 'explain' : 'explain query plan';
      const { rows } = await trx.executeQuery<Record<string, string>>({ ...lookup, sql: `${explain} ${lookup.sql}` });
      return rows.map((row) => row['QUERY PLAN'] ?? row.detail).join('\n');
    });
    // By the lowered SKU's B-tree (PostgreSQL's trigram index could answer too, but a SKU's trigrams such as "000"
    // are in most rows of a big store).
    expect(plan).toMatch(
      kind.name === 'postgres'
        ? /products_store_sku_unique_idx[\s\S]*Index Cond: .*lower.*sku.*= ANY/
        : /USING (COVERING )?INDEX products_store_sku_key_idx \(store_id=\? AND <expr>=\?\)/,
    );
  });

  it.runIf(kind.name === 'postgres')(
    "refreshes PostgreSQL's statistics after a large import, and never looks SKUs up through the trigram index",
    async () => {
      const file = (rows: number) =>
        `${HEADER}\n${Array.from({ length: rows }, (_, i) => `LAP-${i + 1},Laptop ${i},Laptops,1,1,,`).join('\n')}\n`;
      // Statistics that know the table's other stores (as autovacuum left them), and not yet the new one.
      await freshStore();
      expect((await importCsv(file(10_000))).statusCode).toBe(200);
      await app.backgroundJobs.settled();
      await sql`analyze products`.execute(app.db);
      const storeId = await freshStore();
      expect((await importCsv(file(ANALYZE_AFTER_ROWS + 500))).statusCode).toBe(200);
      await app.backgroundJobs.settled();
      const explain = async (query: CompiledQuery) =>
        (await app.db.executeQuery<Record<string, string>>({ ...query, sql: `explain ${query.sql}` })).rows
          .map((row) => row['QUERY PLAN'])
          .join('\n');
      // The planner knows the store's size: without the refresh it counted as one row, and the next import's lookups
      // read its every row, filtering them by SKU.
      const storeRows = await explain(
        app.db.selectFrom('products').select('id').where('store_id', '=', storeId).compile(),
      );
      expect(Number(/rows=(\d+)/.exec(storeRows)?.[1])).toBeGreaterThan(ANALYZE_AFTER_ROWS);
      // A lookup as the import makes them, a thousand SKUs, is never answered from the SKU's trigram index, which
      // PostgreSQL estimated cheap and took 6 s over (the trigrams of "LAP-1" are in most of the store's SKUs).
      const skus = Array.from({ length: ROWS_PER_LOOKUP }, (_, i) => `LAP-${i + 1}`);
      expect(await explain(productsBySku(app.db, storeId, skus).select('sku').compile())).not.toMatch(/trgm/);
    },
  );

  it('reverses the CSV-injection guard on import', async () => {
    await freshStore();
    const response = await importCsv(
      `${HEADER}\nLAP-1,'=HYPERLINK(x),Laptops,1,1,,\nLAP-2,''quoted,Laptops,1,1,,\nLAP-3,'plain,Laptops,1,1,,\n`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((await products()).map((p) => p.name)).toEqual(['=HYPERLINK(x)', "'quoted", "'plain"]);
  });

  // Past every batch boundary (lookups of ROWS_PER_LOOKUP, statements of 500 and 1,000 rows) several times over, with
  // a last batch left partial; the 50,000-row import and its time budget are `npm run bench` (BENCH_ONLY=import).
  it(`imports ${LARGE.toLocaleString('en')} rows in one go, and a bad row in the last batch leaves the database as it was`, async () => {
    const storeId = await freshStore();
    const rows = (bad: number | null) => {
      const lines = [HEADER];
      for (let i = 1; i <= LARGE; i += 1)
        lines.push(
          `LAP-${i},Laptop ${i},Laptops,${(i % 1000) + 0.5},${i % 40},${i % 3 === 0 ? 5 : ''},${i === bad ? '' : ''}`,
        );
      if (bad !== null) lines[bad - 1] = `LAP-${bad - 1},Laptop,Laptops,not a price,1,,`;
      return `${lines.join('\n')}\n`;
    };
    const failed = await importCsv(rows(LARGE - 1));
    expect(failed.statusCode).toBe(422);
    expect(failed.json<ImportErrorsAnswer>().errors).toEqual([
      { row: LARGE - 1, column: 'Price', message: expect.any(String) },
    ]);
    expect(await summary()).toMatchObject({ totalProducts: 0 });
    expect(
      await app.db.selectFrom('stock_movements').select('id').where('store_id', '=', storeId).limit(1).execute(),
    ).toEqual([]);

    const started = performance.now();
    const response = await importCsv(rows(null));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ImportResult>()).toEqual({ created: LARGE, updated: 0 });
    console.info(`${LARGE}-row import on ${kind.name}: ${Math.round(performance.now() - started)} ms`);
    expect(await summary()).toMatchObject({ totalProducts: LARGE });
    expect(await findStockMismatches(app.db)).toEqual([]);
    // Written a batch at a time, the new products' ids still ascend in the file's order across every batch.
    const byId = await app.db
      .selectFrom('products')
      .select('sku')
      .where('store_id', '=', storeId)
      .orderBy('id')
      .execute();
    expect(byId.map((row) => row.sku)).toEqual(Array.from({ length: LARGE }, (_, i) => `LAP-${i + 1}`));

    // The same file again with every quantity changed: an update each, each an import movement.
    const again = await importCsv(
      rows(null).replace(/,(\d+),(5?),\n/g, (_m, q: string, r: string) => `,${Number(q) + 1},${r},\n`),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<ImportResult>()).toEqual({ created: 0, updated: LARGE });
    expect(await findStockMismatches(app.db)).toEqual([]);
  }, 120_000);
});

describe.each(databases)('the import size limit on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database, { IMPORT_MAX_BYTES: '1000' });
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  it('answers 413 with a message for a file over IMPORT_MAX_BYTES, and writes nothing', async () => {
    const token = (await register(app)).token!;
    const big = `${HEADER}\n${Array.from({ length: 100 }, (_, i) => `LAP-${i},Laptop ${i},Laptops,1,1,,`).join('\n')}\n`;
    const body = await multipart({}, { field: 'file', fileName: 'big.csv', type: 'text/csv', bytes: Buffer.from(big) });
    const response = await app.inject({
      method: 'POST',
      url: '/api/products/import',
      payload: body.payload,
      headers: { ...body.headers, ...cookieHeader(token) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json<{ message: string }>().message).toMatch(/larger than/);
    expect(
      (await app.inject({ method: 'GET', url: '/api/products', headers: cookieHeader(token) })).json<Product[]>(),
    ).toEqual([]);
  });
});
