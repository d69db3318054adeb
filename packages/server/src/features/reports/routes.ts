import {
  type ExportColumn,
  exportFile,
  DEFAULT_EXPORT_CONTEXT,
  RECEIVABLE_INVOICES_DEFAULT,
  receivablesQuerySchema,
  RECEIVABLES_REPORT_COLUMNS,
  type ReportName,
  reportFileName,
  SALES_REPORT_COLUMNS,
  salesReportQuerySchema,
  STOCK_VALUE_REPORT_COLUMNS,
  TAX_REPORT_COLUMNS,
  timeReportQuerySchema,
} from '@inventory/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { parse } from '../../http/errors';
import { requireStore, type StoreAccessDeps, storeOf } from '../../stores/access';
import type { ReportService } from './service';

export interface ReportRoutesOptions {
  reports: ReportService;
  access: StoreAccessDeps;
}

function sendCsv<Row>(reply: FastifyReply, name: ReportName, from: string, to: string, columns: readonly ExportColumn<Row>[], rows: readonly Row[]) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${reportFileName(name, from, to)}"`)
    .header('cache-control', 'private, no-store')
    .send(exportFile(columns, rows, DEFAULT_EXPORT_CONTEXT));
}

/**
 * /api/reports (docs/decisions/0045-bill-reports.md): owners and managers; each report as JSON and as CSV. The JSON
 * lists the top rows and the first invoices of each age (`limit`); the CSV has every row.
 */
export async function reportRoutes(app: FastifyInstance, { reports, access }: ReportRoutesOptions) {
  const read = requireStore(access, 'reports:read');
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

  app.get('/api/reports/sales', { preHandler: read }, async (request, reply) =>
    noStore(reply).send(await reports.sales(storeOf(request).storeId, parse(salesReportQuerySchema, request.query))),
  );
  app.get('/api/reports/sales.csv', { preHandler: read }, async (request, reply) => {
    const query = parse(salesReportQuerySchema, request.query);
    const report = await reports.sales(storeOf(request).storeId, query, { every: true });
    return sendCsv(reply, 'sales', query.from, query.to, SALES_REPORT_COLUMNS, report.rows);
  });

  app.get('/api/reports/taxes', { preHandler: read }, async (request, reply) =>
    noStore(reply).send(await reports.taxes(storeOf(request).storeId, parse(timeReportQuerySchema, request.query))),
  );
  app.get('/api/reports/taxes.csv', { preHandler: read }, async (request, reply) => {
    const query = parse(timeReportQuerySchema, request.query);
    const report = await reports.taxes(storeOf(request).storeId, query);
    return sendCsv(reply, 'taxes', query.from, query.to, TAX_REPORT_COLUMNS, report.rows);
  });

  app.get('/api/reports/receivables', { preHandler: read }, async (request, reply) => {
    const query = parse(receivablesQuerySchema, request.query);
    return noStore(reply).send(await reports.receivables(storeOf(request).storeId, query.asOf, query.limit ?? RECEIVABLE_INVOICES_DEFAULT));
  });
  app.get('/api/reports/receivables.csv', { preHandler: read }, async (request, reply) => {
    // Every invoice, whatever `limit` asks of the JSON answer.
    const report = await reports.receivables(storeOf(request).storeId, parse(receivablesQuerySchema, request.query).asOf, null);
    const rows = report.buckets.flatMap((bucket) => bucket.invoices.map((invoice) => ({ ...invoice, bucket: bucket.bucket })));
    return sendCsv(reply, 'receivables', report.asOf, report.asOf, RECEIVABLES_REPORT_COLUMNS, rows);
  });

  app.get('/api/reports/stock-value', { preHandler: read }, async (request, reply) =>
    noStore(reply).send(await reports.stockValue(storeOf(request).storeId, parse(timeReportQuerySchema, request.query))),
  );
  app.get('/api/reports/stock-value.csv', { preHandler: read }, async (request, reply) => {
    const query = parse(timeReportQuerySchema, request.query);
    const report = await reports.stockValue(storeOf(request).storeId, query);
    return sendCsv(reply, 'stock-value', query.from, query.to, STOCK_VALUE_REPORT_COLUMNS, report.series);
  });
}
