import { describe, expect, it } from 'vitest';
import {
  addDays,
  ageBucketDueDates,
  ageBucketOf,
  AGE_BUCKETS,
  REPORT_TOP_ROWS_DEFAULT,
  receivablesOf,
  receivablesQuerySchema,
  type SaleFigures,
  type SaleRecord,
  salesReportOf,
  salesReportQuerySchema,
  salesRowLimit,
} from '../src';

const figures = (netCents: number, units = 1): SaleFigures => ({ netCents, taxCents: Math.round(netCents / 5), grossCents: netCents + Math.round(netCents / 5), units, costCents: Math.round(netCents / 2) });
const names: Record<string, { name: string; category: string }> = {
  a: { name: 'Anvil', category: 'Tools' },
  b: { name: 'Bolt', category: 'Tools' },
  c: { name: 'Cable', category: 'Wires' },
  d: { name: 'Drill', category: '' },
};
const labels = { product: (key: string) => names[key] ?? null, customer: (key: string) => (key === 'x' ? 'Xena' : null) };
const sale = (day: string, customerId: string | null, entries: [string, SaleFigures][]): SaleRecord => ({ day, customerId, byProduct: new Map(entries) });
const SALES = [
  sale('2026-03-01', 'x', [['a', figures(500)], ['b', figures(500)], ['', figures(70)]]),
  sale('2026-03-02', null, [['c', figures(900)], ['d', figures(500)], ['gone', figures(20)]]),
  sale('2026-03-03', 'y', [['a', figures(-500, -1)], ['c', figures(100)]]),
  sale('2026-04-01', 'x', [['b', figures(10_000)]]),
];
const MARCH = { from: '2026-03-01', to: '2026-03-31' };

describe('sales report limits', () => {
  it('lists keys by net, largest first, then label; every key with a figure counts, a key netting to zero does not', () => {
    const report = salesReportOf(SALES, { ...MARCH, groupBy: 'product' }, labels);
    expect(report.rows.map((row) => [row.label, row.netCents])).toEqual([
      ['Cable', 1000],
      ['Bolt', 500],
      ['Drill', 500],
      ['Free-text lines', 70],
      ['Deleted product', 20],
    ]);
    expect(report.rowCount).toBe(5);
  });

  it('keeps the whole period in rowCount and totals whatever the limit, and cuts only the rows', () => {
    const every = salesReportOf(SALES, { ...MARCH, groupBy: 'product' }, labels);
    for (const limit of [1, 2, 5, 6]) {
      const top = salesReportOf(SALES, { ...MARCH, groupBy: 'product', limit }, labels);
      expect(top.rows).toEqual(every.rows.slice(0, limit));
      expect([top.rowCount, top.totals]).toEqual([every.rowCount, every.totals]);
    }
    expect(every.totals.netCents).toBe(2090);
    const byCategory = salesReportOf(SALES, { ...MARCH, groupBy: 'category', limit: 1 }, labels);
    expect(byCategory.rows.map((row) => row.label)).toEqual(['Wires']);
    expect([byCategory.rowCount, byCategory.totals]).toEqual([3, every.totals]);
    const byCustomer = salesReportOf(SALES, { ...MARCH, groupBy: 'customer', limit: 2 }, labels);
    expect(byCustomer.rows.map((row) => row.label)).toEqual(['No customer', 'Xena']);
    expect([byCustomer.rowCount, byCustomer.totals]).toEqual([3, every.totals]);
  });

  it('lists 50 keys unless asked, every period of a time grouping, and every row when the limit is null (the CSV)', () => {
    expect(salesRowLimit({ groupBy: 'product' })).toBe(REPORT_TOP_ROWS_DEFAULT);
    expect(salesRowLimit({ groupBy: 'customer', limit: 7 })).toBe(7);
    expect(salesRowLimit({ groupBy: 'category', limit: null })).toBeNull();
    expect(salesRowLimit({ groupBy: 'day', limit: 1 })).toBeNull();
    const many = Array.from({ length: 60 }, (_, i) => sale('2026-03-05', null, [[`p${i}`, figures(i + 1)]]));
    const named = { product: (key: string) => ({ name: key, category: '' }), customer: () => null };
    expect(salesReportOf(many, { ...MARCH, groupBy: 'product' }, named).rows).toHaveLength(50);
    expect(salesReportOf(many, { ...MARCH, groupBy: 'product', limit: null }, named).rows).toHaveLength(60);
    const days = salesReportOf(SALES, { ...MARCH, groupBy: 'day', limit: 1 }, labels);
    expect([days.rows.length, days.rowCount]).toEqual([31, 31]);
  });

  it('takes a limit from 1 to 1000 in the query, with a message otherwise', () => {
    expect(salesReportQuerySchema.parse({ ...MARCH, groupBy: 'product', limit: '20' }).limit).toBe(20);
    expect(salesReportQuerySchema.parse({ ...MARCH, groupBy: 'product' }).limit).toBeUndefined();
    for (const limit of ['0', '1001', '2.5', 'ten', '']) {
      const result = salesReportQuerySchema.safeParse({ ...MARCH, groupBy: 'product', limit });
      expect(result.success, limit).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Limit must be a whole number from 1 to 1000.');
    }
    expect(receivablesQuerySchema.parse({ limit: '1000' }).limit).toBe(1000);
    expect(receivablesQuerySchema.safeParse({ limit: '1001' }).success).toBe(false);
  });
});

describe('receivables limits', () => {
  const invoice = (n: number, dueDate: string, dueCents = 100 * n) => ({ _id: String(n), number: `INV-${String(n).padStart(3, '0')}`, customer: 'C', issueDate: '2026-01-01', dueDate, dueCents });
  const AS_OF = '2026-06-30';
  const INVOICES = [invoice(1, '2026-06-30'), invoice(2, '2026-06-01'), invoice(3, '2026-05-20'), invoice(4, '2026-05-01'), invoice(5, '2026-05-01'), invoice(6, '2026-01-10'), invoice(7, '2026-06-29', 0)];

  it('sums and counts every invoice of a bucket and lists at most `limit` of them, oldest due first', () => {
    const every = receivablesOf(INVOICES, AS_OF);
    const top = receivablesOf(INVOICES, AS_OF, 1);
    expect(every.buckets.map((b) => [b.bucket, b.invoiceCount, b.amountDueCents])).toEqual([
      ['0-30', 2, 300],
      ['31-60', 3, 1200],
      ['61-90', 0, 0],
      ['over-90', 1, 600],
    ]);
    expect(top.buckets.map((b) => [b.invoiceCount, b.amountDueCents])).toEqual(every.buckets.map((b) => [b.invoiceCount, b.amountDueCents]));
    expect(top.totalDueCents).toBe(every.totalDueCents);
    expect(top.buckets.map((b) => b.invoices.map((row) => row.number))).toEqual([['INV-002'], ['INV-004'], [], ['INV-006']]);
    expect(every.buckets[1]!.invoices.map((row) => row.number)).toEqual(['INV-004', 'INV-005', 'INV-003']);
  });

  it('gives each bucket the due dates ageBucketOf puts in it, with no gap or overlap', () => {
    for (const asOf of ['2026-03-01', '2024-02-29', '2026-12-31']) {
      const dates = ageBucketDueDates(asOf);
      for (let late = -5; late <= 200; late += 1) {
        const due = addDays(asOf, -late);
        const inBuckets = AGE_BUCKETS.filter((bucket) => (dates[bucket].from === null || due >= dates[bucket].from!) && (dates[bucket].to === null || due <= dates[bucket].to!));
        expect(inBuckets, `${asOf} ${late}`).toEqual([ageBucketOf(due, asOf)]);
      }
    }
  });
});
