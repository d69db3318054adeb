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
];
