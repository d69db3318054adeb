import {
  can,
  createCustomerImportChecker,
  CUSTOMER_EXPORT_COLUMNS,
  emailMatchKey,
  forbiddenMessage,
  newCustomerValues,
  parseCustomerImportMapping,
} from '@inventory/contract';
import { http, HttpResponse } from 'msw';
import { customersOf, mockDb, newUuid, notifyMockDbChange, stampChange, type StoredCustomer } from '../db';
import { api, errorResponse } from '../http';
import { requireStore } from '../store-auth';
import { csvResponse } from './import-export';
import { readRecordImport } from './record-csv';

/** The customers CSV routes with the server's rules (features/import-export customer-routes.ts). */
export const customerCsvHandlers = [
  http.post(api('/customers/import'), async ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'customers:create');
    if (!auth.ok) return auth.response;
    if (!can(auth.role, 'customers:update')) return errorResponse(403, forbiddenMessage(auth.role, 'customers:update'));
    const read = await readRecordImport(request, parseCustomerImportMapping, createCustomerImportChecker);
    if (!read.ok) return read.response;
    const storeId = auth.store._id;
    const byEmail = new Map<string, StoredCustomer>();
    for (const customer of customersOf(storeId)) if (customer.email !== '') byEmail.set(emailMatchKey(customer.email), customer);
    const matched = (key: string | null) => (key === null ? undefined : byEmail.get(key));
    const updated = read.rows.filter((row) => matched(row.matchKey) !== undefined).length;
    const counts = { created: read.rows.length - updated, updated };
    if (read.dryRun) return HttpResponse.json({ ...counts, encoding: read.encoding, delimiter: read.delimiter });
    const at = new Date().toISOString();
    for (const row of read.rows) {
      const current = matched(row.matchKey);
      if (current) {
        Object.assign(current, row.values);
        stampChange(current, auth.actor, at);
        continue;
      }
      mockDb.customers.push({ _id: newUuid(), ...newCustomerValues(row), archivedAt: null, createdAt: at, updatedAt: at, storeId, version: 1, creator: auth.actor, changer: auth.actor });
    }
    notifyMockDbChange();
    return HttpResponse.json(counts);
  }),

  http.get(api('/customers/export'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'customers:read');
    if (!auth.ok) return auth.response;
    return csvResponse(request, 'customers', CUSTOMER_EXPORT_COLUMNS, () => customersOf(auth.store._id));
  }),
];
