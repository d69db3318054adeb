import { exportHeader, MESSAGES, MOVEMENT_EXPORT_HEADER, ORDER_EXPORT_HEADER, ORDER_EXPORT_COLUMNS, PRODUCT_EXPORT_HEADER, type Product } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findStockMismatches } from '../src/ops/check-stock';
import { cookieHeader, register, startApp } from './support/app';
import { catalogueCsv, multipart, sendForm } from './support/catalogue';
import { databases, type TestDatabase } from './support/databases';

/**
 * The CSV exports on each database: attachments a spreadsheet opens as UTF-8, formula cells neutralized, export →
 * import giving back the identical catalogue (the description as text and as HTML), local times in the zone asked for,
 * who made each movement. The 100,000-product export in flat memory is in list-stream.test.ts, beside the list of
 * the same products from a server with a small heap.
 */
describe.each(databases)('CSV export on $name', (kind) => {
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

  const owner = async () => (await register(app)).token!;
  const get = (token: string, url: string) => app.inject({ method: 'GET', url, headers: cookieHeader(token) });
  const importCsv = async (token: string, csv: string) => {
    const body = await multipart(
      {},
      { field: 'file', fileName: 'catalogue.csv', type: 'text/csv', bytes: Buffer.from(csv) },
    );
    return app.inject({
      method: 'POST',
      url: '/api/products/import',
      payload: body.payload,
      headers: { ...body.headers, ...cookieHeader(token) },
    });
  };
  /** What makes a product the same product in another store: everything but ids, times and who. */
  const catalogue = async (token: string) =>
    (await get(token, '/api/products'))
      .json<Product[]>()
      .map((p) => ({
        sku: p.sku,
        name: p.name,
        category: p.category,
        price: p.price,
        quantity: p.quantity,
        reorderPoint: p.reorderPoint,
        description: p.description,
      }))
      .sort((a, b) => a.sku.localeCompare(b.sku));

  it('answers a UTF-8 CSV attachment with a BOM and the header the import maps by itself', async () => {
    const token = await owner();
    const row = { sku: 'LAP-1', name: 'Café crème', category: 'Laptops', price: '12.5', quantity: '3', reorderPoint: '2' };
    await importCsv(token, catalogueCsv([{ ...row, description: '"<p>Hi, <strong>you</strong> &amp; me</p>"' }]));
    const response = await get(token, '/api/products/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    // The description as text (quoted: it holds a comma), its HTML beside it; numbers plain.
    expect(response.body).toBe(
      `\uFEFF${PRODUCT_EXPORT_HEADER.join(',')}\r\nLAP-1,Café crème,Laptops,12.5,3,2,"Hi, you & me","<p>Hi, <strong>you</strong> &amp; me</p>",,,\r\n`,
    );
  });

  it('dates the file name and the local-time columns in the zone asked for, and refuses an unknown zone', async () => {
    const token = await owner();
    await importCsv(token, catalogueCsv([{ sku: 'LAP-1', name: 'A', category: 'Laptops', price: '1', quantity: '1' }]));
    const orders = await get(token, '/api/orders/export?timeZone=Asia%2FTokyo');
    expect(orders.statusCode).toBe(200);
    expect(orders.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(exportHeader(ORDER_EXPORT_COLUMNS, { timeZone: 'Asia/Tokyo' }).join(','));
    const movements = await get(token, '/api/movements/export?timeZone=Asia%2FTokyo');
    const [header, line] = movements.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header!.endsWith(',Created at,Created at (Asia/Tokyo)')).toBe(true);
    const [utc, tokyo] = line!.split(',').slice(-2);
    // Tokyo is UTC+9 all year.
    const expected = new Date(Date.parse(utc!) + 9 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(tokyo).toBe(expected);
    const day = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
    expect(movements.headers['content-disposition']).toMatch(new RegExp(`filename="movements-(${day}|\\d{4}-\\d{2}-\\d{2})\\.csv"`));
    for (const url of ['/api/products/export?timeZone=Mars%2FOlympus', '/api/orders/export?timeZone=..%2Fetc', '/api/movements/export?zone=UTC']) {
      const refused = await get(token, url);
      expect(refused.statusCode, url).toBe(400);
      if (url.includes('timeZone')) expect(refused.json()).toEqual({ message: MESSAGES.timeZoneInvalid });
    }
  });

  it('neutralizes cells a spreadsheet would run as formulas', async () => {
    const token = await owner();
    // (A leading tab or carriage return cannot reach a name: names are trimmed. contract/test/csv.test.ts has them.)
    const names = ['=HYPERLINK("http://evil")', '+SUM(1)', '-2+3', '@cmd', "'Quoted", 'Plain, with comma'];
    const csv = catalogueCsv(
      names.map((name, i) => ({ sku: `LAP-${i + 1}`, name: `"${name.replaceAll('"', '""')}"`, category: 'Laptops', price: '1', quantity: '1' })),
    );
    expect((await importCsv(token, csv)).statusCode).toBe(200);
    const body = (await get(token, '/api/products/export')).body;
    for (const line of body.split('\r\n').slice(1, -1)) expect(line.split(',')[1]).not.toMatch(/^[=+\-@\t\r]/);
    expect(body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(body).toContain(",'+SUM(1),");
    expect(body).toContain(",'-2+3,");
    expect(body).toContain(",'@cmd,");
    expect(body).toContain(",''Quoted,");
    expect(body).toContain(',"Plain, with comma",');
  });

  it('export → import into another store gives back the identical catalogue', async () => {
    const first = await owner();
    await sendForm(app, 'POST', '/api/products', first, {
      name: 'Editor product',
      category: 'Monitors',
      price: '199.99',
      quantity: '0',
      reorderPoint: '3',
      description: '<p><strong>Bold</strong>, <em>commas</em> and "quotes"</p><ul><li>one</li><li>two</li></ul>',
    });
    const tricky = catalogueCsv([
      { sku: 'LAP-1', name: '=1+2', category: 'Laptops', price: '1299.99', quantity: '3', reorderPoint: '5', description: '"<p>line one</p>\n<p>line two</p>"' },
      { sku: 'LAP-2', name: '-5 dB cable', category: 'Laptops', price: '0.5', quantity: '0' },
      { sku: 'LAP-3', name: '"""Quoted"" name; semi"', category: 'Laptops', price: '10', quantity: '7', reorderPoint: '0' },
      { sku: 'LAP-4', name: "'apostrophe", category: 'Laptops', price: '2', quantity: '1', description: '<p>=not a formula</p>' },
    ]);
    expect((await importCsv(first, tricky)).statusCode).toBe(200);
    const exported = (await get(first, '/api/products/export')).body;

    const second = await owner();
    const response = await importCsv(second, exported);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ created: 5, updated: 0 });
    expect(await catalogue(second)).toEqual(await catalogue(first));
    // And once more into the same store: every row names an existing product and nothing changes.
    const again = await importCsv(second, (await get(second, '/api/products/export')).body);
    expect(again.json()).toEqual({ created: 0, updated: 5 });
    expect(await catalogue(second)).toEqual(await catalogue(first));
    expect(await findStockMismatches(app.db)).toEqual([]);
  });

  it('exports orders and stock movements of the active store', async () => {
    const token = await owner();
    await importCsv(token, catalogueCsv([{ sku: 'LAP-1', name: '=Laptop', category: 'Laptops', price: '10', quantity: '5' }]));
    const [product] = (await get(token, '/api/products')).json<Product[]>();
    const order = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: cookieHeader(token),
      payload: { name: '@Order', category: 'Laptops', price: 10, quantity: 2, productId: product!._id },
    });
    expect(order.statusCode).toBe(201);

    const orders = await get(token, '/api/orders/export');
    expect(orders.headers['content-disposition']).toMatch(/filename="orders-\d{4}-\d{2}-\d{2}\.csv"/);
    const [orderHeader, orderLine] = orders.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(orderHeader).toBe(ORDER_EXPORT_HEADER.join(','));
    expect(orderHeader).toBe(
      'Order ID,SKU,Name,Category,Price,Quantity,Status,Product ID,Created at,Created at (UTC),Updated at,Updated at (UTC)',
    );
    expect(orderLine).toContain(`,'@Order,Laptops,10,2,open,${product!._id},`);

    const movements = await get(token, '/api/movements/export');
    expect(movements.headers['content-disposition']).toMatch(/filename="movements-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = movements.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(MOVEMENT_EXPORT_HEADER.join(','));
    // Newest first; a negative change stays a number; the reason readable beside its code; who, by name and email.
    const { email } = (await get(token, '/api/users/getuser')).json<{ email: string }>();
    expect(lines[1]).toContain(
      `,${product!._id},LAP-1,'=Laptop,-2,3,Order placed,order_placed,${order.json<{ _id: string }>()._id},Ada Lovelace,${email},,`,
    );
    expect(lines[2]).toContain(`,${product!._id},LAP-1,'=Laptop,5,5,Import,import,,Ada Lovelace,${email},,`);
    expect(lines).toHaveLength(4);
  });
});
