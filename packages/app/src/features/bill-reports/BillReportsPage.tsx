import { useEffect, useState } from 'react';
import {
  AGE_BUCKET_LABELS,
  DEFAULT_CURRENCY,
  formatMoneyIn,
  isIsoDay,
  REPORT_TIME_GROUPS,
  REPORT_LABELS,
  type ReportTimeGroup,
  type SalesReportRow,
} from '@inventory/contract/rules';
import { buttonVariants, Card, EmptyState, ErrorState, Heading, PageHeader, Select, Spinner, TextField } from '@inventory/ui';
import { Download } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { apiClient } from '../../api/client';
import { selectCan } from '../../membership/selectors';
import { usePageTitle } from '../../page/usePageTitle';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { billReportsRequested, selectBillReports } from './billReportsSlice';
import { BarsChart, LinesChart } from './ReportCharts';
import { PERIOD_PRESETS, type PeriodPreset, presetPeriod } from './periods';

const money = (cents: number) => formatMoneyIn(cents, DEFAULT_CURRENCY);
const count = (n: number) => n.toLocaleString('en-US');
const percent = (value: number | null) => (value === null ? '—' : `${value.toFixed(1)} %`);

function csvUrl(path: string, params: Record<string, string>) {
  return `${apiClient.defaults.baseURL ?? ''}/api/reports/${path}.csv?${new URLSearchParams(params).toString()}`;
}

function CsvLink({ path, params, label }: { path: string; params: Record<string, string>; label: string }) {
  return (
    <a href={csvUrl(path, params)} download className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
      <Download aria-hidden="true" className="size-4" />
      {label}
    </a>
  );
}

function Section({ title, actions, children }: { title: string; actions?: React.ReactNode; children: React.ReactNode }) {
  const id = `report-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card>
      <section aria-labelledby={id} className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Heading level={2} id={id} className="m-0 text-lg">
            {title}
          </Heading>
          {actions}
        </div>
        {children}
      </section>
    </Card>
  );
}

/** A small table of figures, the chart's words for screen readers and for anyone who would rather read. */
function FigureTable({ caption, head, rows }: { caption: string; head: string[]; rows: (string | number)[][] }) {
  return (
    // Focusable: a table wider than a phone scrolls sideways by keyboard too.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={`${caption}, table`}>
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {head.map((cell, i) => (
              <th key={cell} scope="col" className={`border-b border-line px-2 py-1.5 font-semibold text-ink-muted ${i === 0 ? 'text-left' : 'text-right'}`}>
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className="border-b border-line px-2 py-1.5 text-left font-normal">
                    {cell}
                  </th>
                ) : (
                  <td key={i} className="border-b border-line px-2 py-1.5 text-right tabular-nums">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const salesCells = (row: SalesReportRow) => [row.label, row.units, money(row.netCents), money(row.taxCents), money(row.costCents), money(row.marginCents), percent(row.marginPercent)];
const SALES_HEAD = (first: string) => [first, REPORT_LABELS.units, REPORT_LABELS.net, REPORT_LABELS.tax, REPORT_LABELS.cost, REPORT_LABELS.margin, REPORT_LABELS.marginPercent];

/**
 * /bill-reports (issue 29; docs/decisions/0045-bill-reports.md): a period, then what sold (net, tax, cost, margin)
 * over time and by product, taxes collected, what customers owe by age and the stock value over time. Each chart has
 * its table beside it and a CSV of the same rows. Owners and managers only, as the reports' permission.
 */
export function BillReportsPage() {
  usePageTitle('Bill Reports');
  const dispatch = useAppDispatch();
  const allowed = useAppSelector(selectCan('reports:read'));
  const { status, reports, message } = useAppSelector(selectBillReports);
  // A link may name the period (`?from=2026-03-01&to=2026-03-31&groupBy=week`); otherwise this month.
  const [search] = useSearchParams();
  const linked = isIsoDay(search.get('from') ?? '') && isIsoDay(search.get('to') ?? '');
  const [preset, setPreset] = useState<PeriodPreset>(linked ? 'custom' : 'this-month');
  const [period, setPeriod] = useState(() => (linked ? { from: search.get('from')!, to: search.get('to')! } : presetPeriod('this-month', new Date())));
  const [groupBy, setGroupBy] = useState<ReportTimeGroup>(() => REPORT_TIME_GROUPS.find((group) => group === search.get('groupBy')) ?? 'day');
  const valid = period.from !== '' && period.to !== '' && period.from <= period.to;
  const ask = () => dispatch(billReportsRequested({ ...period, groupBy }));

  useEffect(() => {
    if (allowed && valid) dispatch(billReportsRequested({ ...period, groupBy }));
  }, [allowed, valid, dispatch, period, groupBy]);

  if (!allowed) {
    return (
      <div className="flex flex-col gap-6">
        <PageHeader title="Bill Reports" className="mb-0" />
        <Card>
          <EmptyState message="Bill Reports show costs and margins: only owners and managers see them." />
        </Card>
      </div>
    );
  }

  const params = { from: period.from, to: period.to };
  let body;
  if (!valid) body = null;
  else if (status === 'failed') body = <ErrorState message={message} onRetry={ask} />;
  else if (status !== 'loaded' || !reports) body = <Spinner label="Loading the reports" />;
  else {
    const { sales, products, taxes, receivables, stockValue } = reports;
    const t = sales.totals;
    const sold = products.rows.length > 0;
    body = (
      <div className="flex flex-col gap-6">
        <Card>
          <dl className="m-0 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6" aria-label="Totals of the period">
            {[
              [REPORT_LABELS.net, money(t.netCents)],
              [REPORT_LABELS.tax, money(t.taxCents)],
              [REPORT_LABELS.gross, money(t.grossCents)],
              [REPORT_LABELS.cost, money(t.costCents)],
              [REPORT_LABELS.margin, money(t.marginCents)],
              [REPORT_LABELS.marginPercent, percent(t.marginPercent)],
            ].map(([label, value]) => (
              <div key={label} className="flex flex-col gap-1">
                <dt className="text-sm text-ink-muted">{label}</dt>
                <dd className="m-0 text-lg font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        </Card>

        <Section title="Sales over time" actions={<CsvLink path="sales" params={{ ...params, groupBy }} label="Sales CSV" />}>
          {sold ? (
            <div className="grid gap-4 xl:grid-cols-2">
              <LinesChart
                label="Net sales and margin over time, as in the table"
                data={sales.rows.map((row) => ({ name: row.label, net: row.netCents / 100, margin: row.marginCents / 100 }))}
                series={[
                  { key: 'net', name: REPORT_LABELS.net, color: 'var(--ds-brand-600)' },
                  { key: 'margin', name: REPORT_LABELS.margin, color: 'var(--ds-success)' },
                ]}
              />
              <FigureTable caption="Sales over time" head={SALES_HEAD('Period')} rows={sales.rows.filter((row) => row.units !== 0 || row.netCents !== 0).map(salesCells)} />
            </div>
          ) : (
            <EmptyState message="No sales in this period." />
          )}
        </Section>

        <Section title="Top products" actions={<CsvLink path="sales" params={{ ...params, groupBy: 'product' }} label="Products CSV" />}>
          {sold ? (
            <div className="grid gap-4 xl:grid-cols-2">
              <BarsChart
                label={`Net sales of the ${products.rows.length} best-selling products, as in the table`}
                data={products.rows.map((row) => ({ name: row.label, net: row.netCents / 100 }))}
                series={[{ key: 'net', name: REPORT_LABELS.net, color: 'var(--ds-brand-600)' }]}
              />
              <FigureTable caption="Sales by product" head={SALES_HEAD('Product')} rows={products.rows.map(salesCells)} />
              {products.rowCount > products.rows.length && (
                <p className="m-0 text-sm text-ink-muted xl:col-span-2">
                  Top {count(products.rows.length)} of {count(products.rowCount)} products — the CSV has them all.
                </p>
              )}
            </div>
          ) : (
            <EmptyState message="No products sold in this period." />
          )}
        </Section>

        <Section title="Taxes collected" actions={<CsvLink path="taxes" params={{ ...params, groupBy: 'month' }} label="Taxes CSV" />}>
          {taxes.rows.length > 0 ? (
            <FigureTable
              caption="Taxes collected by month and rate: issued invoices less credit notes"
              head={['Month', 'Rate', 'Net', REPORT_LABELS.taxCollected]}
              rows={[
                ...taxes.rows.map((row) => [row.period, `${row.rateName} (${row.percent} %)`, money(row.netCents), money(row.taxCents)]),
                ['Total', '', money(taxes.totals.netCents), money(taxes.totals.taxCents)],
              ]}
            />
          ) : (
            <EmptyState message="No invoices issued in this period." />
          )}
        </Section>

        <Section title="Receivables by age" actions={<CsvLink path="receivables" params={{ asOf: period.to }} label="Receivables CSV" />}>
          <p className="m-0 text-sm text-ink-muted">What customers owe on {receivables.asOf}, by days past the due date.</p>
          <FigureTable
            caption="Receivables by age"
            head={['Age', 'Invoices', REPORT_LABELS.amountDue]}
            rows={[
              ...receivables.buckets.map((bucket) => [AGE_BUCKET_LABELS[bucket.bucket], count(bucket.invoiceCount), money(bucket.amountDueCents)]),
              ['Total', count(receivables.buckets.reduce((n, bucket) => n + bucket.invoiceCount, 0)), money(receivables.totalDueCents)],
            ]}
          />
          {receivables.buckets.some((bucket) => bucket.invoices.length > 0) && (
            <details>
              <summary className="cursor-pointer text-sm font-medium">The invoices behind each age</summary>
              <FigureTable
                caption="Invoices owed"
                head={['Invoice', 'Customer', 'Due date', 'Days overdue', REPORT_LABELS.amountDue]}
                rows={receivables.buckets.flatMap((bucket) => [
                  ...bucket.invoices.map((row) => [row.number, row.customer, row.dueDate, row.daysOverdue, money(row.amountDueCents)]),
                  // Where a bucket was cut, a row says how many more the CSV has.
                  ...(bucket.invoiceCount > bucket.invoices.length
                    ? [[`${count(bucket.invoiceCount - bucket.invoices.length)} more in ${bucket.label} — download the CSV`, '', '', '', '']]
                    : []),
                ])}
              />
            </details>
          )}
        </Section>

        <Section title="Stock value over time" actions={<CsvLink path="stock-value" params={{ ...params, groupBy }} label="Stock value CSV" />}>
          <div className="grid gap-4 xl:grid-cols-2">
            <LinesChart
              label="Stock value at cost and at price at the end of each period, as in the table"
              data={stockValue.series.map((point) => ({ name: point.period, cost: point.costCents / 100, price: point.priceCents / 100 }))}
              series={[
                { key: 'cost', name: REPORT_LABELS.stockAtCost, color: 'var(--ds-warning)' },
                { key: 'price', name: REPORT_LABELS.stockAtPrice, color: 'var(--ds-brand-600)' },
              ]}
            />
            <FigureTable
              caption="Stock value at the end of each period"
              head={['At the end of', REPORT_LABELS.stockAtCost, REPORT_LABELS.stockAtPrice]}
              rows={stockValue.series.slice(-12).map((point) => [point.period, money(point.costCents), money(point.priceCents)])}
            />
          </div>
        </Section>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Bill Reports" className="mb-0" />
      <Card>
        <form
          aria-label="Period"
          className="flex flex-wrap items-end gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            ask();
          }}
        >
          <Select
            name="preset"
            label="Period"
            value={preset}
            options={[...PERIOD_PRESETS.map((p) => ({ value: p.value, label: p.label })), { value: 'custom', label: 'Custom' }]}
            onChange={(event) => {
              const value = event.target.value as PeriodPreset;
              setPreset(value);
              if (value !== 'custom') setPeriod(presetPeriod(value, new Date()));
            }}
          />
          <TextField name="from" label="From" type="date" value={period.from} onChange={(event) => (setPreset('custom'), setPeriod({ ...period, from: event.target.value }))} />
          <TextField
            name="to"
            label="To"
            type="date"
            value={period.to}
            error={period.from && period.to && period.from > period.to ? 'The period must end on or after the day it starts.' : undefined}
            onChange={(event) => (setPreset('custom'), setPeriod({ ...period, to: event.target.value }))}
          />
          <Select
            name="groupBy"
            label="Group by"
            value={groupBy}
            options={[
              { value: 'day', label: 'Day' },
              { value: 'week', label: 'Week' },
              { value: 'month', label: 'Month' },
            ]}
            onChange={(event) => setGroupBy(event.target.value as ReportTimeGroup)}
          />
        </form>
      </Card>
      {body}
    </div>
  );
}
