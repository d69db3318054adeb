import {
  categoryKey,
  type CategoryMapping,
  createCategoryReport,
  createDuplicateReport,
  createImportChecker,
  type CsvDelimiter,
  type CsvEncoding,
  type ImportErrorsAnswer,
  type ImportMapping,
  type KnownCategory,
  type NumberedImportRow,
  type LikelyDuplicate,
  identityKeys,
  matchImportRow,
  nameMatchKey,
  type NumberFormat,
  type ImportSuppliers,
  IMPORT_MAX_NEW_SUPPLIERS,
  skuMatchKey,
  SUPPLIER_LINK_IMPORT_MESSAGES,
} from '@inventory/contract';
import { HttpError } from '../../http/errors';
import { NotInEncoding, openCsv, readInBatches } from './csv-read';

/** A valid row as the write takes it: the checked row (contract ImportRow), its description sanitized. */
export type ParsedRow = NumberedImportRow;

/**
 * `rows`: how many rows the file has; `updates`: how many of them name a product of the store by its SKU; how the file
 * was read; and, when asked for, the new rows whose name a product of the store has.
 */
export type ParseOutcome =
  | {
      ok: true;
      rows: number;
      updates: number;
      encoding: CsvEncoding;
      delimiter: CsvDelimiter;
      likelyDuplicates: LikelyDuplicate[];
      likelyDuplicateCount: number;
      categories: CategoryMapping[];
      categoriesMapped: number;
      categoriesCreated: number;
      /** What the Supplier columns did (only when the file maps one). */
      suppliers?: ImportSuppliers;
    }
  | ({ ok: false } & ImportErrorsAnswer);

/** A part number's key among the contract's `identityKeys` (`m:`; SKUs are `s:`, barcodes `b:`). */
const isPartNumberKey = (key: string) => key.startsWith('m:');

export interface ParseOptions {
  file: string;
  mapping: ImportMapping | null;
  /** How the file writes numbers; null: plain digits with a decimal point. */
  numberFormat: NumberFormat | null;
  /**
   * Which products of the store `keys` (the contract's `identityKeys` of a batch's rows) name: key to product id.
   * `more`: a second lookup of the same batch (its part numbers), adding to the first rather than replacing it.
   */
  existingAmong: (keys: string[], more?: boolean) => Promise<ReadonlyMap<string, string>>;
  /** A dry run's: the store's products whose names match these `nameMatchKey`s (one batch's new rows'). */
  namedAmong?: (keys: string[]) => Promise<{ name: string; sku: string }[]>;
  /** A dry run's: the store's categories of these `categoryKey`s (one batch's), for what its categories become. */
  categoriesAmong?: (keys: string[]) => Promise<KnownCategory[]>;
  /** Each batch of valid rows, after the lookup of its SKUs, while every row so far is valid; none once one fails. */
  onRows: (rows: ParsedRow[]) => Promise<void>;
  sanitize: (html: string) => string;
  /**
   * Why the caller may not import with the mapping in use (given, or guessed from the header: a column for a field
   * its role may not set, the contract's `importMappingRefusal`), or null. Refused: 403 before any row is read.
   */
  refusal: (mapping: ImportMapping) => string | null;
  /** The store's suppliers a batch's Supplier cells name, by supplierNameKey (0037). */
  suppliersAmong: (keys: string[]) => Promise<ReadonlyMap<string, { name: string; archived_at: string | null }>>;
  /**
   * Called once the header maps a Supplier column, with which of the link's own columns it maps (the caller may refuse
   * a role that cannot write suppliers).
   */
  onSupplierColumns?: (mapped: { partNumber: boolean; packSize: boolean; lastCost: boolean }) => void;
}

/** Records read before their SKUs are looked up in the store, together: memory and lookups both stay small. */
export const ROWS_PER_LOOKUP = 1000;
/** Distinct descriptions whose sanitized form is remembered during one import. */
const SANITIZED_CACHE = 1000;

/**
 * Stream the file through csv-parse and check every row as it arrives (the contract's import checker: the product
 * form's rules, SKUs unique in the file). Records are checked in batches of ROWS_PER_LOOKUP, after one lookup of the
 * SKUs they name, and each batch of valid rows goes to `onRows` (the write, in its transaction) and is let go, so
 * memory holds one batch whatever the store's size or the file's. Once a row fails, no batch goes on (the caller
 * rolls back what was written) but every row is still checked, so the answer lists the errors of the whole file.
 */
export async function parseImport(options: ParseOptions): Promise<ParseOutcome> {
  try {
    return await parseFile(options);
  } catch (error) {
    if (error instanceof NotInEncoding) return { ok: false, ...error.answer };
    throw error;
  }
}

async function parseFile({
  file,
  mapping,
  numberFormat,
  existingAmong,
  namedAmong,
  categoriesAmong,
  onRows,
  sanitize,
  refusal,
  suppliersAmong,
  onSupplierColumns,
}: ParseOptions): Promise<ParseOutcome> {
  const csv = await openCsv(file);
  const { encoding, delimiter } = csv;
  let known: ReadonlyMap<string, string> = new Map();
  const checker = createImportChecker(mapping, (sku) => known.has(`s:${skuMatchKey(sku)}`), { numberFormat });
  // The products rows matched so far, by id, to the row that did: two rows of a file naming one product (by any of
  // its codes) would be two writes of it.
  const duplicates = createDuplicateReport();
  const categories = createCategoryReport();
  let rows = 0;
  let updates = 0;
  // Sanitizing is the dearest step of a row; catalogues often repeat a description (blank, or boilerplate).
  const sanitized = new Map<string, string>();
  const clean = (html: string) => {
    let result = sanitized.get(html);
    if (result === undefined) {
      result = sanitize(html);
      if (sanitized.size >= SANITIZED_CACHE) sanitized.clear();
      sanitized.set(html, result);
    }
    return result;
  };
  // The suppliers the file names that the store has none of (by name key, first spelling), and the rows that link.
  const newSuppliers = new Map<string, string>();
  let linked = 0;
  const check = async (batch: string[][]) => {
    const keys = new Set<string>();
    const supplierKeys = new Set<string>();
    const batchKeys = batch.map((record) => identityKeys(checker.codesOf(record)));
    for (const [index, record] of batch.entries()) {
      for (const key of batchKeys[index]!) if (!isPartNumberKey(key)) keys.add(key);
      const supplier = checker.supplierKeyOf(record);
      if (supplier !== undefined) supplierKeys.add(supplier);
    }
    known = await existingAmong([...keys]);
    // A part number matches only a row whose SKU and barcode match nothing (matchImportRow's order), so only those
    // rows' part numbers are looked up: a file of the store's own SKUs costs no part-number lookup at all.
    const partNumbers = new Set<string>();
    for (const rowKeys of batchKeys)
      if (!rowKeys.some((key) => !isPartNumberKey(key) && known.has(key))) for (const key of rowKeys) if (isPartNumberKey(key)) partNumbers.add(key);
    if (partNumbers.size > 0) known = new Map([...known, ...(await existingAmong([...partNumbers], true))]);
    const suppliers = supplierKeys.size > 0 ? await suppliersAmong([...supplierKeys]) : new Map();
    const created: { row: number; name: string }[] = [];
    const valid: ParsedRow[] = [];
    for (const record of batch) {
      const row = checker.record(record);
      if (!row || checker.failed) continue;
      // By SKU, then barcode, then part number (the contract's matchImportRow).
      const id = matchImportRow(row, (key) => known.get(key));
      const barcodeHolder = row.barcode ? matchImportRow({ barcode: row.barcode }, (key) => known.get(key)) : undefined;
      if (!checker.claimMatch(row, id, barcodeHolder)) continue;
      if (row.supplier) {
        const supplier = suppliers.get(row.supplier.key);
        if (supplier?.archived_at) {
          checker.refuseSupplier(row, SUPPLIER_LINK_IMPORT_MESSAGES.supplierArchived(supplier.name));
          continue;
        }
        linked += 1;
        if (!supplier && !newSuppliers.has(row.supplier.key)) newSuppliers.set(row.supplier.key, row.supplier.name);
      }
      rows += 1;
      if (id !== undefined) updates += 1;
      else created.push(row);
      valid.push(row.description === undefined ? row : { ...row, description: clean(row.description) });
    }
    if (checker.failed) return;
    if (namedAmong && created.length > 0)
      duplicates.add(created, await namedAmong([...new Set(created.map((row) => nameMatchKey(row.name)))]));
    if (categoriesAmong && valid.length > 0)
      categories.add(valid.map((row) => row.category), await categoriesAmong([...new Set(valid.map((row) => categoryKey(row.category)))]));
    if (valid.length > 0) await onRows(valid);
  };
  const header = (record: string[]) => {
    const problem = checker.header(record);
    const refused = refusal(checker.mapping);
    if (refused) throw new HttpError(403, refused);
    if (!problem && checker.mapsSupplier) onSupplierColumns?.(checker.mappedLinkFields);
    return problem;
  };
  const headerProblem = await readInBatches(csv.records, ROWS_PER_LOOKUP, header, check);
  if (headerProblem) return { ok: false, ...headerProblem };
  // The rows read before the malformed one are checked too, so their errors are listed with it.
  const malformed = csv.malformed();
  if (malformed) return { ok: false, ...checker.malformed(malformed.message, malformed.row) };
  const problem = checker.finish();
  return problem
    ? { ok: false, ...problem }
    : {
        ok: true,
        rows,
        updates,
        encoding,
        delimiter,
        ...duplicates.result,
        ...categories.result,
        ...(checker.mapsSupplier ? { suppliers: { linked, created: newSuppliers.size, newNames: [...newSuppliers.values()].slice(0, IMPORT_MAX_NEW_SUPPLIERS) } } : {}),
      };
}

