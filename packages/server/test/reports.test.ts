import { compareSalesRows, type Order, type Product, type PurchaseOrder, type ReceivablesReport, type SalesReport, type StockValueReport, type Supplier, type TaxReport } from '@inventory/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, register, startApp } from './support/app';
import { multipart, PRODUCT_FIELDS } from './support/catalogue';
import { databases, type TestDatabase } from './support/databases';
import { call, joinAs, memoryMailer } from './support/team';

const json = <T>(response: LightMyRequestResponse, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json<T>();
};
const today = new Date().toISOString().slice(0, 10);
const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const nextYear = `${Number(today.slice(0, 4)) + 1}-12-31`;

/**
 * Bill Reports (0045): after orders, edits, cancels, returns, receipts and a price change, every figure a report
 * answers equals the same figure computed by a plain query over the rows; the cost of a sale is the cost recorded
 * when it moved, never today's. Taxes collected, receivables by age, stock value at a past date, CSV, 400s and roles.
 */
describe.each(databases)('bill reports on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const mailer = memoryMailer();
  let owner: string;
  let headers: Record<string, string>;
  let laptopId = '';

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database, {}, { mailer });
    owner = (await register(app, { name: 'Olivia Owner' })).token!;
    headers = cookieHeader(owner);
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const product = async (fields: Record<string, string>) => {
    const body = await multipart({ ...PRODUCT_FIELDS, quantity: '0', ...fields });
    return json<Product>(await app.inject({ method: 'POST', url: '/api/products', payload: body.payload, headers: { ...body.headers, ...headers } }), 201);
  };
  const receive = async (supplierId: string, productId: string, quantity: number, unitCost: number) => {
    const draft = json<PurchaseOrder>(await call(app, 'POST', '/api/purchase-orders', headers, { supplierId, lines: [{ productId, quantity, unitCost }] }), 201);
    json(await call(app, 'POST', `/api/purchase-orders/${draft._id}/status`, headers, { status: 'ordered' }));
    json(await call(app, 'POST', `/api/purchase-orders/${draft._id}/receipts`, headers, { lines: [{ lineId: draft.lines![0]!._id, quantity }] }), 201);
  };
  const report = async <T>(path: string) => json<T>(await call(app, 'GET', path, headers));
  const num = (value: unknown) => Number(value ?? 0);

  it("keeps every sales figure equal to a plain query over the rows, each sale at the cost recorded when it moved", async () => {
    const standard = json<{ _id: string }>(await call(app, 'POST', '/api/tax-rates', headers, { name: 'Standard', percent: 20, isDefault: true }), 201)._id;
    const reduced = json<{ _id: string }>(await call(app, 'POST', '/api/tax-rates', headers, { name: 'Reduced', percent: 5.5 }), 201)._id;
    const ada = json<{ _id: string }>(await call(app, 'POST', '/api/customers', headers, { name: 'Ada Lovelace', email: 'ada@example.com' }), 201)._id;
    const alan = json<{ _id: string }>(await call(app, 'POST', '/api/customers', headers, { name: 'Alan Turing', email: 'alan@example.com' }), 201)._id;
    const acme = json<Supplier>(await call(app, 'POST', '/api/suppliers', headers, { name: 'Acme', email: 'acme@example.com' }), 201)._id;
    const laptop = await product({ name: 'Laptop', category: 'Laptops', price: '1000' });
    const dock = await product({ name: 'USB-C dock', category: 'Accessories', price: '150' });
    laptopId = laptop._id;
    await receive(acme, laptop._id, 10, 600);
    await receive(acme, dock._id, 10, 80);

    // Ada: 2 laptops at 10 % off, a dock at the reduced rate, gift wrap as free text.
    const first = json<Order>(await call(app, 'POST', '/api/orders', headers, { customerId: ada, lines: [
      { productId: laptop._id, quantity: 2, unitPrice: 1000, discountPercent: 10, taxRateId: standard },
      { productId: dock._id, quantity: 1, unitPrice: 149.99, taxRateId: reduced },
      { description: 'Gift wrap', quantity: 1, unitPrice: 2.5 },
    ] }), 201);
    // The laptop's cost moves: (8 × 600 + 4 × 690) / 12 = 630. The first order's laptops stay at 600.
    await receive(acme, laptop._id, 4, 690);
    const second = json<Order>(await call(app, 'POST', '/api/orders', headers, { customerId: alan, lines: [{ productId: laptop._id, quantity: 1, unitPrice: 1100 }] }), 201);
    // Ada's order edited: a third laptop (at today's 630), the dock line kept.
    const lines = first.lines!;
    json(await call(app, 'PATCH', `/api/orders/${first._id}`, { ...headers, 'if-match': '"1"' }, { lines: [
      { lineId: lines[0]!._id, productId: laptop._id, quantity: 3, unitPrice: 1000, discountPercent: 10, taxRateId: standard },
      { lineId: lines[1]!._id, productId: dock._id, quantity: 1, unitPrice: 149.99, taxRateId: reduced },
      { lineId: lines[2]!._id, description: 'Gift wrap', quantity: 1, unitPrice: 2.5 },
    ] }));
    // Shipped whole; one laptop comes back to stock, the dock comes back damaged (not restocked).
    json(await call(app, 'POST', `/api/orders/${first._id}/shipments`, headers, { lines: lines.map((line, i) => ({ lineId: line._id, quantity: i === 0 ? 3 : 1 })) }), 201);
    json(await call(app, 'POST', `/api/orders/${first._id}/returns`, headers, { lines: [
      { lineId: lines[0]!._id, quantity: 1, reason: 'not_wanted', restock: true },
      { lineId: lines[1]!._id, quantity: 1, reason: 'damaged', restock: false },
    ] }), 201);
    // A SPEC.md order placed, then cancelled; another placed and deleted; Alan's order moves to Ada.
    const spec = json<Order>(await call(app, 'POST', '/api/orders', headers, { name: 'Dock', category: 'Accessories', price: 150, quantity: 2, productId: dock._id }), 201);
    json(await call(app, 'PATCH', `/api/orders/${spec._id}`, { ...headers, 'if-match': '"1"' }, { name: 'Dock', category: 'Accessories', price: 150, quantity: 2, productId: dock._id, status: 'cancelled' }));
    const gone = json<Order>(await call(app, 'POST', '/api/orders', headers, { name: 'Dock', category: 'Accessories', price: 150, quantity: 1, productId: dock._id }), 201);
    expect((await call(app, 'DELETE', `/api/orders/${gone._id}`, headers)).statusCode).toBe(200);
    const kept = json<Order>(await call(app, 'POST', '/api/orders', headers, { name: 'Dock', category: 'Accessories', price: 155.5, quantity: 3, productId: dock._id, customerId: alan }), 201);
    json(await call(app, 'PATCH', `/api/orders/${second._id}`, { ...headers, 'if-match': '"1"' }, { customerId: ada, lines: [{ lineId: second.lines![0]!._id, productId: laptop._id, quantity: 1, unitPrice: 1100 }] }));
    expect(kept.status).toBe('open');

    // The plain query: each kept line's amount (one rounding, half away from zero), its units, its product's cost
    // from the movements of its order; tax once per order and rate.
    const db = app.db;
    type LineRow = { order_id: string; product_id: string | null; customer_id: string | null; kept: number; price: number; bp: number; ppm: number | null };
    const lineRows = (
      await sql<LineRow>`
        select l.order_id, l.product_id, o.customer_id, l.quantity - l.cancelled - l.returned as kept, l.unit_price_cents as price, l.discount_bp as bp, r.rate_ppm as ppm
        from order_lines l join orders o on o.id = l.order_id left join tax_rates r on r.id = l.tax_rate_id
        union all
        select o.id, o.product_id, o.customer_id, case when o.status = 'cancelled' then 0 else o.quantity end, o.price_cents, 0, null
        from orders o where o.line_count = 0`.execute(db)
    ).rows;
    const amount = (row: LineRow) => Math.round((num(row.kept) * num(row.price) * (10_000 - num(row.bp))) / 10_000);
    const expected = new Map<string, { net: number; units: number; cost: number }>();
    for (const row of lineRows) {
      const key = row.product_id ?? '';
      const sum = expected.get(key) ?? { net: 0, units: 0, cost: 0 };
      sum.net += amount(row);
      sum.units += num(row.kept);
      expected.set(key, sum);
    }
    const costs = (await sql<{ product_id: string; cost: number }>`
      select m.product_id, -sum(m.change * m.unit_cost_cents) as cost from stock_movements m join orders o on o.id = m.order_id
      group by m.product_id`.execute(db)).rows;
    for (const row of costs) expected.get(row.product_id)!.cost = num(row.cost);
    const taxByOrderRate = new Map<string, { net: number; ppm: number }>();
    for (const row of lineRows) {
      if (row.ppm === null) continue;
      const id = `${row.order_id}/${row.ppm}`;
      const sum = taxByOrderRate.get(id) ?? { net: 0, ppm: num(row.ppm) };
      sum.net += amount(row);
      taxByOrderRate.set(id, sum);
    }
    const tax = [...taxByOrderRate.values()].reduce((sum, { net, ppm }) => sum + Math.round((net * ppm) / 1_000_000), 0);

    // Cost at the time of sale: 2 laptops at 600, 1 at 630 added by the edit, 1 back at 630; 1 to Alan at 630.
    expect(expected.get(laptop._id)).toMatchObject({ units: 3, cost: (2 * 600 + 630 - 630 + 630) * 100 });
    const byProduct = await report<SalesReport>(`/api/reports/sales?from=${today}&to=${today}&groupBy=product`);
    for (const row of byProduct.rows) expect([row.key, row.netCents, row.units, row.costCents]).toEqual([row.key, expected.get(row.key)!.net, expected.get(row.key)!.units, expected.get(row.key)!.cost]);
    expect(byProduct.rows.map((row) => row.key).sort()).toEqual([...expected].filter(([, f]) => f.units || f.net || f.cost).map(([key]) => key).sort());
    expect(byProduct.rows.find((row) => row.key === laptop._id)).toMatchObject({ label: 'Laptop', costCents: 1830 * 100 });
    const net = [...expected.values()].reduce((sum, f) => sum + f.net, 0);
    const cost = [...expected.values()].reduce((sum, f) => sum + f.cost, 0);
    expect(byProduct.totals).toMatchObject({ netCents: net, taxCents: tax, grossCents: net + tax, costCents: cost, marginCents: net - cost });

    // The same totals by day, week, month (a long period read from month rows and edge days), category and customer.
    for (const path of [
      `/api/reports/sales?from=${yesterday}&to=${today}&groupBy=day`,
      `/api/reports/sales?from=${today.slice(0, 4)}-01-01&to=${nextYear}&groupBy=month`,
      `/api/reports/sales?from=${yesterday}&to=${nextYear}&groupBy=week`,
      `/api/reports/sales?from=${today}&to=${today}&groupBy=category`,
      `/api/reports/sales?from=2020-01-15&to=${nextYear}&groupBy=customer`,
    ]) {
      const answer = await report<SalesReport>(path);
      expect(answer.totals, path).toEqual(byProduct.totals);
    }
    const byCustomer = await report<SalesReport>(`/api/reports/sales?from=${today}&to=${today}&groupBy=customer`);
    const customerNet = new Map<string, number>();
    for (const row of lineRows) customerNet.set(row.customer_id ?? '', (customerNet.get(row.customer_id ?? '') ?? 0) + amount(row));
    expect(new Map(byCustomer.rows.map((row) => [row.key, row.netCents]))).toEqual(new Map([...customerNet].filter(([, n]) => n !== 0)));
    expect(byCustomer.rows.map((row) => row.label).sort()).toEqual(['Ada Lovelace', 'Alan Turing']);
    const byCategory = await report<SalesReport>(`/api/reports/sales?from=${today}&to=${today}&groupBy=category`);
    expect(byCategory.rows.map((row) => row.label).sort()).toEqual(['Accessories', 'Laptops', 'No category']);
    const byDay = await report<SalesReport>(`/api/reports/sales?from=${yesterday}&to=${today}&groupBy=day`);
    expect(byDay.rows.map((row) => row.key)).toEqual([yesterday, today]);
    expect(byDay.rows[0]).toMatchObject({ netCents: 0, units: 0 });

    // The figures were kept by the writes: summed again from the rows, they are the same.
    const stored = (await sql<{ net: number; cost: number }>`select sum(net_cents) as net, sum(cost_cents) as cost from sales_figures where grain = 'month' and dim = 'total'`.execute(db)).rows[0]!;
    expect([num(stored.net), num(stored.cost)]).toEqual([net, cost]);
  });

  it('values stock at cost and at price from the daily changes, through a price change, and at a past date', async () => {
    const laptop = json<Product>(await call(app, 'GET', `/api/products/${laptopId}`, headers));
    const body = await multipart({ ...PRODUCT_FIELDS, name: 'Laptop', category: 'Laptops', price: '1049.5', quantity: String(laptop.quantity) });
    json(await app.inject({ method: 'PATCH', url: `/api/products/${laptop._id}`, payload: body.payload, headers: { ...body.headers, ...headers } }));
    const plain = (await sql<{ cost: number; price: number }>`select sum(coalesce(cost, 0) * quantity) as cost, sum(price_cents * quantity) as price from products`.execute(app.db)).rows[0]!;
    const value = await report<StockValueReport>(`/api/reports/stock-value?from=${yesterday}&to=${today}&groupBy=day`);
    expect(value.at).toEqual({ date: today, costCents: num(plain.cost), priceCents: num(plain.price) });
    expect(value.series).toEqual([
      { period: yesterday, costCents: 0, priceCents: 0 },
      { period: today, costCents: num(plain.cost), priceCents: num(plain.price) },
    ]);
  });

  it('reports taxes collected (invoices less credit notes) and receivables by age with their invoices', async () => {
    const customerId = json<{ _id: string }>(await call(app, 'POST', '/api/customers', headers, { name: 'Grace Hopper', email: 'grace@example.com' }), 201)._id;
    const invoice = json<{ _id: string; totals: { grossCents: number } }>(await call(app, 'POST', '/api/invoices', headers, { customerId, lines: [
      { description: 'Widget', quantity: 1, unitPrice: 55.55 },
      { description: 'Gadget', quantity: 2, unitPrice: 11.11 },
    ] }), 201);
    json(await call(app, 'POST', `/api/invoices/${invoice._id}/issue`, headers));
    json(await call(app, 'POST', `/api/invoices/${invoice._id}/credit-notes`, headers, { lines: [{ line: 2, quantity: 1 }] }), 201);
    json(await call(app, 'POST', `/api/invoices/${invoice._id}/payments`, headers, { amountCents: 1000, date: today, method: 'cash' }), 201);

    const plain = async (lines: string, parent: string, key: string) =>
      (await sql<{ tax: number }>`select sum(l.tax_cents) as tax from ${sql.raw(lines)} l join ${sql.raw(parent)} d on d.id = l.${sql.raw(key)}`.execute(app.db)).rows[0]!;
    const taxes = await report<TaxReport>(`/api/reports/taxes?from=${today}&to=${today}&groupBy=month`);
    const collected = num((await plain('invoice_lines', 'invoices', 'invoice_id')).tax) - num((await plain('credit_note_lines', 'credit_notes', 'credit_note_id')).tax);
    expect(taxes.totals.taxCents).toBe(collected);
    expect(taxes.rows.every((row) => row.period === today.slice(0, 7))).toBe(true);

    const due = (await sql<{ due: number }>`select sum(gross_cents - credited_cents - paid_cents) as due from invoices where status = 'issued'`.execute(app.db)).rows[0]!;
    const receivables = await report<ReceivablesReport>('/api/reports/receivables');
    expect(receivables.totalDueCents).toBe(num(due.due));
    expect(receivables.buckets.map((bucket) => bucket.bucket)).toEqual(['0-30', '31-60', '61-90', 'over-90']);
    expect(receivables.buckets[0]!.invoices).toHaveLength(1);
    // 120 days on, the same invoice is over 90 days late.
    const later = new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10);
    const aged = await report<ReceivablesReport>(`/api/reports/receivables?asOf=${later}`);
    expect(aged.buckets[3]!.invoices.map((row) => row.customer)).toEqual(['Grace Hopper']);

    const csv = await call(app, 'GET', `/api/reports/taxes.csv?from=${today}&to=${today}`, headers);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.split('\r\n')[0]).toBe('\uFEFFPeriod,Rate,Percent,Net,Tax collected,Gross');
    for (const name of ['sales', 'stock-value']) expect((await call(app, 'GET', `/api/reports/${name}.csv?from=${today}&to=${today}`, headers)).statusCode).toBe(200);
    expect((await call(app, 'GET', '/api/reports/receivables.csv', headers)).body).toContain('Grace Hopper');
  });

  it('lists the top `limit` rows with the count and totals of them all, and at most `limit` invoices per age, as plain queries say', async () => {
    // The kept day figures summed per key by a plain query, labelled and ranked by the contract's order.
    type KeyRow = { key: string; name: string | null; category: string | null; net: number; tax: number; gross: number; units: number; cost: number };
    const plain = async (dim: 'product' | 'customer') =>
      (
        await sql<KeyRow>`select f.key, coalesce(p.name, c.name) as name, p.category, sum(f.net_cents) as net, sum(f.tax_cents) as tax,
            sum(f.gross_cents) as gross, sum(f.units) as units, sum(f.cost_cents) as cost
          from sales_figures f left join products p on p.id = f.key left join customers c on c.id = f.key
          where f.grain = 'day' and f.dim = ${dim} and f.period = ${today} group by f.key, p.name, c.name, p.category`.execute(app.db)
      ).rows;
    const figures = (rows: KeyRow[]) => rows.map((row) => ({ net: num(row.net), tax: num(row.tax), gross: num(row.gross), units: num(row.units), cost: num(row.cost) }));
    const products = await plain('product');
    const byCategory = new Map<string, { key: string; label: string; netCents: number }>();
    for (const row of products) {
      const key = row.category ?? '';
      const sum = byCategory.get(key) ?? { key, label: key || 'No category', netCents: 0 };
      sum.netCents += num(row.net);
      byCategory.set(key, sum);
    }
    const expected = {
      product: products.map((row) => ({ key: row.key, label: row.name || (row.key === '' ? 'Free-text lines' : 'Deleted product'), netCents: num(row.net) })),
      customer: (await plain('customer')).map((row) => ({ key: row.key, label: row.name || (row.key === '' ? 'No customer' : 'Deleted customer'), netCents: num(row.net) })),
      category: [...byCategory.values()],
    };
    const all = figures(products).reduce((sum, f) => ({ net: sum.net + f.net, tax: sum.tax + f.tax, gross: sum.gross + f.gross, units: sum.units + f.units, cost: sum.cost + f.cost }));
    for (const [groupBy, rows] of Object.entries(expected)) {
      const ranked = rows.filter((row) => row.netCents !== 0).sort(compareSalesRows);
      expect(ranked.length, groupBy).toBeGreaterThan(1);
      for (const limit of [1, 2]) {
        const answer = await report<SalesReport>(`/api/reports/sales?from=${today}&to=${today}&groupBy=${groupBy}&limit=${limit}`);
        expect(answer.rows.map((row) => [row.key, row.label, row.netCents]), `${groupBy} ${limit}`).toEqual(ranked.slice(0, limit).map((row) => [row.key, row.label, row.netCents]));
        expect(answer.rowCount).toBe(ranked.length);
        expect(answer.totals).toMatchObject({ netCents: all.net, taxCents: all.tax, grossCents: all.gross, units: all.units, costCents: all.cost });
      }
      const csv = await call(app, 'GET', `/api/reports/sales.csv?from=${today}&to=${today}&groupBy=${groupBy}&limit=1`, headers);
      expect(csv.body.trim().split('\r\n')).toHaveLength(ranked.length + 1);
    }

    // Two more invoices owed; listed one per age, each age's count and total still cover all three.
    const customerId = json<{ _id: string }>(await call(app, 'POST', '/api/customers', headers, { name: 'Katherine Johnson', email: 'kj@example.com' }), 201)._id;
    for (const unitPrice of [20, 30]) {
      const draft = json<{ _id: string }>(await call(app, 'POST', '/api/invoices', headers, { customerId, lines: [{ description: 'Orbit', quantity: 1, unitPrice }] }), 201);
      json(await call(app, 'POST', `/api/invoices/${draft._id}/issue`, headers));
    }
    const owed = (await sql<{ id: string; n: number; due: number }>`select id, number_text as n, gross_cents - credited_cents - paid_cents as due from invoices
      where status = 'issued' and gross_cents - credited_cents - paid_cents > 0 order by due_date, number_text`.execute(app.db)).rows;
    expect(owed.length).toBe(3);
    const limited = await report<ReceivablesReport>('/api/reports/receivables?limit=1');
    expect(limited.buckets[0]).toMatchObject({ invoiceCount: 3, amountDueCents: owed.reduce((sum, row) => sum + num(row.due), 0) });
    expect(limited.buckets[0]!.invoices.map((row) => row._id)).toEqual([owed[0]!.id]);
    expect(limited.buckets.slice(1).map((bucket) => bucket.invoiceCount)).toEqual([0, 0, 0]);
    expect((await report<ReceivablesReport>('/api/reports/receivables')).buckets[0]!.invoices.map((row) => row._id)).toEqual(owed.map((row) => row.id));
    const later = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);
    const aged = await report<ReceivablesReport>(`/api/reports/receivables?asOf=${later}&limit=2`);
    expect(aged.buckets.reduce((n, bucket) => n + bucket.invoiceCount, 0)).toBe(3);
    expect(aged.buckets.flatMap((bucket) => bucket.invoices).length).toBeLessThanOrEqual(3);
    expect((await call(app, 'GET', '/api/reports/receivables.csv?limit=1', headers)).body.trim().split('\r\n')).toHaveLength(4);
    const bad = await call(app, 'GET', '/api/reports/receivables?limit=1001', headers);
    expect([bad.statusCode, bad.json()]).toEqual([400, { message: 'Limit must be a whole number from 1 to 1000.' }]);
  });

  it('answers 400 with a message for bad periods and groupings, and 403 to staff', async () => {
    for (const [query, message] of [
      ['from=2026-02-30&to=2026-03-01', 'From must be a date written YYYY-MM-DD.'],
      ['from=2026-03-02&to=2026-03-01', 'The period must end on or after the day it starts.'],
      ['from=2026-03-01&to=2026-03-02&groupBy=year', 'Group by one of: day, week, month, product, category, customer.'],
      ['to=2026-03-01', 'From must be a date written YYYY-MM-DD.'],
      ['from=1990-01-01&to=2026-03-01', 'A report reads at most 3660 days.'],
    ]) {
      const response = await call(app, 'GET', `/api/reports/sales?${query}`, headers);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    const staff = await joinAs(app, mailer, owner, 'staff');
    const refused = await call(app, 'GET', `/api/reports/sales?from=${today}&to=${today}`, cookieHeader(staff.token));
    expect(refused.statusCode).toBe(403);
  });
});
