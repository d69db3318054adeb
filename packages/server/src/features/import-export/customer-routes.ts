import { can, customerImportQuerySchema, exportFileName, exportQuerySchema, forbiddenMessage } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { HttpError, parse } from '../../http/errors';
import { requireStore, type StoreAccessDeps, storeOf } from '../../stores/access';
import type { CustomerImport } from './customers-import';
import { customersCsv } from './customers-export';
import { ImportRejected } from './service';
import { readCustomerImportUpload } from './upload';

export interface CustomerCsvRoutesOptions {
  customerImport: CustomerImport;
  access: StoreAccessDeps;
  db: Db;
  /** IMPORT_MAX_BYTES (config.ts). */
  maxBytes: number;
  now: () => Date;
}

/**
 * Customers as CSV (docs/decisions/0035-customers.md): POST /api/customers/import (multipart `file`, optional
 * `mapping`, `?dryRun=1`) answers `{created, updated}` or 422 `{message, errors}` with nothing written, as the
 * catalogue's import; GET /api/customers/export streams the store's customers.
 */
export async function customerCsvRoutes(app: FastifyInstance, { customerImport, access, db, maxBytes, now }: CustomerCsvRoutesOptions) {
  // Importing creates and edits customers: the role must allow both.
  app.post('/api/customers/import', { preHandler: requireStore(access, 'customers:create') }, async (request, reply) => {
    const store = storeOf(request);
    if (!can(store.role, 'customers:update')) throw new HttpError(403, forbiddenMessage(store.role, 'customers:update'));
    const { dryRun } = parse(customerImportQuerySchema, request.query);
    const upload = await readCustomerImportUpload(request, maxBytes);
    try {
      return await customerImport.run(store, upload, { dryRun: dryRun === '1' || dryRun === 'true' });
    } catch (error) {
      if (error instanceof ImportRejected) return reply.status(422).send(error.answer);
      throw error;
    } finally {
      await upload.discard();
    }
  });

  app.get('/api/customers/export', { preHandler: requireStore(access, 'customers:read') }, async (request, reply) => {
    const context = { timeZone: parse(exportQuerySchema, request.query).timeZone ?? 'UTC' };
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName('customers', now(), context.timeZone)}"`)
      .header('cache-control', 'no-store')
      .send(customersCsv(db, storeOf(request).storeId, context));
  });
}
