import { CUSTOMER_EXPORT_COLUMNS, type CustomerImportMapping, parseCustomerImportMapping } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import type { StoreAccessDeps } from '../../stores/access';
import { toCustomer } from '../../customers/mapping';
import type { CustomerImport } from './customers-import';
import { recordCsvRoutes } from './record-routes';
import { recordsCsv } from './records-export';

export interface CustomerCsvRoutesOptions {
  customerImport: CustomerImport;
  access: StoreAccessDeps;
  db: Db;
  /** IMPORT_MAX_BYTES (config.ts). */
  maxBytes: number;
  now: () => Date;
}

/**
 * Customers as CSV (docs/decisions/0035-customers.md): POST /api/customers/import and GET /api/customers/export, by
 * the shared record CSV routes (record-routes.ts); rows matched by email.
 */
export async function customerCsvRoutes(app: FastifyInstance, { customerImport, ...options }: CustomerCsvRoutesOptions) {
  await recordCsvRoutes<CustomerImportMapping>(app, {
    ...options,
    table: 'customers',
    permissions: { read: 'customers:read', create: 'customers:create', update: 'customers:update' },
    parseMapping: parseCustomerImportMapping,
    run: customerImport.run,
    exportFile: (db, storeId, context) => recordsCsv(db, 'customers', storeId, CUSTOMER_EXPORT_COLUMNS, toCustomer, context),
  });
}
