import {
  addFigures,
  dayOf,
  marginOf,
  periodOf,
  ppmToPercent,
  periodsBetween,
  type ReceivablesReport,
  type SaleFigures,
  type SalesReport,
  type SalesReportQuery,
  type SalesReportRow,
  receivableRowOf,
  receivablesOf,
  salesRowLimit,
  ageBucketDueDates,
  AGE_BUCKETS,
  AGE_BUCKET_LABELS,
  type AgeBucket,
  type ReceivableInvoice,
  splitPeriod,
  stockValueSeriesOf,
  type StockValueReport,
  type TaxReport,
  type TaxReportRow,
  type TimeReportQuery,
  ZERO_FIGURES,
} from '@inventory/contract';
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Database, Db } from '../../db';

export interface ReportServiceOptions {
  db: Db;
  now?: () => Date;
}

type Dim = 'product' | 'customer' | 'total';
interface FigureRow {
  key: string;
  net: number | string | null;
  tax: number | string | null;
  gross: number | string | null;
  units: number | string | null;
  cost: number | string | null;
}

const toFigures = (row: FigureRow): SaleFigures => ({
  netCents: Number(row.net ?? 0),
  taxCents: Number(row.tax ?? 0),
  grossCents: Number(row.gross ?? 0),
  units: Number(row.units ?? 0),
  costCents: Number(row.cost ?? 0),
});

const withMargin = (figures: SaleFigures) => ({ ...figures, ...marginOf(figures) });

const SUMS = sql`sum(net_cents) as net, sum(tax_cents) as tax, sum(gross_cents) as gross, sum(units) as units, sum(cost_cents) as cost`;

/**
 * Bill Reports (docs/decisions/0045-bill-reports.md), read from the figures the writes keep: sales from
 * `sales_figures` (whole months from month rows, the edges from day rows), stock value from `stock_value_days`;
 * taxes and receivables from the issued invoices and credit notes themselves (indexed by store and issue date).
 */
export function createReportService({ db, now = () => new Date() }: ReportServiceOptions) {
  /** The figures of one dimension over a period, summed per key: month rows for whole months, day rows for the edges. */
  function figuresOver(reader: Kysely<Database>, storeId: string, dim: Dim, from: string, to: string) {
    const split = splitPeriod(from, to);
    const parts = [
      ...(split.months ? [sql`select key, net_cents, tax_cents, gross_cents, units, cost_cents from sales_figures
        where store_id = ${storeId} and grain = 'month' and dim = ${dim} and period between ${split.months.from} and ${split.months.to}`] : []),
      ...split.days.map((range) => sql`select key, net_cents, tax_cents, gross_cents, units, cost_cents from sales_figures
        where store_id = ${storeId} and grain = 'day' and dim = ${dim} and period between ${range.from} and ${range.to}`),
    ];
    return sql.join(parts, sql` union all `);
  }

  const FALLBACK_LABELS = {
    product: { none: 'Free-text lines', gone: 'Deleted product' },
    customer: { none: 'No customer', gone: 'Deleted customer' },
  } as const;

  /**
   * Sales by product, category or customer: the figures summed per key in SQL (per product first for categories, so
   * products are joined once per product, not once per figure row), keys without any figure left out, largest net
   * first then label and key in binary order (compareSalesRows), at most `limit` rows; `rowCount` counts them all.
   */
  async function salesByKey(storeId: string, query: SalesReportQuery, limit: number | null): Promise<{ rows: SalesReportRow[]; rowCount: number }> {
    const { from, to, groupBy } = query;
    const dim: Dim = groupBy === 'customer' ? 'customer' : 'product';
    const figures = figuresOver(db, storeId, dim, from, to);
    const perKey = sql`select key, ${SUMS} from (${figures}) f group by key`;
    let labelled;
    if (groupBy === 'category') {
      labelled = sql`select coalesce(p.category, '') as key, coalesce(nullif(p.category, ''), 'No category') as label,
          sum(s.net) as net, sum(s.tax) as tax, sum(s.gross) as gross, sum(s.units) as units, sum(s.cost) as cost
        from (${perKey}) s left join products p on p.id = s.key
        group by coalesce(p.category, ''), coalesce(nullif(p.category, ''), 'No category')`;
    } else {
      const table = sql.raw(groupBy === 'customer' ? 'customers' : 'products');
      const fallback = FALLBACK_LABELS[groupBy === 'customer' ? 'customer' : 'product'];
      labelled = sql`select s.key, coalesce(nullif(t.name, ''), case when s.key = '' then ${fallback.none} else ${fallback.gone} end) as label,
          s.net, s.tax, s.gross, s.units, s.cost
        from (${perKey}) s left join ${table} t on t.id = s.key`;
    }
    const binary = db.getExecutor().adapter instanceof PostgresAdapter ? sql` collate "C"` : sql``;
    const rows = (
      await sql<FigureRow & { label: string; row_count: number | string }>`
        select key, label, net, tax, gross, units, cost, count(*) over () as row_count from (${labelled}) r
        where net <> 0 or tax <> 0 or gross <> 0 or units <> 0 or cost <> 0
        order by net desc, label${binary}, key${binary}
        ${limit === null ? sql`` : sql`limit ${limit}`}`.execute(db)
    ).rows;
    return {
      rows: rows.map((row) => ({ key: row.key, label: row.label, ...withMargin(toFigures(row)) })),
      rowCount: rows.length === 0 ? 0 : Number(rows[0]!.row_count),
    };
  }

  /** The whole period's totals from the 'total' dimension: a few rows, whatever the grouping or the limit. */
  async function totalsOver(storeId: string, from: string, to: string): Promise<SaleFigures> {
    const row = (await sql<FigureRow>`select '' as key, ${SUMS} from (${figuresOver(db, storeId, 'total', from, to)}) f`.execute(db)).rows[0];
    return row ? toFigures(row) : ZERO_FIGURES;
  }

  async function salesOverTime(storeId: string, query: SalesReportQuery & { groupBy: 'day' | 'week' | 'month' }): Promise<SalesReportRow[]> {
    const { from, to, groupBy } = query;
    const byPeriod = new Map<string, SaleFigures>();
    const add = (period: string, figures: SaleFigures) => byPeriod.set(period, addFigures(byPeriod.get(period) ?? ZERO_FIGURES, figures));
    if (groupBy === 'month') {
      const split = splitPeriod(from, to);
      if (split.months) {
        const months = await sql<FigureRow>`select period as key, ${SUMS} from sales_figures
          where store_id = ${storeId} and grain = 'month' and dim = 'total' and period between ${split.months.from} and ${split.months.to}
          group by period`.execute(db);
        for (const row of months.rows) add(row.key, toFigures(row));
      }
      for (const range of split.days) await addDays_(range.from, range.to);
    } else {
      await addDays_(from, to);
    }
    async function addDays_(dayFrom: string, dayTo: string) {
      const days = await sql<FigureRow>`select period as key, ${SUMS} from sales_figures
        where store_id = ${storeId} and grain = 'day' and dim = 'total' and period between ${dayFrom} and ${dayTo}
        group by period`.execute(db);
      for (const row of days.rows) add(periodOf(row.key, groupBy), toFigures(row));
    }
    return periodsBetween(from, to, groupBy).map((period) => ({ key: period, label: period, ...withMargin(byPeriod.get(period) ?? ZERO_FIGURES) }));
  }

  return {
    /** The sales report; `limit` null lists every row (the CSV), otherwise the contract's salesRowLimit applies. */
    async sales(storeId: string, query: SalesReportQuery, options: { every?: boolean } = {}): Promise<SalesReport> {
      const { groupBy } = query;
      if (groupBy === 'day' || groupBy === 'week' || groupBy === 'month') {
        const rows = await salesOverTime(storeId, { ...query, groupBy });
        const totals = rows.reduce<SaleFigures>((sum, row) => addFigures(sum, row), ZERO_FIGURES);
        return { from: query.from, to: query.to, groupBy, rows, rowCount: rows.length, totals: withMargin(totals) };
      }
      const limit = salesRowLimit({ groupBy, limit: options.every ? null : query.limit });
      const [{ rows, rowCount }, totals] = await Promise.all([salesByKey(storeId, query, limit), totalsOver(storeId, query.from, query.to)]);
      return { from: query.from, to: query.to, groupBy, rows, rowCount, totals: withMargin(totals) };
    },

    /** Taxes collected: issued invoices less credit notes, each on its issue date, per period and rate. */
    async taxes(storeId: string, query: TimeReportQuery): Promise<TaxReport> {
      const { from, to, groupBy } = query;
      type Row = { day: string; name: string | null; ppm: number | null; net: string | number; tax: string | number; gross: string | number };
      const invoiced = await sql<Row>`
        select i.issue_date as day, l.tax_rate_name as name, l.tax_rate_ppm as ppm, sum(l.net_cents) as net, sum(l.tax_cents) as tax, sum(l.gross_cents) as gross
        from invoices i join invoice_lines l on l.invoice_id = i.id
        where i.store_id = ${storeId} and i.status = 'issued' and i.issue_date between ${from} and ${to}
        group by i.issue_date, l.tax_rate_name, l.tax_rate_ppm`.execute(db);
      const credited = await sql<Row>`
        select c.issue_date as day, l.tax_rate_name as name, l.tax_rate_ppm as ppm, sum(l.net_cents) as net, sum(l.tax_cents) as tax, sum(l.gross_cents) as gross
        from credit_notes c join credit_note_lines l on l.credit_note_id = c.id
        where c.store_id = ${storeId} and c.issue_date between ${from} and ${to}
        group by c.issue_date, l.tax_rate_name, l.tax_rate_ppm`.execute(db);
      const rows = new Map<string, TaxReportRow>();
      const add = (row: Row, sign: 1 | -1) => {
        const period = periodOf(row.day, groupBy);
        const rateName = row.name ?? 'No tax';
        const percent = row.ppm === null ? 0 : ppmToPercent(Number(row.ppm));
        const id = `${period}\u0000${rateName}\u0000${percent}`;
        const sum = rows.get(id) ?? { period, rateName, percent, netCents: 0, taxCents: 0, grossCents: 0 };
        sum.netCents += sign * Number(row.net);
        sum.taxCents += sign * Number(row.tax);
        sum.grossCents += sign * Number(row.gross);
        rows.set(id, sum);
      };
      for (const row of invoiced.rows) add(row, 1);
      // A credit note's lines are stored as the positive amounts they take off.
      for (const row of credited.rows) add(row, -1);
      const list = [...rows.values()].sort((a, b) => (a.period < b.period ? -1 : a.period > b.period ? 1 : b.percent - a.percent || a.rateName.localeCompare(b.rateName)));
      const totals = list.reduce((sum, row) => ({ netCents: sum.netCents + row.netCents, taxCents: sum.taxCents + row.taxCents, grossCents: sum.grossCents + row.grossCents }), { netCents: 0, taxCents: 0, grossCents: 0 });
      return { from, to, groupBy, rows: list, totals };
    },

    /**
     * What customers owe on `asOf` (default today) of the invoices issued by then, by days past the due date: each
     * bucket's total and count summed in SQL over all of them, at most `limit` invoices listed per bucket, oldest due
     * first (null: every invoice, as the CSV). Both read `invoices_receivable_idx` (migration 0036): issued invoices
     * with something owed, by store, due date and number. Issuing always sets the due date.
     */
    async receivables(storeId: string, asOf: string = dayOf(now()), limit: number | null = null): Promise<ReceivablesReport> {
      const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
      const binary = postgres ? sql` collate "C"` : sql``;
      const owed = sql`store_id = ${storeId} and status = 'issued' and gross_cents - credited_cents - paid_cents > 0 and issue_date <= ${asOf}`;
      type Row = { id: string; number_text: string | null; customer: string; due_date: string | null; issue_date: string | null; due: number | string };
      const toInvoice = (row: Row): ReceivableInvoice => ({
        _id: row.id,
        number: row.number_text ?? '',
        customer: (JSON.parse(row.customer) as { name?: string }).name ?? '',
        issueDate: row.issue_date ?? asOf,
        dueDate: row.due_date ?? row.issue_date ?? asOf,
        dueCents: Number(row.due),
      });
      const list = (where: ReturnType<typeof sql>, rowLimit: number | null) =>
        sql<Row>`select id, number_text, customer, due_date, issue_date, gross_cents - credited_cents - paid_cents as due
          from invoices where ${owed} and ${where}
          order by store_id, due_date, number_text${binary} ${rowLimit === null ? sql`` : sql`limit ${rowLimit}`}`.execute(db);
      if (limit === null) return receivablesOf((await list(sql`1 = 1`, null)).rows.map(toInvoice), asOf);

      const dates = ageBucketDueDates(asOf);
      const bucketOf = sql.join(
        AGE_BUCKETS.filter((bucket) => dates[bucket].from !== null).map((bucket) => sql`when due_date >= ${dates[bucket].from} then ${bucket}`),
        sql` `,
      );
      const sums = await sql<{ bucket: AgeBucket; n: number | string; due: number | string }>`
        select bucket, count(*) as n, sum(due) as due from (
          select case ${bucketOf} else 'over-90' end as bucket, gross_cents - credited_cents - paid_cents as due from invoices where ${owed}
        ) b group by bucket`.execute(db);
      const listed = await Promise.all(
        AGE_BUCKETS.map((bucket) => {
          const { from, to } = dates[bucket];
          const where = from === null ? sql`due_date <= ${to}` : to === null ? sql`due_date >= ${from}` : sql`due_date between ${from} and ${to}`;
          return list(where, limit);
        }),
      );
      const buckets = AGE_BUCKETS.map((bucket, i) => {
        const sum = sums.rows.find((row) => row.bucket === bucket);
        return {
          bucket,
          label: AGE_BUCKET_LABELS[bucket],
          amountDueCents: Number(sum?.due ?? 0),
          invoiceCount: Number(sum?.n ?? 0),
          invoices: listed[i]!.rows.map((row) => receivableRowOf(toInvoice(row), asOf)),
        };
      });
      return { asOf, buckets, totalDueCents: buckets.reduce((total, bucket) => total + bucket.amountDueCents, 0) };
    },

    /** The stock value at the end of `to` and of each period: the day changes summed, never the ledger replayed. */
    async stockValue(storeId: string, query: TimeReportQuery): Promise<StockValueReport> {
      const { from, to } = query;
      const before = await sql<{ cost: string | number | null; price: string | number | null }>`
        select sum(cost_cents) as cost, sum(price_cents) as price from stock_value_days where store_id = ${storeId} and day < ${from}`.execute(db);
      const days = await sql<{ day: string; cost: string | number; price: string | number }>`
        select day, cost_cents as cost, price_cents as price from stock_value_days
        where store_id = ${storeId} and day between ${from} and ${to} order by day`.execute(db);
      return stockValueSeriesOf(
        { costCents: Number(before.rows[0]?.cost ?? 0), priceCents: Number(before.rows[0]?.price ?? 0) },
        days.rows.map((row) => ({ day: row.day, costCents: Number(row.cost), priceCents: Number(row.price) })),
        query,
      );
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
