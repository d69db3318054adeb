import { isValidSku, validateItemFields, validateReorderPoint } from './catalogue';
import { LIMITS } from './constants';
import { MESSAGES } from './messages';
import { hasDirectionControls } from './validation';

/**
 * CSV import and export of the catalogue (docs/decisions/0017-csv-import-export.md): the columns the import knows, how
 * a file's headers map to them, the rules a row must pass (the product form's), and the one CSV-injection rule the
 * export writes and the import reverses. Shared by the server, the mocks and the app's mapping screen. The checker
 * that runs them over a whole file is in import-checker.ts, the import's schemas in schemas/csv.ts.
 */

/** Our fields a file's columns can map to, in the order the export writes them (its header row uses the labels). */
export const IMPORT_FIELDS = [
  { key: 'sku', label: 'SKU', required: false },
  { key: 'name', label: 'Name', required: true },
  { key: 'category', label: 'Category', required: true },
  { key: 'price', label: 'Price', required: true },
  { key: 'quantity', label: 'Quantity', required: true },
  { key: 'reorderPoint', label: 'Reorder point', required: false },
  { key: 'description', label: 'Description', required: false },
] as const;

export type ImportField = (typeof IMPORT_FIELDS)[number]['key'];
/** The keys of IMPORT_FIELDS, in their order. */
export const IMPORT_FIELD_KEYS = IMPORT_FIELDS.map((field) => field.key) as [ImportField, ...ImportField[]];

/** Our field → the file's header that fills it. Fields left out are not imported (an update keeps their value). */
export type ImportMapping = Partial<Record<ImportField, string>>;

/** The upload limit when the server's `IMPORT_MAX_BYTES` is not set. */
export const IMPORT_MAX_BYTES_DEFAULT = 20 * 1024 * 1024;
/** At most this many row errors are listed; the message counts the rest. */
export const IMPORT_MAX_ERRORS = 1000;

export const IMPORT_MESSAGES = {
  fileRequired: 'Choose a CSV file to import (multipart part "file")',
  notCsv: 'The file is not a CSV file',
  mappingInvalid: "The column mapping must be a JSON object of our field names to the file's column headers",
  mappingUnknownHeader: (header: string) => `The file has no column "${header}"`,
  missingColumns: (labels: string[]) => `The file has no column for: ${labels.join(', ')}`,
  emptyFile: 'The file has no header row',
  malformed: (detail: string) => `The file could not be read as CSV: ${detail}`,
  notUtf8: (line: number) =>
    `Line ${line} of the file is not UTF-8 text: save it as "CSV UTF-8" and import it again (nothing was imported)`,
  notInEncoding: (encoding: string) =>
    `The file starts with the mark of ${encoding} text but is not ${encoding}: save it as "CSV UTF-8" and import it again (nothing was imported)`,
  numberFormat: (example: string) => `Not a number written as ${example}: check the number format chosen for the file`,
  duplicateHeader: (header: string) => `The file has more than one column "${header}": rename or remove all but one`,
  extraCells: (columns: number) => `This row has more cells than the header's ${columns} columns`,
  duplicateSku: (row: number) => `SKU is already used by row ${row} of this file`,
  rowErrors: (count: number, listed: number) =>
    count === 1
      ? '1 error: nothing was imported'
      : `${count} errors${count > listed ? ` (the first ${listed} listed)` : ''}: nothing was imported`,
  tooLarge: (maxBytes: number) => `The file is larger than ${Math.floor(maxBytes / (1024 * 1024))} MB`,
} as const;

/** The labels of required fields the mapping leaves out or points at a header the file does not have. */
export function missingRequiredFields(mapping: ImportMapping, headers: readonly string[]): string[] {
  return IMPORT_FIELDS.filter(
    (field) => field.required && (mapping[field.key] === undefined || !headers.includes(mapping[field.key]!)),
  ).map((field) => field.label);
}

/**
 * The first line (1-based) holding bytes that are not UTF-8, or null when all of it is. A file in another encoding
 * is refused rather than read with replacement characters the user never typed (decoding other encodings is for
 * later). Overlong forms, surrogates and code points past U+10FFFF count as invalid, as for a fatal TextDecoder.
 */
export function invalidUtf8Line(bytes: Uint8Array): number | null {
  let line = 1;
  for (let i = 0; i < bytes.length; ) {
    const byte = bytes[i]!;
    if (byte < 0x80) {
      if (byte === 0x0a) line += 1;
      i += 1;
      continue;
    }
    let length: number;
    let min: number;
    if (byte >= 0xc2 && byte <= 0xdf) [length, min] = [2, 0x80];
    else if (byte >= 0xe0 && byte <= 0xef) [length, min] = [3, 0x800];
    else if (byte >= 0xf0 && byte <= 0xf4) [length, min] = [4, 0x10000];
    else return line;
    let codePoint = byte & (0xff >> (length + 1));
    for (let k = 1; k < length; k += 1) {
      const next = bytes[i + k];
      if (next === undefined || (next & 0xc0) !== 0x80) return line;
      codePoint = (codePoint << 6) | (next & 0x3f);
    }
    if (codePoint < min || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return line;
    i += length;
  }
  return null;
}

/**
 * A file's text with every record ending as `\n`, for readers that take one line ending per file (papaparse): a file
 * whose rows end in CRLF, LF and CR alike keeps every row (issue 24). Line breaks inside quoted cells are kept as
 * they are. The server's csv-parse takes all three endings itself.
 */
export function normalizeLineEndings(text: string): string {
  let out = '';
  let quoted = false;
  let from = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '"') quoted = !quoted;
    else if (char === '\r' && !quoted) {
      out += `${text.slice(from, i)}\n`;
      if (text[i + 1] === '\n') i += 1;
      from = i + 1;
    }
  }
  return out + text.slice(from);
}

/** Keys a column mapping must never carry: JSON.parse makes them own keys that schemas and lookups skip or misread. */
const FORBIDDEN_MAPPING_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Whether `value`, a parsed mapping, is an object whose own keys are all our fields (never `__proto__` and the like). */
export function hasOnlyFieldKeys(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const fields = new Set<string>(IMPORT_FIELDS.map((field) => field.key));
  return Object.keys(value).every((key) => !FORBIDDEN_MAPPING_KEYS.has(key) && fields.has(key));
}

/** The delimiters a file may use, as the preview and the dry run name them. */
export const CSV_DELIMITERS = [',', ';', '\t'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];
export const CSV_DELIMITER_LABELS: Record<CsvDelimiter, string> = { ',': 'comma', ';': 'semicolon', '\t': 'tab' };

/**
 * Delimiter of a file from its header line (outside quotes): the one of tab, semicolon and comma it has most of; a
 * tie, or none (a one-column file), is comma. One rule for the server's csv-parse and the app's and mocks' papaparse.
 */
export function detectDelimiter(headerLine: string): CsvDelimiter {
  const unquoted = headerLine.replace(/"[^"]*"/g, '');
  const count = (char: string) => unquoted.split(char).length - 1;
  let best: CsvDelimiter = ',';
  for (const candidate of [';', '\t'] as const) if (count(candidate) > count(best)) best = candidate;
  return best;
}

/**
 * How SKUs are matched: case does not matter (ASCII letters, as SQLite's and PostgreSQL's "C" `lower()` fold them), so
 * a file's "lap-001" updates the store's "LAP-001".
 */
export const skuMatchKey = (sku: string): string => sku.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());

/**
 * OWASP CSV injection: a text cell a spreadsheet would read as a formula (=, +, -, @, tab, carriage return) is written
 * with a leading single quote. A cell that already starts with a quote gets one more, so `restoreCell` can strip
 * exactly one and every text round-trips. Numbers are written as numbers, never neutralized: what we write for a
 * number is a plain decimal a spreadsheet reads as a number (a negative stock change stays -3), never a formula.
 */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r', "'"]);

export function neutralizeCell(value: string): string {
  return value.length > 0 && FORMULA_TRIGGERS.has(value[0]!) ? `'${value}` : value;
}

/** The import's reverse of `neutralizeCell`: a leading quote before a trigger (or another quote) is removed, once. */
export function restoreCell(value: string): string {
  return value.length > 1 && value[0] === "'" && FORMULA_TRIGGERS.has(value[1]!) ? value.slice(1) : value;
}

/** One cell of an export: text neutralized, numbers as they are, nothing as an empty cell. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'number' ? String(value) : neutralizeCell(value);
}

/** A row of the file by our field (cells restored, trimmed as the form trims); absent: the column is not mapped. */
export type ImportRowCells = Partial<Record<ImportField, string>>;

/** A valid row: real numbers, the reorder point null when blank, the SKU undefined when blank (the server makes one). */
export interface ImportRow {
  sku: string | undefined;
  name: string;
  category: string;
  price: number;
  quantity: number;
  /** undefined: not mapped (an update keeps it). */
  reorderPoint: number | null | undefined;
  /** undefined: not mapped (an update keeps it; a new product has none). Unsanitized: the server sanitizes. */
  description: string | undefined;
}

export interface ImportCellError {
  field: ImportField;
  message: string;
}

/** The cells of one record, restored, by our field. */
export function rowCells(record: Record<string, string | undefined>, mapping: ImportMapping): ImportRowCells {
  const cells: ImportRowCells = {};
  for (const key of IMPORT_FIELD_KEYS) {
    const header = mapping[key];
    if (header !== undefined) cells[key] = restoreCell(record[header] ?? '');
  }
  return cells;
}

/**
 * A row checked by the product form's rules, an error per field. `existing` says whether the SKU names a product of
 * the store already (then it is an update and the SKU rule for new products does not apply).
 */
export function validateImportRow(
  cells: ImportRowCells,
  existing: (sku: string) => boolean,
): { row: ImportRow } | { errors: ImportCellError[] } {
  const fieldErrors = validateItemFields({
    name: cells.name ?? '',
    category: cells.category ?? '',
    price: cells.price ?? '',
    quantity: cells.quantity ?? '',
  });
  const errors: ImportCellError[] = (['name', 'category', 'price', 'quantity'] as const)
    .filter((field) => fieldErrors[field] !== undefined)
    .map((field) => ({ field, message: fieldErrors[field]! }));

  const sku = cells.sku?.trim() ?? '';
  if (sku !== '') {
    if (sku.length > LIMITS.sku) errors.push({ field: 'sku', message: MESSAGES.fieldTooLong('SKU', LIMITS.sku) });
    else if (hasDirectionControls(sku)) errors.push({ field: 'sku', message: MESSAGES.directionControls('SKU') });
    else if (!existing(sku) && !isValidSku(sku, (cells.category ?? '').trim()))
      errors.push({ field: 'sku', message: MESSAGES.invalidSku });
  }
  const reorderMessage = cells.reorderPoint === undefined ? null : validateReorderPoint(cells.reorderPoint);
  if (reorderMessage) errors.push({ field: 'reorderPoint', message: reorderMessage });
  if (cells.description !== undefined && cells.description.length > LIMITS.description) {
    errors.push({ field: 'description', message: MESSAGES.descriptionTooLong });
  }
  // A NUL is the only error of its cell (the form's rules would read the text around it).
  const withNul = IMPORT_FIELD_KEYS.filter((field) => cells[field]?.includes('\u0000'));
  if (withNul.length > 0) {
    const others = errors.filter((error) => !withNul.includes(error.field));
    const nul = withNul.map((field) => ({ field, message: MESSAGES.nulCharacter }));
    const order = (error: ImportCellError) => IMPORT_FIELD_KEYS.indexOf(error.field);
    return { errors: [...others, ...nul].sort((a, b) => order(a) - order(b)) };
  }
  if (errors.length > 0) return { errors };

  const reorderText = cells.reorderPoint?.trim();
  return {
    row: {
      sku: sku === '' ? undefined : sku,
      name: cells.name!.trim(),
      category: cells.category!.trim(),
      price: Number(cells.price!.trim()),
      quantity: Number(cells.quantity!.trim()),
      reorderPoint: reorderText === undefined ? undefined : reorderText === '' ? null : Number(reorderText),
      description: cells.description,
    },
  };
}

/**
 * Ids for the products one import creates, ascending in the file's order. They share their creation time, and lists
 * break ties by id, so a list by creation time shows them in the file's order (newest first: its last row first)
 * rather than in the random order of their ids.
 */
export function idsInFileOrder(count: number, newId: () => string): string[] {
  return Array.from({ length: count }, newId).sort();
}

/** A valid row with its row number as a spreadsheet shows it (the header is row 1). */
export type NumberedImportRow = ImportRow & { row: number };

/** The header rows of the exports; the products one is the import's labels, so an export imports by itself. */
export const PRODUCT_EXPORT_HEADER = IMPORT_FIELDS.map((field) => field.label);
export const ORDER_EXPORT_HEADER = [
  'Order ID',
  'SKU',
  'Name',
  'Category',
  'Price',
  'Quantity',
  'Status',
  'Product ID',
  'Created at',
  'Updated at',
];
export const MOVEMENT_EXPORT_HEADER = [
  'Movement ID',
  'Product ID',
  'SKU',
  'Product',
  'Change',
  'Quantity after',
  'Reason',
  'Order ID',
  'Created at',
];

/** `products-2026-11-23.csv`: what an export's attachment is called (the date in UTC). */
export const exportFileName = (what: 'products' | 'orders' | 'movements', at: Date = new Date()): string =>
  `${what}-${at.toISOString().slice(0, 10)}.csv`;
