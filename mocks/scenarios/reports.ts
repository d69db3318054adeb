import type { ReceivablesReport, SalesReport, StockValueReport, TaxReport } from '@inventory/contract';
import { expect } from 'vitest';
import type { Scenario } from './types';
import { register } from './users';

const today = () => new Date().toISOString().slice(0, 10);

/** Bill Reports (0045), the same on the server and the mocks: a sale's figures, each report and its CSV, a 400. */
export const reportScenarios: Scenario[] = [
  {
    name: 'reports: a sale in the sales report, every report and its CSV, 400 on a bad period',
    async run(client) {
      await register(client, 'reports');
      expect((await client.post('/api/orders', { name: 'Gift wrap', category: 'Extras', price: 2.5, quantity: 4 })).status).toBe(201);
      const customer = await client.post<{ _id: string }>('/api/customers', { name: 'Grace Hopper', email: 'grace@example.com' });
      const draft = await client.post<{ _id: string }>('/api/invoices', { customerId: customer.body._id, lines: [{ description: 'Widget', quantity: 1, unitPrice: 10 }] });
      expect((await client.post(`/api/invoices/${draft.body._id}/issue`)).status).toBe(200);
      const period = `from=${today()}&to=${today()}`;
      const sales = await client.get<SalesReport>(`/api/reports/sales?${period}&groupBy=category`);
      expect(sales.status).toBe(200);
      expect(sales.body.rows).toEqual([expect.objectContaining({ label: 'No category', units: 4, netCents: 1000, costCents: 0, marginCents: 1000, marginPercent: 100 })]);
      expect((await client.get<TaxReport>(`/api/reports/taxes?${period}`)).body.totals.grossCents).toBe(1000);
      const owed = await client.get<ReceivablesReport>('/api/reports/receivables');
      expect(owed.body.totalDueCents).toBe(1000);
      expect((await client.get<StockValueReport>(`/api/reports/stock-value?${period}`)).status).toBe(200);
      for (const name of ['sales', 'taxes', 'stock-value']) expect((await client.get(`/api/reports/${name}.csv?${period}`)).status).toBe(200);
      expect((await client.get('/api/reports/receivables.csv')).status).toBe(200);
      const bad = await client.get<{ message: string }>('/api/reports/sales?from=2026-02-30&to=2026-03-01');
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('From must be a date written YYYY-MM-DD.');
    },
  },
  {
    name: 'reports: a limit lists the top rows and the first invoices; counts and totals cover them all; the CSV has every row',
    async run(client) {
      await register(client, 'report-limits');
      const customer = await client.post<{ _id: string }>('/api/customers', { name: 'Grace Hopper', email: 'grace@example.com' });
      expect((await client.post('/api/orders', { name: 'Gift wrap', category: 'Extras', price: 2.5, quantity: 4 })).status).toBe(201);
      expect((await client.post('/api/orders', { name: 'Ribbon', category: 'Extras', price: 1, quantity: 3, customerId: customer.body._id })).status).toBe(201);
      for (const unitPrice of [10, 20]) {
        const draft = await client.post<{ _id: string }>('/api/invoices', { customerId: customer.body._id, lines: [{ description: 'Widget', quantity: 1, unitPrice }] });
        expect((await client.post(`/api/invoices/${draft.body._id}/issue`)).status).toBe(200);
      }
      const period = `from=${today()}&to=${today()}&groupBy=customer`;
      const every = await client.get<SalesReport>(`/api/reports/sales?${period}`);
      expect(every.body.rows.map((row) => [row.label, row.netCents])).toEqual([['No customer', 1000], ['Grace Hopper', 300]]);
      expect(every.body.rowCount).toBe(2);
      const top = await client.get<SalesReport>(`/api/reports/sales?${period}&limit=1`);
      expect(top.body.rows).toEqual(every.body.rows.slice(0, 1));
      expect([top.body.rowCount, top.body.totals]).toEqual([2, every.body.totals]);
      expect(top.body.totals.netCents).toBe(1300);
      const csv = await client.get<string>(`/api/reports/sales.csv?${period}&limit=1`);
      expect(String(csv.body)).toContain('Grace Hopper');
      const owed = await client.get<ReceivablesReport>('/api/reports/receivables?limit=1');
      expect(owed.body.buckets[0]).toMatchObject({ amountDueCents: 3000, invoiceCount: 2 });
      expect(owed.body.buckets[0]!.invoices).toHaveLength(1);
      expect(owed.body.totalDueCents).toBe(3000);
      const owedCsv = await client.get<string>('/api/reports/receivables.csv?limit=1');
      expect(String(owedCsv.body).trim().split(/\r?\n/)).toHaveLength(3);
      const bad = await client.get<{ message: string }>(`/api/reports/sales?${period}&limit=0`);
      expect([bad.status, bad.body.message]).toEqual([400, 'Limit must be a whole number from 1 to 1000.']);
    },
  },
];
