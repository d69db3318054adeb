import {
  can,
  createCustomerImportChecker,
  CSV_ENCODING_LABELS,
  CUSTOMER_EXPORT_COLUMNS,
  customerImportQuerySchema,
  type CustomerImportMapping,
  type CustomerImportRow,
  csvSyntaxMessage,
  decodeCsv,
  detectDelimiter,
  emailMatchKey,
  firstIssueMessage,
  forbiddenMessage,
  IMPORT_MESSAGES,
  invalidUtf8Line,
  looksBinary,
  newCustomerValues,
  normalizeLineEndings,
  parseCustomerImportMapping,
  scanCsvSyntax,
} from '@inventory/contract';
import { http, HttpResponse } from 'msw';
import Papa from 'papaparse';
import { customersOf, mockDb, newUuid, notifyMockDbChange, stampChange, type StoredCustomer } from '../db';
import { api, errorResponse, readMultipart } from '../http';
import { requireStore } from '../store-auth';
import { CSV_TYPES, csvResponse, mockImportSettings, refusal } from './import-export';

/** The rows of a customers file checked by the contract's checker over papaparse's records; a 422 answer when any fails. */
function checkFile(text: string, mapping: CustomerImportMapping | null) {
  const body = normalizeLineEndings(text.replace(/^\uFEFF/, ''));
  const delimiter = detectDelimiter(body.split(/\r?\n/, 1)[0] ?? '');
  const syntax = scanCsvSyntax(body, delimiter);
  const parsed = Papa.parse<string[]>(body, { delimiter, skipEmptyLines: false });
  const checker = createCustomerImportChecker(mapping);
  const rows: CustomerImportRow[] = [];
  for (const [index, record] of parsed.data.entries()) {
    if (syntax && index >= syntax.record) return { ok: false as const, answer: checker.malformed(csvSyntaxMessage(syntax.problem)) };
    if (index === 0) {
      const problem = checker.header(record);
      if (problem) return { ok: false as const, answer: problem };
      continue;
    }
    const row = checker.record(record);
    if (row) rows.push(row);
  }
  if (syntax) return { ok: false as const, answer: checker.malformed(csvSyntaxMessage(syntax.problem)) };
  const problem = checker.finish();
  return problem ? { ok: false as const, answer: problem } : { ok: true as const, rows, delimiter };
}

/** The customers CSV routes with the server's rules (features/import-export customer-routes.ts). */
export const customerCsvHandlers = [
  http.post(api('/customers/import'), async ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'customers:create');
    if (!auth.ok) return auth.response;
    if (!can(auth.role, 'customers:update')) return errorResponse(403, forbiddenMessage(auth.role, 'customers:update'));
    const query = customerImportQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) return errorResponse(400, firstIssueMessage(query.error));
    const dryRun = query.data.dryRun === '1' || query.data.dryRun === 'true';
    const form = await readMultipart(request);
    if (!form.ok) return form.response;
    const file = form.files.file;
    if (!file) return errorResponse(400, IMPORT_MESSAGES.fileRequired);
    if (file.size > mockImportSettings.maxBytes) return errorResponse(413, IMPORT_MESSAGES.tooLarge(mockImportSettings.maxBytes));
    if (!CSV_TYPES.has(file.type) && !/\.csv$/i.test(file.name)) return errorResponse(400, IMPORT_MESSAGES.notCsv);
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (looksBinary(bytes)) return errorResponse(400, IMPORT_MESSAGES.notCsv);
    const mappingText = form.fields.mapping;
    const mapping = mappingText === undefined || mappingText.trim() === '' ? null : parseCustomerImportMapping(mappingText);
    if (mappingText !== undefined && mappingText.trim() !== '' && mapping === null) return errorResponse(400, IMPORT_MESSAGES.mappingInvalid);
    const decoded = decodeCsv(bytes);
    if (decoded.text === null)
      return decoded.encoding === 'utf-8-bom'
        ? refusal(IMPORT_MESSAGES.notUtf8(invalidUtf8Line(bytes) ?? 1), invalidUtf8Line(bytes) ?? 1)
        : refusal(IMPORT_MESSAGES.notInEncoding(CSV_ENCODING_LABELS[decoded.encoding]));
    const checked = checkFile(decoded.text, mapping);
    if (!checked.ok) return HttpResponse.json(checked.answer, { status: 422 });

    const storeId = auth.store._id;
    const byEmail = new Map<string, StoredCustomer>();
    for (const customer of customersOf(storeId)) if (customer.email !== '') byEmail.set(emailMatchKey(customer.email), customer);
    const matched = (row: CustomerImportRow) => (row.matchKey === null ? undefined : byEmail.get(row.matchKey));
    const updated = checked.rows.filter((row) => matched(row) !== undefined).length;
    if (dryRun)
      return HttpResponse.json({ created: checked.rows.length - updated, updated, encoding: decoded.encoding, delimiter: checked.delimiter });
    const at = new Date().toISOString();
    for (const row of checked.rows) {
      const current = matched(row);
      if (current) {
        Object.assign(current, row.values);
        stampChange(current, auth.actor, at);
        continue;
      }
      mockDb.customers.push({
        _id: newUuid(),
        ...newCustomerValues(row),
        archivedAt: null,
        createdAt: at,
        updatedAt: at,
        storeId,
        version: 1,
        creator: auth.actor,
        changer: auth.actor,
      });
    }
    notifyMockDbChange();
    return HttpResponse.json({ created: checked.rows.length - updated, updated });
  }),

  http.get(api('/customers/export'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'customers:read');
    if (!auth.ok) return auth.response;
    return csvResponse(request, 'customers', CUSTOMER_EXPORT_COLUMNS, () => customersOf(auth.store._id));
  }),
];
