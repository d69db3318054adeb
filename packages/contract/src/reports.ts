import { type DocumentRate } from './document-totals';
import { orderTotals } from './order-lines';
import { type ExportColumn } from './csv-export';

/**
 * Bill Reports (docs/decisions/0045-bill-reports.md): what a sale is worth, the periods a report reads, the age of
 * what customers owe. The server keeps its figures with these rules and the mocks compute theirs with them.
 */

export const REPORT_TIME_GROUPS = ['day', 'week', 'month'] as const;
export type ReportTimeGroup = (typeof REPORT_TIME_GROUPS)[number];
export const REPORT_SALES_GROUPS = [...REPORT_TIME_GROUPS, 'product', 'category', 'customer'] as const;
export type ReportSalesGroup = (typeof REPORT_SALES_GROUPS)[number];

/** The longest period a report reads: ten years of days. */
export const REPORT_MAX_DAYS = 3660;

/** One order line as a sale reads it. */
export interface SaleLine {
  productId: string | null;
  quantity: number;
  unitPriceCents: number;
  discountBp: number;
  taxRateId: string | null;
  cancelled: number;
  returned: number;
}

/** What was sold of one product (or of free text: key ''), without its cost. */
export interface SaleAmounts {
  netCents: number;
  taxCents: number;
  grossCents: number;
  units: number;
}

/** What a report sums: a sale's amounts and the cost of what left stock for it. */
export interface SaleFigures extends SaleAmounts {
  costCents: number;
}

export const ZERO_FIGURES: SaleFigures = { netCents: 0, taxCents: 0, grossCents: 0, units: 0, costCents: 0 };

/** What a line still sells: ordered, less what was cancelled and what came back. */
export const keptQuantity = (line: Pick<SaleLine, 'quantity' | 'cancelled' | 'returned'>) => Math.max(0, line.quantity - line.cancelled - line.returned);

/**
 * What an order sells, per product (free-text lines under ''): each line at its kept quantity, with the order's tax
 * computed once per rate on the kept lines (0038's rule through orderTotals) and shared to lines by largest remainder.
 */
export function saleAmountsOfLines(lines: readonly SaleLine[], rates: readonly DocumentRate[], pricesIncludeTax: boolean): Map<string, SaleAmounts> {
  const kept = lines.map((line) => ({ ...line, quantity: keptQuantity(line), discountPercent: line.discountBp / 100 }));
  const known = new Set(rates.map((rate) => rate._id));
  // A rate deleted since the line was written: the line is read as untaxed rather than refused.
  const priced = kept.map((line) => ({ ...line, taxRateId: line.taxRateId !== null && known.has(line.taxRateId) ? line.taxRateId : null }));
  const totals = orderTotals(priced, rates, pricesIncludeTax);
  const byProduct = new Map<string, SaleAmounts>();
  priced.forEach((line, i) => {
    const key = line.productId ?? '';
    const sum = byProduct.get(key) ?? { netCents: 0, taxCents: 0, grossCents: 0, units: 0 };
    const shared = totals.lines[i]!;
    sum.netCents += shared.netCents;
    sum.taxCents += shared.taxCents;
    sum.grossCents += shared.grossCents;
    sum.units += line.quantity;
    byProduct.set(key, sum);
  });
  return byProduct;
}

export const addFigures = (a: SaleFigures, b: Partial<SaleFigures>, sign = 1): SaleFigures => ({
  netCents: a.netCents + sign * (b.netCents ?? 0),
  taxCents: a.taxCents + sign * (b.taxCents ?? 0),
  grossCents: a.grossCents + sign * (b.grossCents ?? 0),
  units: a.units + sign * (b.units ?? 0),
  costCents: a.costCents + sign * (b.costCents ?? 0),
});

export const isZeroFigures = (f: SaleFigures) => f.netCents === 0 && f.taxCents === 0 && f.grossCents === 0 && f.units === 0 && f.costCents === 0;

/** Margin: net less cost, in cents, and as a percent of net with one decimal (null without net). */
export function marginOf(figures: Pick<SaleFigures, 'netCents' | 'costCents'>): { marginCents: number; marginPercent: number | null } {
  const marginCents = figures.netCents - figures.costCents;
  return { marginCents, marginPercent: figures.netCents === 0 ? null : Math.round((marginCents * 1000) / figures.netCents) / 10 };
}

// ---- Dates: calendar days as 'YYYY-MM-DD', in UTC ----

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written as YYYY-MM-DD. */
export function isIsoDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const dayOf = (at: Date | string): string => (typeof at === 'string' ? new Date(at) : at).toISOString().slice(0, 10);
export const addDays = (day: string, days: number): string => dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
export const daysBetween = (from: string, to: string): number => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
export const monthOf = (day: string): string => day.slice(0, 7);
const lastDayOfMonth = (month: string): string => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return dayOf(new Date(Date.UTC(y, m, 0)));
};

/** The Monday that starts the ISO week of a day. */
export function weekOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The period a day falls in: the day, its week (its Monday) or its month (YYYY-MM). */
export function periodOf(day: string, group: ReportTimeGroup): string {
  return group === 'day' ? day : group === 'week' ? weekOf(day) : monthOf(day);
}

/** Every period from `from` to `to`, in order (a chart shows empty ones too). */
export function periodsBetween(from: string, to: string, group: ReportTimeGroup): string[] {
  const periods: string[] = [];
  for (let day = from; day <= to; ) {
    const period = periodOf(day, group);
    periods.push(period);
    day = group === 'day' ? addDays(day, 1) : group === 'week' ? addDays(period, 7) : addDays(lastDayOfMonth(period), 1);
  }
  return periods;
}

/**
 * A period read from figures kept per day and per month: the whole months inside it from month rows, the days at
 * either edge from day rows, so a year is at most 12 month rows and 60 day rows per key.
 */
export interface PeriodSplit {
  months: { from: string; to: string } | null;
  days: { from: string; to: string }[];
}

export function splitPeriod(from: string, to: string): PeriodSplit {
  const firstWhole = from.endsWith('-01') ? monthOf(from) : monthOf(addDays(lastDayOfMonth(monthOf(from)), 1));
  const lastWhole = to === lastDayOfMonth(monthOf(to)) ? monthOf(to) : monthOf(addDays(`${monthOf(to)}-01`, -1));
  if (firstWhole > lastWhole) return { months: null, days: [{ from, to }] };
  const days: { from: string; to: string }[] = [];
  const wholeFrom = `${firstWhole}-01`;
  const wholeTo = lastDayOfMonth(lastWhole);
  if (from < wholeFrom) days.push({ from, to: addDays(wholeFrom, -1) });
  if (to > wholeTo) days.push({ from: addDays(wholeTo, 1), to });
  return { months: { from: firstWhole, to: lastWhole }, days };
}

// ---- Receivables by age ----

export const AGE_BUCKETS = ['0-30', '31-60', '61-90', 'over-90'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];
export const AGE_BUCKET_LABELS: Record<AgeBucket, string> = {
  '0-30': '0–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  'over-90': 'Over 90 days',
};

/** Days past the due date on `asOf` (0 or less: not due yet, in the first bucket with those 0–30 days late). */
export function ageBucketOf(dueDate: string, asOf: string): AgeBucket {
  const late = daysBetween(dueDate, asOf);
  return late <= 30 ? '0-30' : late <= 60 ? '31-60' : late <= 90 ? '61-90' : 'over-90';
}

// ---- Labels and CSV ----

export const REPORT_LABELS = {
  net: 'Net sales',
  tax: 'Tax',
  gross: 'Gross',
  units: 'Units',
  cost: 'Cost of goods sold',
  margin: 'Margin',
  marginPercent: 'Margin %',
  taxCollected: 'Tax collected',
  amountDue: 'Amount due',
  stockAtCost: 'Stock at cost',
  stockAtPrice: 'Stock at price',
} as const;

const money = (cents: number) => Number((cents / 100).toFixed(2));

export interface SalesReportRowShape extends SaleFigures {
  key: string;
  label: string;
  marginCents: number;
  marginPercent: number | null;
}
export const SALES_REPORT_COLUMNS: readonly ExportColumn<SalesReportRowShape>[] = [
  { header: 'Period or name', cell: (row) => row.label },
  { header: REPORT_LABELS.units, cell: (row) => row.units },
  { header: REPORT_LABELS.net, cell: (row) => money(row.netCents) },
  { header: REPORT_LABELS.tax, cell: (row) => money(row.taxCents) },
  { header: REPORT_LABELS.gross, cell: (row) => money(row.grossCents) },
  { header: REPORT_LABELS.cost, cell: (row) => money(row.costCents) },
  { header: REPORT_LABELS.margin, cell: (row) => money(row.marginCents) },
  { header: REPORT_LABELS.marginPercent, cell: (row) => row.marginPercent },
];

export interface TaxReportRowShape {
  period: string;
  rateName: string;
  percent: number;
  netCents: number;
  taxCents: number;
  grossCents: number;
}
export const TAX_REPORT_COLUMNS: readonly ExportColumn<TaxReportRowShape>[] = [
  { header: 'Period', cell: (row) => row.period },
  { header: 'Rate', cell: (row) => row.rateName },
  { header: 'Percent', cell: (row) => row.percent },
  { header: 'Net', cell: (row) => money(row.netCents) },
  { header: REPORT_LABELS.taxCollected, cell: (row) => money(row.taxCents) },
  { header: REPORT_LABELS.gross, cell: (row) => money(row.grossCents) },
];

export interface ReceivableRowShape {
  bucket: AgeBucket;
  number: string;
  customer: string;
  dueDate: string;
  daysOverdue: number;
  amountDueCents: number;
}
export const RECEIVABLES_REPORT_COLUMNS: readonly ExportColumn<ReceivableRowShape>[] = [
  { header: 'Age', cell: (row) => AGE_BUCKET_LABELS[row.bucket] },
  { header: 'Invoice', cell: (row) => row.number },
  { header: 'Customer', cell: (row) => row.customer },
  { header: 'Due date', cell: (row) => row.dueDate },
  { header: 'Days overdue', cell: (row) => row.daysOverdue },
  { header: REPORT_LABELS.amountDue, cell: (row) => money(row.amountDueCents) },
];

export interface StockValuePointShape {
  period: string;
  costCents: number;
  priceCents: number;
}
export const STOCK_VALUE_REPORT_COLUMNS: readonly ExportColumn<StockValuePointShape>[] = [
  { header: 'At the end of', cell: (row) => row.period },
  { header: REPORT_LABELS.stockAtCost, cell: (row) => money(row.costCents) },
  { header: REPORT_LABELS.stockAtPrice, cell: (row) => money(row.priceCents) },
];

export type ReportName = 'sales' | 'taxes' | 'receivables' | 'stock-value';
export const reportFileName = (name: ReportName, from: string, to: string) => `${name}-${from}-to-${to}.csv`;

// ---- Reports from rows (the mocks; the server reads the same from its kept figures) ----

/** One order's sale: its day, customer and figures per product key ('' for free text). */
export interface SaleRecord {
  day: string;
  customerId: string | null;
  byProduct: ReadonlyMap<string, SaleFigures>;
}

export interface SalesLabels {
  product: (key: string) => { name: string; category: string } | null;
  customer: (key: string) => string | null;
}

/** Rows a sales report grouped by product, category or customer lists unless asked (the CSV has every row). */
export const REPORT_TOP_ROWS_DEFAULT = 50;
/** The most rows such a report lists in one answer. */
export const REPORT_TOP_ROWS_MAX = 1000;
/** Invoices each receivables bucket lists unless asked (its total and count cover them all; the CSV lists them all). */
export const RECEIVABLE_INVOICES_DEFAULT = 100;
export const RECEIVABLE_INVOICES_MAX = 1000;

const isTimeGroup = (group: ReportSalesGroup): group is ReportTimeGroup => group === 'day' || group === 'week' || group === 'month';

/**
 * How many rows a sales report lists: every period of a time grouping; for products, categories and customers the
 * `limit` asked (default REPORT_TOP_ROWS_DEFAULT); `null` for every row (the CSV).
 */
export function salesRowLimit(query: { groupBy: ReportSalesGroup; limit?: number | null }): number | null {
  if (isTimeGroup(query.groupBy) || query.limit === null) return null;
  return query.limit ?? REPORT_TOP_ROWS_DEFAULT;
}

/** The order of rows by key: largest net first, then by label and key in code-unit order (as SQL's binary collation). */
export function compareSalesRows(a: { netCents: number; label: string; key: string }, b: { netCents: number; label: string; key: string }): number {
  if (a.netCents !== b.netCents) return b.netCents - a.netCents;
  if (a.label !== b.label) return a.label < b.label ? -1 : 1;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

/**
 * The sales report of `sales` for a period, grouped as asked: every period in order, or keys by net, largest first,
 * at most `salesRowLimit(query)` of them; `rowCount` says how many there are in all and `totals` are the whole
 * period's, whatever the limit.
 */
export function salesReportOf(
  sales: readonly SaleRecord[],
  query: { from: string; to: string; groupBy: ReportSalesGroup; limit?: number | null },
  labels: SalesLabels,
) {
  const { from, to, groupBy } = query;
  const byKey = new Map<string, SaleFigures>();
  const add = (key: string, figures: SaleFigures) => byKey.set(key, addFigures(byKey.get(key) ?? ZERO_FIGURES, figures));
  for (const sale of sales) {
    if (sale.day < from || sale.day > to) continue;
    for (const [productKey, figures] of sale.byProduct) {
      if (isTimeGroup(groupBy)) add(periodOf(sale.day, groupBy), figures);
      else if (groupBy === 'product') add(productKey, figures);
      else if (groupBy === 'category') add(productKey === '' ? '' : (labels.product(productKey)?.category ?? ''), figures);
      else add(sale.customerId ?? '', figures);
    }
  }
  const label = (key: string) => {
    if (groupBy === 'product') return key === '' ? 'Free-text lines' : labels.product(key)?.name || 'Deleted product';
    if (groupBy === 'category') return key === '' ? 'No category' : key;
    if (groupBy === 'customer') return key === '' ? 'No customer' : labels.customer(key) || 'Deleted customer';
    return key;
  };
  const withMargin = (figures: SaleFigures) => ({ ...figures, ...marginOf(figures) });
  const all = isTimeGroup(groupBy)
    ? periodsBetween(from, to, groupBy).map((period) => ({ key: period, label: period, ...withMargin(byKey.get(period) ?? ZERO_FIGURES) }))
    : [...byKey]
        .filter(([, figures]) => !isZeroFigures(figures))
        .map(([key, figures]) => ({ key, label: label(key), ...withMargin(figures) }))
        .sort(compareSalesRows);
  const totals = withMargin(all.reduce<SaleFigures>((sum, row) => addFigures(sum, row), ZERO_FIGURES));
  const limit = salesRowLimit(query);
  return { from, to, groupBy, rows: limit === null ? all : all.slice(0, limit), rowCount: all.length, totals };
}

/** The value at the end of each period from a value before `from` and the changes per day (sorted or not). */
export function stockValueSeriesOf(
  before: { costCents: number; priceCents: number },
  changes: readonly { day: string; costCents: number; priceCents: number }[],
  query: { from: string; to: string; groupBy: ReportTimeGroup },
) {
  const { from, to, groupBy } = query;
  const sorted = [...changes].filter((change) => change.day >= from && change.day <= to).sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  let { costCents, priceCents } = before;
  let i = 0;
  const periods = periodsBetween(from, to, groupBy);
  const series = periods.map((period, index) => {
    const next = periods[index + 1];
    const last = next === undefined ? to : addDays(groupBy === 'month' ? `${next}-01` : next, -1);
    while (i < sorted.length && sorted[i]!.day <= last) {
      costCents += sorted[i]!.costCents;
      priceCents += sorted[i]!.priceCents;
      i += 1;
    }
    return { period, costCents, priceCents };
  });
  const end = series[series.length - 1] ?? { costCents, priceCents };
  return { from, to, groupBy, at: { date: to, costCents: end.costCents, priceCents: end.priceCents }, series };
}

/** An issued invoice as receivables read it. */
export interface ReceivableInvoice {
  _id: string;
  number: string;
  customer: string;
  issueDate: string;
  dueDate: string;
  dueCents: number;
}

/**
 * The due dates of each age bucket on `asOf` (both days included; null: no bound), as ageBucketOf reads them, so a
 * database can sum and list each bucket by due date.
 */
export function ageBucketDueDates(asOf: string): Record<AgeBucket, { from: string | null; to: string | null }> {
  return {
    '0-30': { from: addDays(asOf, -30), to: null },
    '31-60': { from: addDays(asOf, -60), to: addDays(asOf, -31) },
    '61-90': { from: addDays(asOf, -90), to: addDays(asOf, -61) },
    'over-90': { from: null, to: addDays(asOf, -91) },
  };
}

export interface ReceivableRow {
  _id: string;
  number: string;
  customer: string;
  dueDate: string;
  daysOverdue: number;
  amountDueCents: number;
}

/**
 * What is owed on `asOf` by age past the due date: each bucket's total and count of every invoice in it, with at most
 * `limit` of them listed (oldest due first; null: all, as the CSV).
 */
export function receivablesOf(invoices: readonly ReceivableInvoice[], asOf: string, limit: number | null = null) {
  const buckets = AGE_BUCKETS.map((bucket) => ({
    bucket,
    label: AGE_BUCKET_LABELS[bucket],
    amountDueCents: 0,
    invoiceCount: 0,
    invoices: [] as ReceivableRow[],
  }));
  const owed = invoices
    .filter((invoice) => invoice.dueCents > 0 && invoice.issueDate <= asOf)
    .sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : a.number < b.number ? -1 : a.number > b.number ? 1 : 0));
  for (const invoice of owed) {
    const bucket = buckets[AGE_BUCKETS.indexOf(ageBucketOf(invoice.dueDate, asOf))]!;
    bucket.amountDueCents += invoice.dueCents;
    bucket.invoiceCount += 1;
    if (limit === null || bucket.invoices.length < limit) bucket.invoices.push(receivableRowOf(invoice, asOf));
  }
  return { asOf, buckets, totalDueCents: buckets.reduce((sum, bucket) => sum + bucket.amountDueCents, 0) };
}

export const receivableRowOf = (invoice: ReceivableInvoice, asOf: string): ReceivableRow => ({
  _id: invoice._id,
  number: invoice.number,
  customer: invoice.customer,
  dueDate: invoice.dueDate,
  daysOverdue: Math.max(0, daysBetween(invoice.dueDate, asOf)),
  amountDueCents: invoice.dueCents,
});
