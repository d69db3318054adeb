import { z } from 'zod';
import {
  AGE_BUCKETS,
  daysBetween,
  isIsoDay,
  RECEIVABLE_INVOICES_DEFAULT,
  RECEIVABLE_INVOICES_MAX,
  REPORT_MAX_DAYS,
  REPORT_SALES_GROUPS,
  REPORT_TIME_GROUPS,
  REPORT_TOP_ROWS_DEFAULT,
  REPORT_TOP_ROWS_MAX,
} from '../reports';

/** The reports' own messages (a 400's `{message}`), apart from messages.ts so parallel work merges cleanly. */
export const REPORT_MESSAGES = {
  dateInvalid: (field: string) => `${field} must be a date written YYYY-MM-DD.`,
  periodReversed: 'The period must end on or after the day it starts.',
  periodTooLong: `A report reads at most ${REPORT_MAX_DAYS} days.`,
  groupInvalid: (allowed: readonly string[]) => `Group by one of: ${allowed.join(', ')}.`,
  limitInvalid: (max: number) => `Limit must be a whole number from 1 to ${max}.`,
} as const;

const limit = (max: number) =>
  z.coerce
    .number({ error: REPORT_MESSAGES.limitInvalid(max) })
    .int({ error: REPORT_MESSAGES.limitInvalid(max) })
    .min(1, { error: REPORT_MESSAGES.limitInvalid(max) })
    .max(max, { error: REPORT_MESSAGES.limitInvalid(max) });

const day = (field: string) =>
  z.string({ error: REPORT_MESSAGES.dateInvalid(field) }).refine(isIsoDay, { error: REPORT_MESSAGES.dateInvalid(field) }).describe('YYYY-MM-DD');

function checkPeriod(query: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (query.from > query.to) ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.periodReversed, path: ['to'] });
  else if (daysBetween(query.from, query.to) + 1 > REPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.periodTooLong, path: ['to'] });
}

/** GET /api/reports/sales: a period (both days included) grouped by time or by product, category or customer. */
export const salesReportQuerySchema = z
  .strictObject({
    from: day('From'),
    to: day('To'),
    groupBy: z.enum(REPORT_SALES_GROUPS, { error: REPORT_MESSAGES.groupInvalid(REPORT_SALES_GROUPS) }).default('day').describe('day, week (from Monday), month, product, category or customer'),
    limit: limit(REPORT_TOP_ROWS_MAX)
      .optional()
      .describe(`By product, category or customer: the rows listed, largest net first (1–${REPORT_TOP_ROWS_MAX}, default ${REPORT_TOP_ROWS_DEFAULT}); by time every period is listed. The CSV lists every row.`),
  })
  .superRefine(checkPeriod);
export type SalesReportQuery = z.infer<typeof salesReportQuerySchema>;

/** GET /api/reports/taxes and /api/reports/stock-value: a period grouped by day, week or month. */
export const timeReportQuerySchema = z
  .strictObject({
    from: day('From'),
    to: day('To'),
    groupBy: z.enum(REPORT_TIME_GROUPS, { error: REPORT_MESSAGES.groupInvalid(REPORT_TIME_GROUPS) }).default('month').describe('day, week (from Monday) or month'),
  })
  .superRefine(checkPeriod);
export type TimeReportQuery = z.infer<typeof timeReportQuerySchema>;

/** GET /api/reports/receivables: what is owed on a day (default today), by age past the due date. */
export const receivablesQuerySchema = z.strictObject({
  asOf: day('As of').optional().describe('YYYY-MM-DD; default today (UTC)'),
  limit: limit(RECEIVABLE_INVOICES_MAX)
    .optional()
    .describe(`The invoices each bucket lists, oldest due first (1–${RECEIVABLE_INVOICES_MAX}, default ${RECEIVABLE_INVOICES_DEFAULT}); its total and count cover them all. The CSV lists every invoice.`),
});
export type ReceivablesQuery = z.infer<typeof receivablesQuerySchema>;

const figures = {
  netCents: z.number().int(),
  taxCents: z.number().int(),
  grossCents: z.number().int(),
  units: z.number().int(),
  costCents: z.number().int().describe('What left stock for these sales, at the unit cost recorded on each movement then'),
  marginCents: z.number().int().describe('Net less cost'),
  marginPercent: z.number().nullable().describe('Margin as a percent of net, one decimal; null without net'),
};

export const salesReportRowSchema = z.object({
  key: z.string().describe("The period (YYYY-MM-DD, a week's Monday, YYYY-MM) or the product's, category's or customer's id ('' for none)"),
  label: z.string(),
  ...figures,
});
export const salesReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(REPORT_SALES_GROUPS),
  rows: z.array(salesReportRowSchema).describe('Periods in order (every period, empty ones too); otherwise largest net first, at most `limit`'),
  rowCount: z.number().int().min(0).describe('How many rows there are in all (by product, category or customer: those with any figure), beyond `limit` too'),
  totals: z.object(figures).describe('The whole period, whatever the limit'),
});
export type SalesReport = z.infer<typeof salesReportSchema>;
export type SalesReportRow = z.infer<typeof salesReportRowSchema>;

const taxAmounts = { netCents: z.number().int(), taxCents: z.number().int(), grossCents: z.number().int() };
export const taxReportRowSchema = z.object({ period: z.string(), rateName: z.string(), percent: z.number(), ...taxAmounts });
export const taxReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(REPORT_TIME_GROUPS),
  rows: z.array(taxReportRowSchema).describe('Issued invoices less credit notes, by their issue dates, per period and rate'),
  totals: z.object(taxAmounts),
});
export type TaxReport = z.infer<typeof taxReportSchema>;
export type TaxReportRow = z.infer<typeof taxReportRowSchema>;

export const receivableInvoiceSchema = z.object({
  _id: z.string(),
  number: z.string(),
  customer: z.string(),
  dueDate: z.string(),
  daysOverdue: z.number().int(),
  amountDueCents: z.number().int(),
});
export const receivablesReportSchema = z.object({
  asOf: z.string(),
  buckets: z.array(
    z.object({
      bucket: z.enum(AGE_BUCKETS),
      label: z.string(),
      amountDueCents: z.number().int().describe('What every invoice of the bucket owes'),
      invoiceCount: z.number().int().min(0).describe('How many invoices the bucket holds, beyond `limit` too'),
      invoices: z.array(receivableInvoiceSchema).describe('At most `limit`, oldest due first'),
    }),
  ),
  totalDueCents: z.number().int(),
});
export type ReceivablesReport = z.infer<typeof receivablesReportSchema>;

export const stockValuePointSchema = z.object({
  period: z.string().describe('The period; the value is the one at the end of its last day'),
  costCents: z.number().int(),
  priceCents: z.number().int(),
});
export const stockValueReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(REPORT_TIME_GROUPS),
  at: z.object({ date: z.string(), costCents: z.number().int(), priceCents: z.number().int() }).describe('The value at the end of `to`'),
  series: z.array(stockValuePointSchema),
});
export type StockValueReport = z.infer<typeof stockValueReportSchema>;
