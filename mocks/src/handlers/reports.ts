import {
  amountDueCents,
  dayOf,
  DEFAULT_EXPORT_CONTEXT,
  type ExportColumn,
  exportFile,
  firstIssueMessage,
  periodOf,
  RECEIVABLE_INVOICES_DEFAULT,
  receivablesOf,
  receivablesQuerySchema,
  RECEIVABLES_REPORT_COLUMNS,
  reportFileName,
  type ReportName,
  SALES_REPORT_COLUMNS,
  saleAmountsOfLines,
  type SaleFigures,
  type SaleRecord,
  salesReportOf,
  salesReportQuerySchema,
  STOCK_VALUE_REPORT_COLUMNS,
  stockValueSeriesOf,
  TAX_REPORT_COLUMNS,
  type TaxReportRow,
  timeReportQuerySchema,
  toCents,
  ZERO_FIGURES,
} from '@inventory/contract';
import { http, HttpResponse } from 'msw';
import { mockDb, type StoredOrder } from '../db';
import { api, errorResponse } from '../http';
import { requireStore } from '../store-auth';
import { storeSettingsAnswer, taxRatesOf } from '../store-settings';

/**
 * Bill Reports with the server's answers (features/reports), computed from the mock's rows at each request by the
 * contract's rules (saleAmountsOfLines, salesReportOf, stockValueSeriesOf, receivablesOf). The server reads the same
 * figures from what its writes keep; the mock has rows enough to sum.
 */

function queryOf<T>(request: Request, schema: { safeParse(value: unknown): { success: true; data: T } | { success: false; error: Parameters<typeof firstIssueMessage>[0] } }) {
  const parsed = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  return parsed.success ? { ok: true as const, data: parsed.data } : { ok: false as const, response: errorResponse(400, firstIssueMessage(parsed.error)) };
}

function saleOf(order: StoredOrder, storeId: string): SaleRecord {
  const rates = taxRatesOf(storeId).map((rate) => ({ _id: rate._id, name: rate.name, percent: rate.percent }));
  const settings = storeSettingsAnswer(storeId).settings;
  const lines = order.orderLines ?? [
    { productId: order.productId ?? null, quantity: order.quantity, unitPriceCents: toCents(order.price), discountBp: 0, taxRateId: null, cancelled: order.status === 'cancelled' ? order.quantity : 0, returned: 0 },
  ];
  const byProduct = new Map<string, SaleFigures>();
  for (const [key, amounts] of saleAmountsOfLines(lines, rates, settings.pricesIncludeTax)) byProduct.set(key, { ...amounts, costCents: 0 });
  for (const movement of mockDb.movements) {
    if (movement.orderId !== order._id || movement.unitCostCents === null || movement.unitCostCents === undefined) continue;
    const figures = byProduct.get(movement.productId) ?? { ...ZERO_FIGURES };
    byProduct.set(movement.productId, { ...figures, costCents: figures.costCents - movement.change * movement.unitCostCents });
  }
  return { day: dayOf(order.createdAt), customerId: order.customerId ?? null, byProduct };
}

function csv<Row>(name: ReportName, from: string, to: string, columns: readonly ExportColumn<Row>[], rows: readonly Row[]) {
  return new HttpResponse(exportFile(columns, rows, DEFAULT_EXPORT_CONTEXT), {
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${reportFileName(name, from, to)}"` },
  });
}

function sales(storeId: string, query: Parameters<typeof salesReportOf>[1]) {
  const orders = mockDb.orders.filter((order) => order.storeId === storeId);
  return salesReportOf(
    orders.map((order) => saleOf(order, storeId)),
    query,
    {
      product: (key) => {
        const product = mockDb.products.find((p) => p._id === key);
        return product ? { name: product.name, category: product.category } : null;
      },
      customer: (key) => mockDb.customers.find((c) => c._id === key)?.name ?? null,
    },
  );
}

function taxes(storeId: string, query: { from: string; to: string; groupBy: 'day' | 'week' | 'month' }) {
  const rows = new Map<string, TaxReportRow>();
  const add = (day: string, rates: readonly { name: string; percent: number; netCents: number; taxCents: number; grossCents: number }[], sign: 1 | -1) => {
    if (day < query.from || day > query.to) return;
    for (const rate of rates) {
      const period = periodOf(day, query.groupBy);
      const id = `${period}\u0000${rate.name}\u0000${rate.percent}`;
      const sum = rows.get(id) ?? { period, rateName: rate.name, percent: rate.percent, netCents: 0, taxCents: 0, grossCents: 0 };
      sum.netCents += sign * rate.netCents;
      sum.taxCents += sign * rate.taxCents;
      sum.grossCents += sign * rate.grossCents;
      rows.set(id, sum);
    }
  };
  for (const invoice of mockDb.invoices) {
    if (invoice.storeId !== storeId || invoice.status !== 'issued' || !invoice.issueDate) continue;
    add(invoice.issueDate, invoice.totals.rates, 1);
    for (const note of invoice.creditNotes) add(note.issueDate, note.totals.rates, -1);
  }
  const list = [...rows.values()].sort((a, b) => (a.period < b.period ? -1 : a.period > b.period ? 1 : b.percent - a.percent || a.rateName.localeCompare(b.rateName)));
  const totals = list.reduce((sum, row) => ({ netCents: sum.netCents + row.netCents, taxCents: sum.taxCents + row.taxCents, grossCents: sum.grossCents + row.grossCents }), { netCents: 0, taxCents: 0, grossCents: 0 });
  return { ...query, rows: list, totals };
}

/** `limit` null: every invoice (the CSV). */
function receivables(storeId: string, asOf: string, limit: number | null) {
  return receivablesOf(
    mockDb.invoices
      .filter((invoice) => invoice.storeId === storeId && invoice.status === 'issued' && invoice.issueDate)
      .map((invoice) => ({
        _id: invoice._id,
        number: invoice.number ?? '',
        customer: invoice.customer.name,
        issueDate: invoice.issueDate!,
        dueDate: invoice.dueDate ?? invoice.issueDate!,
        dueCents: amountDueCents({ grossCents: invoice.totals.grossCents, creditedCents: invoice.creditedCents, paidCents: invoice.paidCents }),
      })),
    asOf,
    limit,
  );
}

/** The stock value from the ledger's movements at today's price and cost (the mock keeps no daily figures). */
function stockValue(storeId: string, query: { from: string; to: string; groupBy: 'day' | 'week' | 'month' }) {
  const products = new Map(mockDb.products.filter((p) => p.storeId === storeId).map((p) => [p._id, p]));
  const before = { costCents: 0, priceCents: 0 };
  const changes: { day: string; costCents: number; priceCents: number }[] = [];
  for (const movement of mockDb.movements) {
    const product = products.get(movement.productId);
    if (!product) continue;
    const costCents = movement.change * toCents(product.cost ?? 0);
    const priceCents = movement.change * toCents(product.price);
    const day = dayOf(movement.createdAt);
    if (day < query.from) {
      before.costCents += costCents;
      before.priceCents += priceCents;
    } else changes.push({ day, costCents, priceCents });
  }
  return stockValueSeriesOf(before, changes, query);
}

export const reportHandlers = [
  http.get(api('/reports/sales'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'reports:read');
    if (!auth.ok) return auth.response;
    const query = queryOf(request, salesReportQuerySchema);
    return query.ok ? HttpResponse.json(sales(auth.store._id, query.data)) : query.response;
  }),
  http.get(api('/reports/sales.csv'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'reports:read');
    if (!auth.ok) return auth.response;
    const query = queryOf(request, salesReportQuerySchema);
    return query.ok ? csv('sales', query.data.from, query.data.to, SALES_REPORT_COLUMNS, sales(auth.store._id, { ...query.data, limit: null }).rows) : query.response;
  }),
  http.get(api('/reports/taxes'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'reports:read');
    if (!auth.ok) return auth.response;
    const query = queryOf(request, timeReportQuerySchema);
    return query.ok ? HttpResponse.json(taxes(auth.store._id, query.data)) : query.response;
  }),
  http.get(api('/reports/taxes.csv'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'reports:read');
    if (!auth.ok) return auth.response;
    const query = queryOf(request, timeReportQuerySchema);
    return query.ok ? csv('taxes', query.data.from, query.data.to, TAX_REPORT_COLUMNS, taxes(auth.store._id, query.data).rows) : query.response;
  }),
  http.get(api('/reports/receivables'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'reports:read');
    if (!auth.ok) return auth.response;
    const query = queryOf(request, receivablesQuerySchema);
    return query.ok ? HttpResponse.json(receivables(auth.store._id, query.data.asOf ?? dayOf(new Date()), query.data.limit ?? RECEIVABLE_INVOICES_DEFAULT)) : query.response;
  }),
  http.get(api('/reports/receivables.csv'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'reports:read');
    if (!auth.ok) return auth.response;
    const query = queryOf(request, receivablesQuerySchema);
    if (!query.ok) return query.response;
    const report = receivables(auth.store._id, query.data.asOf ?? dayOf(new Date()), null);
    const rows = report.buckets.flatMap((bucket) => bucket.invoices.map((invoice) => ({ ...invoice, bucket: bucket.bucket })));
    return csv('receivables', report.asOf, report.asOf, RECEIVABLES_REPORT_COLUMNS, rows);
  }),
  http.get(api('/reports/stock-value'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'reports:read');
    if (!auth.ok) return auth.response;
    const query = queryOf(request, timeReportQuerySchema);
    return query.ok ? HttpResponse.json(stockValue(auth.store._id, query.data)) : query.response;
  }),
  http.get(api('/reports/stock-value.csv'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'reports:read');
    if (!auth.ok) return auth.response;
    const query = queryOf(request, timeReportQuerySchema);
    return query.ok ? csv('stock-value', query.data.from, query.data.to, STOCK_VALUE_REPORT_COLUMNS, stockValue(auth.store._id, query.data).series) : query.response;
  }),
];
