import {
  IMPORT_FIELD_KEYS,
  IMPORT_FIELDS,
  IMPORT_MAX_ERRORS,
  IMPORT_MESSAGES,
  type ImportCellError,
  type ImportField,
  type ImportMapping,
  type ImportRowCells,
  type NumberedImportRow,
  restoreCell,
  validateImportRow,
} from './csv';
import { CATALOGUE_FIELDS, type CatalogueFieldKind } from './catalogue-fields';
import { type ImportCodes, skuMatchKey } from './product-identity';
import { supplierNameKey } from './suppliers';
import { guessMapping, normalizeHeader } from './import-headers';
import { normalizeNumber, NUMBER_FORMAT_EXAMPLES, type NumberFormat } from './number-format';
import type { ImportError, ImportErrorsAnswer } from './schemas/csv';

const NUMBER_KINDS: ReadonlySet<CatalogueFieldKind> = new Set(['money', 'count', 'optionalCount', 'optionalMoney']);

/**
 * The fields read as numbers, under the file's number format when one is given: those of a numeric kind in the
 * catalogue's declaration (price, quantity, reorder point, cost), and the supplier link's pack size and cost (0037).
 * The app's preview reads its cells by the same list.
 */
export const IMPORT_NUMBER_FIELDS: readonly ImportField[] = [
  ...IMPORT_FIELDS.filter((field) => CATALOGUE_FIELDS.some((declared) => declared.key === field.field && NUMBER_KINDS.has(declared.kind))).map(
    (field) => field.key,
  ),
  'packSize',
  'supplierCost',
];

/** Options of a check beside the mapping. */
export interface ImportCheckOptions {
  /** How the file writes numbers (number-format.ts); absent or null: plain digits with a decimal point, as before. */
  numberFormat?: NumberFormat | null;
}

/**
 * The cells of a row with their numbers read under `format` (as plain decimals, for the product form's rules), and an
 * error for each that is not a number in it.
 */
function readNumbers(cells: ImportRowCells, format: NumberFormat): ImportCellError[] {
  const errors: ImportCellError[] = [];
  for (const field of IMPORT_NUMBER_FIELDS) {
    const text = cells[field];
    if (text === undefined) continue;
    const normalized = normalizeNumber(text, format);
    if (normalized === null)
      errors.push({ field, message: IMPORT_MESSAGES.numberFormat(NUMBER_FORMAT_EXAMPLES[format]) });
    else cells[field] = normalized;
  }
  return errors;
}

/**
 * Whether a mapping fits a file's header row (any import's: the catalogue's, the customers'): every required field
 * has a column, every mapped column is in the file, and only once. `given`: the user's mapping, which names headers
 * exactly; a guessed one compares them as normalizeHeader does. The 422 answer, or null.
 */
export function mappingProblem<K extends string>(
  fields: readonly { key: K; label: string; required: boolean }[],
  mapping: Partial<Record<K, string>>,
  headers: readonly string[],
  given: boolean,
): ImportErrorsAnswer | null {
  const problems: ImportError[] = [];
  const missing: string[] = [];
  // A column the import reads must be the only one of its name: which of two "Price" columns was meant is not ours
  // to guess. (Guessing compares names as normalizeHeader does; a given mapping names one header exactly.)
  const same = (header: string) =>
    given
      ? headers.filter((candidate) => candidate === header)
      : headers.filter((candidate) => normalizeHeader(candidate) === normalizeHeader(header));
  for (const field of fields) {
    const header = mapping[field.key];
    if (header !== undefined && same(header).length > 1) {
      problems.push({ row: 1, column: header, message: IMPORT_MESSAGES.duplicateHeader(header) });
    } else if (header !== undefined && !headers.includes(header)) {
      problems.push({ row: 1, column: header, message: IMPORT_MESSAGES.mappingUnknownHeader(header) });
      if (field.required) missing.push(field.label);
    } else if (header === undefined && field.required) {
      missing.push(field.label);
      problems.push({ row: 1, column: field.label, message: IMPORT_MESSAGES.missingColumns([field.label]) });
    }
  }
  if (problems.length === 0) return null;
  return { message: missing.length > 0 ? IMPORT_MESSAGES.missingColumns(missing) : problems[0]!.message, errors: problems };
}

/**
 * The import's checks over a file's records, in order: the header row first (the mapping, given or guessed, must name
 * a column for every required field and only columns the file has), then each data row (the product form's rules,
 * SKUs unique in the file; blank rows skipped). Errors are kept up to IMPORT_MAX_ERRORS and all counted. The server
 * (streaming csv-parse), the mocks and the app (papaparse) feed it records one by one.
 */
export function createImportChecker(
  given: ImportMapping | null,
  existing: (sku: string) => boolean,
  { numberFormat = null }: ImportCheckOptions = {},
) {
  const errors: ImportError[] = [];
  let errorCount = 0;
  let rowNumber = 0;
  /** Which file row first matched each product. */
  const claimedBy = new Map<string, number>();
  let mapping: ImportMapping = {};
  let indexOf: [ImportField, number][] = [];
  let columns = 0;
  let headerSeen = false;
  let headerProblem: ImportErrorsAnswer | null = null;
  const seen = new Map<string, number>();
  const seenBarcodes = new Map<string, number>();
  const fail = (error: ImportError) => {
    errorCount += 1;
    if (errors.length < IMPORT_MAX_ERRORS) errors.push(error);
  };
  const labelOf = (field: ImportField) => IMPORT_FIELDS.find((candidate) => candidate.key === field)!.label;

  return {
    /** The header row; an answer for 422 when the mapping does not fit it. */
    header(headers: readonly string[]): ImportErrorsAnswer | null {
      rowNumber = 1;
      headerSeen = true;
      columns = headers.length;
      mapping = given ?? guessMapping(headers);
      indexOf = Object.entries(mapping).map(([field, header]) => [field as ImportField, headers.indexOf(header)]);
      headerProblem = mappingProblem(IMPORT_FIELDS, mapping, headers, given !== null);
      return headerProblem;
    },

    /**
     * The SKU a data row names (as its check reads it), or undefined: lets a caller look up which SKUs of a batch of
     * rows name products already before checking them, instead of holding every SKU of the store.
     */
    skuOf(record: readonly string[]): string | undefined {
      const index = indexOf.find(([field]) => field === 'sku')?.[1];
      if (index === undefined || index < 0) return undefined;
      const sku = restoreCell(record[index] ?? '').trim();
      return sku === '' ? undefined : sku;
    },

    /**
     * The codes a data row names a product by (SKU, barcode, part number; as its check reads them, blank ones left
     * out): lets a caller look up which products a batch of rows matches before checking them (`matchImportRow`).
     */
    codesOf(record: readonly string[]): ImportCodes {
      const cell = (field: ImportField) => {
        const index = indexOf.find(([key]) => key === field)?.[1];
        const text = index === undefined || index < 0 ? '' : restoreCell(record[index] ?? '').trim();
        return text === '' ? undefined : text;
      };
      return { sku: cell('sku'), barcode: cell('barcode'), mpn: cell('mpn') };
    },

    /**
     * A checked row claims the product it matched (`id`, the caller's lookup; undefined: a new product). A product
     * one file row already claimed refuses this one, under the code it was matched by, so nothing is written. So does
     * a barcode the store's product `barcodeHolder` has when that is not the row's product (barcodes are unique; the
     * row would take it from that product). False when refused.
     */
    claimMatch(row: NumberedImportRow, id: string | undefined, barcodeHolder: string | undefined): boolean {
      if (row.barcode && barcodeHolder !== undefined && barcodeHolder !== id) {
        fail({ row: row.row, column: mapping.barcode ?? labelOf('barcode'), message: IMPORT_MESSAGES.barcodeOfAnother });
        return false;
      }
      if (id === undefined) return true;
      const first = claimedBy.get(id);
      if (first === undefined) {
        claimedBy.set(id, row.row);
        return true;
      }
      const field: ImportField = row.sku ? 'sku' : row.barcode ? 'barcode' : 'mpn';
      fail({ row: row.row, column: mapping[field] ?? labelOf(field), message: IMPORT_MESSAGES.duplicateMatch(first) });
      return false;
    },

    /**
     * The supplier name a data row's Supplier column gives, by its match key (supplierNameKey; blank: none): lets a
     * caller look up which suppliers of the store a batch names before checking it.
     */
    supplierKeyOf(record: readonly string[]): string | undefined {
      const index = indexOf.find(([field]) => field === 'supplier')?.[1];
      const name = index === undefined || index < 0 ? '' : restoreCell(record[index] ?? '').trim();
      return name === '' ? undefined : supplierNameKey(name);
    },

    /** Whether the mapping (given or guessed) names a Supplier column (0037). */
    get mapsSupplier(): boolean {
      return mapping.supplier !== undefined;
    },

    /** Which of the supplier link's own columns the mapping names: an existing link keeps the others. */
    get mappedLinkFields(): { partNumber: boolean; packSize: boolean; lastCost: boolean } {
      return { partNumber: mapping.supplierPartNumber !== undefined, packSize: mapping.packSize !== undefined, lastCost: mapping.supplierCost !== undefined };
    },

    /** A checked row names a supplier it may not be linked to (archived): refused on its Supplier column. */
    refuseSupplier(row: NumberedImportRow, message: string): void {
      fail({ row: row.row, column: mapping.supplier ?? labelOf('supplier'), message });
    },

    /** The next data row: the valid row, or null (blank, or failing: its errors are recorded). */
    record(record: readonly string[]): NumberedImportRow | null {
      rowNumber += 1;
      if (record.every((cell) => cell.trim() === '')) return null;
      // A cell past the header's columns belongs to no field: a row joined to the next one (line endings read wrong)
      // or shifted by a stray delimiter. Blank ones (a trailing delimiter) carry nothing and pass.
      const extra = record.findIndex((cell, index) => index >= columns && cell.trim() !== '');
      if (extra !== -1) {
        fail({ row: rowNumber, column: `Column ${extra + 1}`, message: IMPORT_MESSAGES.extraCells(columns) });
        return null;
      }
      const cells: ImportRowCells = {};
      for (const [field, index] of indexOf) cells[field] = restoreCell(record[index] ?? '');
      const column = (field: ImportField) => mapping[field] ?? labelOf(field);
      const formatErrors = numberFormat ? readNumbers(cells, numberFormat) : [];
      const result = validateImportRow(cells, existing);
      if ('errors' in result || formatErrors.length > 0) {
        // A number not in the file's format is its cell's only error (the rules would read the text it was left as).
        const ruleErrors = 'errors' in result ? result.errors : [];
        const order = (error: ImportCellError) => IMPORT_FIELD_KEYS.indexOf(error.field);
        const errors = [
          ...ruleErrors.filter((error) => !formatErrors.some((format) => format.field === error.field)),
          ...formatErrors,
        ].sort((a, b) => order(a) - order(b));
        for (const error of errors)
          fail({ row: rowNumber, column: column(error.field), message: error.message });
        return null;
      }
      const { sku, barcode } = result.row;
      if (barcode) {
        // Barcodes are unique in a store: two rows of one file with one barcode would be two products with it.
        const first = seenBarcodes.get(barcode);
        if (first !== undefined) {
          fail({ row: rowNumber, column: column('barcode'), message: IMPORT_MESSAGES.duplicateBarcode(first) });
          return null;
        }
        seenBarcodes.set(barcode, rowNumber);
      }
      if (sku !== undefined) {
        // Two rows naming one product (SKUs match whatever their case) would be two writes of it.
        const first = seen.get(skuMatchKey(sku));
        if (first !== undefined) {
          fail({ row: rowNumber, column: column('sku'), message: IMPORT_MESSAGES.duplicateSku(first) });
          return null;
        }
        seen.set(skuMatchKey(sku), rowNumber);
      }
      return { ...result.row, row: rowNumber };
    },

    /** The mapping in use once the header is read: the given one, or the guess from the header. */
    get mapping(): ImportMapping {
      return mapping;
    },

    /** Whether any row failed so far (then nothing will be written: valid rows need not be kept). */
    get failed(): boolean {
      return errorCount > 0 || headerProblem !== null;
    },

    /**
     * The file could not be read as CSV at `row` (as a spreadsheet numbers it; default: the one after the rows seen, for
     * a parser that hands over every record before the malformed one).
     */
    malformed(detail: string, row = rowNumber + 1): ImportErrorsAnswer {
      const message = IMPORT_MESSAGES.malformed(detail);
      return {
        message,
        errors: [...errors.slice(0, IMPORT_MAX_ERRORS - 1), { row, column: '', message }],
      };
    },

    /** After the last record: the 422 answer, or null when every row passed. */
    finish(): ImportErrorsAnswer | null {
      if (headerProblem) return headerProblem;
      if (!headerSeen)
        return {
          message: IMPORT_MESSAGES.emptyFile,
          errors: [{ row: 1, column: '', message: IMPORT_MESSAGES.emptyFile }],
        };
      if (errorCount > 0) return { message: IMPORT_MESSAGES.rowErrors(errorCount, errors.length), errors };
      return null;
    },
  };
}

export type ImportChecker = ReturnType<typeof createImportChecker>;
