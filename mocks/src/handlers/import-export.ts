import {
  activeProducts,
  can,
  createCategoryReport,
  createDuplicateReport,
  createImportChecker,
  CATALOGUE_FIELDS,
  catalogueValues,
  type CatalogueValues,
  CSV_ENCODING_LABELS,
  decodeCsv,
  csvSyntaxMessage,
  detectDelimiter,
  exportFileName,
  forbiddenMessage,
  type ExportColumn,
  type ExportContext,
  type ExportName,
  exportFile,
  exportQuerySchema,
  idsInFileOrder,
  IMPORT_MAX_BYTES_DEFAULT,
  IMPORT_MESSAGES,
  importQuerySchema,
  firstIssueMessage,
  type ImportMapping,
  invalidUtf8Line,
  looksBinary,
  makeFreeSku,
  identityKeys,
  type ImportCodes,
  matchImportRow,
  MESSAGES,
  barcodeTakenProblem,
  MOVEMENT_EXPORT_COLUMNS,
  nameMatchKey,
  type NumberFormat,
  normalizeLineEndings,
  ORDER_EXPORT_COLUMNS,
  productExportColumnsFor,
  importMappingRefusal,
  type Role,
  type NumberedImportRow,
  scanCsvSyntax,
  parseImportMapping,
  IMPORT_MAX_NEW_SUPPLIERS,
  preferredOfNewLink,
  PRODUCT_SUPPLIER_DEFAULTS,
  SUPPLIER_LINK_IMPORT_MESSAGES,
  supplierNameKey,
} from '@inventory/contract';
import { http, HttpResponse } from 'msw';
import Papa from 'papaparse';
import {
  categoriesOf,
  mockDb,
  newUuid,
  notifyMockDbChange,
  ordersOf,
  productsOf,
  resolveMockCategory,
  stampChange,
  type StoredActor,
  type StoredProduct,
  type StoredSupplier,
  suppliersOf,
} from '../db';
import { api, errorResponse, readMultipart } from '../http';
import { sanitizeDescription } from '../sanitize';
import { requireStore } from '../store-auth';
import { moveMockStock, recordMovement } from './stock';

/**
 * The CSV import and exports with the server's rules (features/import-export): the contract's import checker over
 * papaparse's records (it runs in the browser and in node), nothing written unless every row passes, rows naming an
 * existing SKU update it with an `import` movement; exports with the same header rows and the same neutralized cells.
 */

/** The upload limit the mock applies (IMPORT_MAX_BYTES); stories set a small one to show the 413. */
export const mockImportSettings = { maxBytes: IMPORT_MAX_BYTES_DEFAULT };

export const CSV_TYPES = new Set([
  'text/csv',
  'text/plain',
  'application/csv',
  'application/vnd.ms-excel',
  'application/octet-stream',
  'text/x-csv',
  '',
]);

function parseMapping(text: string | undefined): { ok: true; mapping: ImportMapping | null } | { ok: false } {
  if (text === undefined || text.trim() === '') return { ok: true, mapping: null };
  const mapping = parseImportMapping(text);
  return mapping ? { ok: true, mapping } : { ok: false };
}

/** The fields a row maps (an unmapped one is undefined: the product keeps its value). */
const definedFields = (row: Partial<CatalogueValues>) =>
  Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined)) as Partial<CatalogueValues>;

/** The rows of a file, checked; a 422 answer when any fails. */
function checkFile(
  text: string,
  mapping: ImportMapping | null,
  match: (codes: ImportCodes) => { _id: string } | undefined,
  numberFormat: NumberFormat | null,
  role: Role,
  supplierOf: (key: string) => StoredSupplier | undefined,
) {
  // papaparse takes one line ending for the whole file; the server's reader takes each record's own.
  const body = normalizeLineEndings(text.replace(/^\uFEFF/, ''));
  const delimiter = detectDelimiter(body.split(/\r?\n/, 1)[0] ?? '');
  const syntax = scanCsvSyntax(body, delimiter);
  const parsed = Papa.parse<string[]>(body, { delimiter, skipEmptyLines: false });
  const checker = createImportChecker(mapping, (sku) => match({ sku }) !== undefined, { numberFormat });
  const rows: NumberedImportRow[] = [];
  // Two rows naming one product (by any of its codes) would be two writes of it, as on the server.
  for (const [index, record] of parsed.data.entries()) {
    // The rows before the malformed one are checked too, so their errors are listed with it (as on the server).
    if (syntax && index >= syntax.record)
      return { ok: false as const, answer: checker.malformed(csvSyntaxMessage(syntax.problem)) };
    if (index === 0) {
      const problem = checker.header(record);
      // A column for a field the role may not set (the cost) refuses the file before anything else (as the server).
      const refused = importMappingRefusal(role, checker.mapping);
      if (refused) return { ok: false as const, response: errorResponse(403, refused) };
      if (problem) return { ok: false as const, answer: problem };
      continue;
    }
    const row = checker.record(record);
    // As the server: once a row failed, the others are checked but no longer matched (nothing will be written).
    if (!row || checker.failed) continue;
    const barcodeHolder = row.barcode ? match({ barcode: row.barcode })?._id : undefined;
    if (!checker.claimMatch(row, match(row)?._id, barcodeHolder)) continue;
    // A row may not link its product to an archived supplier (as on the server).
    const supplier = row.supplier ? supplierOf(row.supplier.key) : undefined;
    if (supplier?.archivedAt) {
      checker.refuseSupplier(row, SUPPLIER_LINK_IMPORT_MESSAGES.supplierArchived(supplier.name));
      continue;
    }
    rows.push(row);
  }
  if (syntax) return { ok: false as const, answer: checker.malformed(csvSyntaxMessage(syntax.problem)) };
  const problem = checker.finish();
  return problem
    ? { ok: false as const, answer: problem }
    : { ok: true as const, rows, delimiter, suppliers: checker.mapsSupplier ? checker.mappedLinkFields : null };
}

/**
 * The supplier links an import's rows give (as the server's suppliers/import-links.ts): suppliers the store has no
 * supplier of that name for made once, each link made (preferred when its product has none) or, when the product has
 * it, changed in the columns the file maps.
 */
function writeImportLinks(
  storeId: string,
  links: { productId: string; row: NumberedImportRow }[],
  suppliers: Map<string, StoredSupplier>,
  mapped: { partNumber: boolean; packSize: boolean; lastCost: boolean },
  actor: StoredActor,
  at: string,
): void {
  for (const { productId, row } of links) {
    const link = row.supplier!;
    let supplier = suppliers.get(link.key);
    if (!supplier) {
      supplier = { _id: newUuid(), name: link.name, contact: '', email: '', phone: '', address: '', leadTimeDays: null, notes: '', archivedAt: null, createdAt: at, updatedAt: at, storeId, version: 1, creator: actor, changer: actor };
      mockDb.suppliers.push(supplier);
      suppliers.set(link.key, supplier);
    }
    const fields = {
      ...(mapped.partNumber ? { partNumber: link.partNumber ?? PRODUCT_SUPPLIER_DEFAULTS.partNumber } : {}),
      ...(mapped.packSize ? { packSize: link.packSize ?? PRODUCT_SUPPLIER_DEFAULTS.packSize } : {}),
      ...(mapped.lastCost ? { lastCost: link.lastCost ?? null } : {}),
    };
    const existing = mockDb.productSuppliers.find((l) => l.productId === productId && l.supplierId === supplier._id);
    if (existing) {
      Object.assign(existing, fields, { changer: actor, updatedAt: at });
      continue;
    }
    const preferred = preferredOfNewLink(undefined, mockDb.productSuppliers.some((l) => l.productId === productId && l.preferred));
    mockDb.productSuppliers.push({ _id: newUuid(), storeId, productId, supplierId: supplier._id, ...PRODUCT_SUPPLIER_DEFAULTS, ...fields, preferred, createdAt: at, updatedAt: at, creator: actor, changer: actor });
  }
}

export const refusal = (message: string, row = 1) =>
  HttpResponse.json({ message, errors: [{ row, column: '', message }] }, { status: 422 });

/** An export as the server answers it: the contract's one export rule (csv-export.ts), the zone from `?timeZone=`. */
export function csvResponse<Row>(
  request: Request,
  what: ExportName,
  columns: readonly ExportColumn<Row>[],
  rows: (context: ExportContext) => Row[],
): Response {
  const query = exportQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return errorResponse(400, firstIssueMessage(query.error));
  const context: ExportContext = { timeZone: query.data.timeZone ?? 'UTC' };
  return new HttpResponse(exportFile(columns, rows(context), context), {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${exportFileName(what, new Date(), context.timeZone)}"`,
      'cache-control': 'no-store',
    },
  });
}

export const importExportHandlers = [
  http.post(api('/products/import'), async ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'catalogue:create');
    if (!auth.ok) return auth.response;
    if (!can(auth.role, 'catalogue:update')) return errorResponse(403, forbiddenMessage(auth.role, 'catalogue:update'));
    const query = importQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!query.success) return errorResponse(400, firstIssueMessage(query.error));
    const dryRun = query.data.dryRun === '1' || query.data.dryRun === 'true';
    const numberFormat = query.data.numberFormat ?? null;
    const form = await readMultipart(request);
    if (!form.ok) return form.response;
    const file = form.files.file;
    if (!file) return errorResponse(400, IMPORT_MESSAGES.fileRequired);
    if (file.size > mockImportSettings.maxBytes)
      return errorResponse(413, IMPORT_MESSAGES.tooLarge(mockImportSettings.maxBytes));
    if (!CSV_TYPES.has(file.type) && !/\.csv$/i.test(file.name)) return errorResponse(400, IMPORT_MESSAGES.notCsv);
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (looksBinary(bytes)) return errorResponse(400, IMPORT_MESSAGES.notCsv);
    const mapping = parseMapping(form.fields.mapping);
    if (!mapping.ok) return errorResponse(400, IMPORT_MESSAGES.mappingInvalid);

    const storeId = auth.store._id;
    // By the contract's `skuMatchKey`: a SKU matches whatever its ASCII case. The oldest product of a SKU is the one
    // an import updates, as on the server.
    // Rows match by SKU, then barcode, then part number (the contract's matchImportRow); of products sharing a key
    // (a part number), the oldest, as on the server.
    const byKey = new Map<string, StoredProduct>();
    for (const product of [...productsOf(storeId)].reverse())
      for (const key of identityKeys(product)) if (!byKey.has(key)) byKey.set(key, product);
    const matched = (codes: ImportCodes) => matchImportRow(codes, (key) => byKey.get(key));
    const decoded = decodeCsv(bytes);
    if (decoded.text === null)
      return decoded.encoding === 'utf-8-bom'
        ? refusal(IMPORT_MESSAGES.notUtf8(invalidUtf8Line(bytes) ?? 1), invalidUtf8Line(bytes) ?? 1)
        : refusal(IMPORT_MESSAGES.notInEncoding(CSV_ENCODING_LABELS[decoded.encoding]));
    const suppliers = new Map(suppliersOf(storeId).map((supplier) => [supplierNameKey(supplier.name), supplier]));
    const checked = checkFile(decoded.text, mapping.mapping, matched, numberFormat, auth.role, (key) => suppliers.get(key));
    if (!checked.ok) return 'response' in checked ? checked.response : HttpResponse.json(checked.answer, { status: 422 });
    // A file with a Supplier column makes and edits suppliers' links (and suppliers): the role must allow both.
    if (checked.suppliers)
      for (const permission of ['suppliers:create', 'suppliers:update'] as const)
        if (!can(auth.role, permission)) return errorResponse(403, forbiddenMessage(auth.role, permission));
    const updated = checked.rows.filter((row) => matched(row) !== undefined).length;
    // The suppliers the file names that the store has none of (first spelling), and the rows that link.
    const newSuppliers = new Map<string, string>();
    for (const row of checked.rows) if (row.supplier && !suppliers.has(row.supplier.key) && !newSuppliers.has(row.supplier.key)) newSuppliers.set(row.supplier.key, row.supplier.name);
    const linked = checked.rows.filter((row) => row.supplier).length;
    const supplierSummary = checked.suppliers ? { suppliers: { linked, created: newSuppliers.size } } : {};
    if (dryRun) {
      const categories = createCategoryReport();
      categories.add(checked.rows.map((row) => row.category), categoriesOf(storeId));
      const duplicates = createDuplicateReport();
      const created = checked.rows.filter((row) => matched(row) === undefined);
      const names = new Set(created.map((row) => nameMatchKey(row.name)));
      duplicates.add(
        created,
        productsOf(storeId).filter((product) => names.has(nameMatchKey(product.name))).reverse(),
      );
      return HttpResponse.json({
        created: checked.rows.length - updated,
        updated,
        encoding: decoded.encoding,
        delimiter: checked.delimiter,
        numberFormat,
        ...duplicates.result,
        ...categories.result,
        ...(checked.suppliers
          ? { suppliers: { linked, created: newSuppliers.size, newNames: [...newSuppliers.values()].slice(0, IMPORT_MAX_NEW_SUPPLIERS) } }
          : {}),
      });
    }

    const now = new Date();
    const at = now.toISOString();
    let madeAt = now.getTime();
    // Made SKUs a millisecond apart, past any the store has (SKUs are unique in the store: the contract's makeFreeSku).
    const madeSku = (category: string) => {
      const made = makeFreeSku(productsOf(storeId), category, madeAt);
      madeAt = made.at + 1;
      return made.sku;
    };
    // A barcode another product has (the one the row matches aside) refuses the whole import, as the server's unique
    // index of barcodes does: nothing is written.
    const products = productsOf(storeId);
    if (checked.rows.some((row) => barcodeTakenProblem(products, row.barcode, matched(row)?._id) !== null))
      return errorResponse(409, MESSAGES.importCodeTaken);
    const ids = idsInFileOrder(checked.rows.length - updated, newUuid);
    // Each row's category in the store's spelling, made when new (0032), in the file's order.
    const rows = checked.rows.map((row) => ({ ...row, category: resolveMockCategory(storeId, row.category, at) }));
    const links: { productId: string; row: NumberedImportRow }[] = [];
    for (const row of rows) {
      const current = matched(row);
      // A new product takes the next of `ids` below.
      if (row.supplier) links.push({ productId: current?._id ?? ids[0]!, row });
      const description = row.description === undefined ? undefined : sanitizeDescription(row.description);
      // Each catalogue field (contract catalogue-fields.ts) from the row; not mapped: the product's own, or the default.
      const fields = catalogueValues({ ...current, ...definedFields({ ...row, description }) });
      if (!current) {
        const product: StoredProduct = {
          _id: ids.shift()!,
          ...fields,
          sku: row.sku ?? madeSku(row.category),
          image: {},
          createdAt: at,
          updatedAt: at,
          storeId,
          version: 1,
          creator: auth.actor,
          changer: auth.actor,
        };
        mockDb.products.push(product);
        recordMovement(product, product.quantity, 'import', auth.actor, null, at);
        continue;
      }
      const { sku: _sku, quantity, ...changes } = fields;
      const before = catalogueValues(current);
      const same = CATALOGUE_FIELDS.every((field) => before[field.key] === fields[field.key]);
      if (same) continue;
      Object.assign(current, changes);
      stampChange(current, auth.actor, at);
      if (quantity !== current.quantity)
        moveMockStock(current, quantity - current.quantity, 'import', auth.actor, null, false);
    }
    if (checked.suppliers) writeImportLinks(storeId, links, suppliers, checked.suppliers, auth.actor, at);
    notifyMockDbChange();
    return HttpResponse.json({ created: checked.rows.length - updated, updated, ...supplierSummary });
  }),

  http.get(api('/products/export'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'catalogue:read');
    if (!auth.ok) return auth.response;
    return csvResponse(request, 'products', productExportColumnsFor(auth.role), () =>
      activeProducts(productsOf(auth.store._id)).map(catalogueValues),
    );
  }),

  http.get(api('/orders/export'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'catalogue:read');
    if (!auth.ok) return auth.response;
    return csvResponse(request, 'orders', ORDER_EXPORT_COLUMNS, () =>
      ordersOf(auth.store._id).map((o) => ({ ...o, status: o.status ?? 'open', productId: o.productId ?? null })),
    );
  }),

  http.get(api('/movements/export'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'catalogue:read');
    if (!auth.ok) return auth.response;
    const storeId = auth.store._id;
    const products = new Map(mockDb.products.filter((p) => p.storeId === storeId).map((p) => [p._id, p]));
    const users = new Map(mockDb.users.map((u) => [u._id, u]));
    const movements = mockDb.movements.filter((m) => m.storeId === storeId).reverse();
    return csvResponse(request, 'movements', MOVEMENT_EXPORT_COLUMNS, () =>
      movements.map((m) => ({
        id: Number(m._id),
        productId: m.productId,
        sku: products.get(m.productId)?.sku ?? null,
        product: products.get(m.productId)?.name ?? null,
        change: m.change,
        quantityAfter: m.quantityAfter,
        reason: m.reason,
        orderId: m.orderId,
        byName: users.get(m.actor?.userId ?? '')?.name ?? null,
        byEmail: users.get(m.actor?.userId ?? '')?.email ?? null,
        token: m.actor?.token ?? null,
        createdAt: m.createdAt,
        correctionReason: m.correctionReason ?? null,
        note: m.note ?? null,
      })),
    );
  }),
];
