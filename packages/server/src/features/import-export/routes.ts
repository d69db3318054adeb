import {
  can,
  type ExportContext,
  exportFileName,
  exportQuerySchema,
  forbiddenMessage,
  importQuerySchema,
} from '@inventory/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Readable } from 'node:stream';
import type { Db } from '../../db';
import { HttpError, parse } from '../../http/errors';
import { requireStore, type StoreAccessDeps, storeOf } from '../../stores/access';
import { movementsCsv, ordersCsv, productsCsv } from './export';
import { ImportRejected, type ImportService } from './service';
import { readImportUpload } from './upload';

export interface ImportExportRoutesOptions {
  imports: ImportService;
  access: StoreAccessDeps;
  db: Db;
  /** IMPORT_MAX_BYTES (config.ts). */
  maxBytes: number;
  now: () => Date;
}

/**
 * CSV in and out (docs/decisions/0017-csv-import-export.md, 0029-supplier-files.md): POST /api/products/import
 * (multipart `file`, optional `mapping`, `?dryRun=1`, `?numberFormat=point|comma`) answers `{created, updated}` (a dry
 * run adds how the file was read and its likely duplicates) or 422 `{message, errors}` with nothing written; the three
 * exports stream the active store's rows as a CSV attachment.
 */
export async function importExportRoutes(
  app: FastifyInstance,
  { imports, access, db, maxBytes, now }: ImportExportRoutesOptions,
) {
  // Importing creates and edits products: the role must allow both.
  app.post('/api/products/import', { preHandler: requireStore(access, 'catalogue:create') }, async (request, reply) => {
    const store = storeOf(request);
    if (!can(store.role, 'catalogue:update'))
      throw new HttpError(403, forbiddenMessage(store.role, 'catalogue:update'));
    const { dryRun, numberFormat } = parse(importQuerySchema, request.query);
    const upload = await readImportUpload(request, maxBytes);
    try {
      return await imports.run(store, upload, { dryRun: dryRun === '1' || dryRun === 'true', numberFormat });
    } catch (error) {
      if (error instanceof ImportRejected) return reply.status(422).send(error.answer);
      throw error;
    } finally {
      await upload.discard();
    }
  });

  /** The export's time zone (`?timeZone=`, validated; default UTC): its local-time columns and its file name's date. */
  const contextOf = (request: FastifyRequest): ExportContext => ({
    timeZone: parse(exportQuerySchema, request.query).timeZone ?? 'UTC',
  });
  const sendCsv = (
    request: FastifyRequest,
    reply: FastifyReply,
    what: 'products' | 'orders' | 'movements',
    body: (storeId: string, context: ExportContext) => Readable,
  ) => {
    const context = contextOf(request);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(what, now(), context.timeZone)}"`)
      .header('cache-control', 'no-store')
      .send(body(storeOf(request).storeId, context));
  };

  app.get('/api/products/export', { preHandler: requireStore(access, 'catalogue:read') }, async (request, reply) =>
    sendCsv(request, reply, 'products', (storeId, context) => productsCsv(db, storeId, context, storeOf(request).role)),
  );
  app.get('/api/orders/export', { preHandler: requireStore(access, 'catalogue:read') }, async (request, reply) =>
    sendCsv(request, reply, 'orders', (storeId, context) => ordersCsv(db, storeId, context)),
  );
  app.get('/api/movements/export', { preHandler: requireStore(access, 'catalogue:read') }, async (request, reply) =>
    sendCsv(request, reply, 'movements', (storeId, context) => movementsCsv(db, storeId, context)),
  );
}
