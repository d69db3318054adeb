import { receivablesQuerySchema, salesReportQuerySchema, timeReportQuerySchema } from '../schemas/reports';
import type { MediaTypeObject } from './types';
import type { RouteSpec } from './route-spec';

/** The routes of Bill Reports (docs/decisions/0045-bill-reports.md); routes.ts lists them. */

const reports = { auth: 'store' as const, permission: 'reports:read' as const, tag: 'Reports' as const };
const csv: Record<string, MediaTypeObject> = { 'text/csv': { schema: { type: 'string' } } };
const badQuery = {
  400: {
    description: 'A date that is not YYYY-MM-DD, a period ending before it starts or longer than the limit, an unknown grouping, a `limit` that is not a whole number in its range',
    example: 'From must be a date written YYYY-MM-DD.',
  },
};
const CSV_NOTE = 'The same rows as the JSON answer, as a CSV file (UTF-8 with a BOM, CRLF lines, amounts in units with 2 decimals).';
const CSV_EVERY_ROW = 'Every row, whatever `limit` says (the JSON answer lists the top rows), as a CSV file (UTF-8 with a BOM, CRLF lines, amounts in units with 2 decimals).';

const SALES =
  "A sale is an order's lines by the order's date, net of what was cancelled and returned; tax is the order's, once per rate (0038). Cost is what left stock for the order at the unit cost recorded on each movement then, so later cost changes never rewrite it. Read from figures kept by the writes, never from the orders themselves.";

export const REPORT_ROUTES: RouteSpec[] = [
  {
    method: 'get',
    path: '/api/reports/sales',
    operationId: 'salesReport',
    summary: 'Sales for a period by day, week, month, product, category or customer: net, tax, gross, units, cost and margin',
    description: `${SALES} By product, category or customer the answer lists the top \`limit\` rows (default 50) by net and says in \`rowCount\` how many there are; \`totals\` are the whole period's either way, and the CSV has every row.`,
    ...reports,
    query: salesReportQuerySchema,
    answer: { status: 200, schema: 'SalesReport', description: 'The rows and their totals' },
    extra: badQuery,
  },
  {
    method: 'get',
    path: '/api/reports/sales.csv',
    operationId: 'salesReportCsv',
    summary: 'The sales report as CSV, every row',
    description: CSV_EVERY_ROW,
    ...reports,
    query: salesReportQuerySchema,
    answer: { status: 200, media: csv, description: 'The sales report as CSV' },
    extra: badQuery,
  },
  {
    method: 'get',
    path: '/api/reports/taxes',
    operationId: 'taxReport',
    summary: 'Taxes collected by rate and period: issued invoices less credit notes, by their issue dates',
    ...reports,
    query: timeReportQuerySchema,
    answer: { status: 200, schema: 'TaxReport', description: 'Per period and rate, with totals' },
    extra: badQuery,
  },
  {
    method: 'get',
    path: '/api/reports/taxes.csv',
    operationId: 'taxReportCsv',
    summary: 'The taxes collected as CSV',
    description: CSV_NOTE,
    ...reports,
    query: timeReportQuerySchema,
    answer: { status: 200, media: csv, description: 'The taxes collected as CSV' },
    extra: badQuery,
  },
  {
    method: 'get',
    path: '/api/reports/receivables',
    operationId: 'receivablesReport',
    summary: 'What customers owe by age past the due date (0–30, 31–60, 61–90, over 90 days) with the invoices behind each',
    description: "Each age answers what all its invoices owe and how many there are (`invoiceCount`), and lists the first `limit` of them (default 100), oldest due first; the CSV lists every invoice.",
    ...reports,
    query: receivablesQuerySchema,
    answer: { status: 200, schema: 'ReceivablesReport', description: 'The four buckets, each with its total, its count and its first invoices, oldest due first' },
    extra: badQuery,
  },
  {
    method: 'get',
    path: '/api/reports/receivables.csv',
    operationId: 'receivablesReportCsv',
    summary: 'The receivables as CSV, one invoice a line, every invoice',
    description: CSV_EVERY_ROW,
    ...reports,
    query: receivablesQuerySchema,
    answer: { status: 200, media: csv, description: 'The receivables as CSV' },
    extra: badQuery,
  },
  {
    method: 'get',
    path: '/api/reports/stock-value',
    operationId: 'stockValueReport',
    summary: 'Stock value at cost and at price at the end of a day, and at the end of each period over time',
    description:
      "A sum of the daily changes the writes keep (every stock movement, price and cost change, product added or deleted), never a replay of the ledger. Products without a cost count 0 at cost.",
    ...reports,
    query: timeReportQuerySchema,
    answer: { status: 200, schema: 'StockValueReport', description: 'The value at `to` and per period' },
    extra: badQuery,
  },
  {
    method: 'get',
    path: '/api/reports/stock-value.csv',
    operationId: 'stockValueReportCsv',
    summary: 'The stock value over time as CSV',
    description: CSV_NOTE,
    ...reports,
    query: timeReportQuerySchema,
    answer: { status: 200, media: csv, description: 'The stock value as CSV' },
    extra: badQuery,
  },
];
