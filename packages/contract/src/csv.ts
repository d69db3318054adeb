import { validateItemFields, validateReorderPoint, validateSku } from './catalogue';
import { validateCost } from './cost';
import { validateBarcode } from './product-identity';
import { CATALOGUE_FIELDS, type CatalogueField, type CatalogueFieldDecl, type CatalogueKindValue } from './catalogue-fields';
import { MESSAGES } from './messages';
import { checkSupplierLinkCells, type ImportSupplierLink, SUPPLIER_LINK_IMPORT_FIELDS, type SupplierLinkImportField } from './product-suppliers';
import { plainToRichText, sameAsPlain } from './rich-text/plain-text';
import { singleLineProblem } from './validation';

/**
 * CSV import and export of the catalogue (docs/decisions/0017-csv-import-export.md): the columns the import knows, how
 * a file's headers map to them, the rules a row must pass (the product form's), and the one CSV-injection rule the
 * export writes and the import reverses. Shared by the server, the mocks and the app's mapping screen. The checker
 * that runs them over a whole file is in import-checker.ts, the import's schemas in schemas/csv.ts.
 */

/**
 * Our fields a file's columns can map to, in the order the export writes them (its header row uses the labels): the
 * catalogue's fields (catalogue-fields.ts), each rich-text one followed by its HTML column (`Description HTML`), which
 * gives the field its value when mapped (the export's round trip); the plain column is then not read.
 */
export interface ImportFieldDeclaration {
  key: ImportField;
  label: string;
  required: boolean;
  /** The catalogue field it fills, or `supplier`: the product's supplier link (product-suppliers.ts). */
  field: CatalogueField | 'supplier';
}
type HtmlField = Extract<CatalogueFieldDecl, { kind: 'html' }>['key'];
export type ImportField = CatalogueField | `${HtmlField}Html` | SupplierLinkImportField;

export const htmlColumnKey = (field: HtmlField): `${HtmlField}Html` => `${field}Html`;
export const htmlColumnLabel = (label: string) => `${label} HTML`;

export const IMPORT_FIELDS: readonly ImportFieldDeclaration[] = [
  ...CATALOGUE_FIELDS.flatMap((field): ImportFieldDeclaration[] => {
    const own = { key: field.key, label: field.label, required: field.required, field: field.key };
    return field.kind === 'html'
      ? [own, { key: htmlColumnKey(field.key), label: htmlColumnLabel(field.label), required: false, field: field.key }]
      : [own];
  }),
  // Optional columns naming the product's supplier and the link's fields (0037); the products export does not write them.
  ...SUPPLIER_LINK_IMPORT_FIELDS.map(({ key, label }): ImportFieldDeclaration => ({ key, label, required: false, field: 'supplier' })),
];

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
  duplicateBarcode: (row: number) => `Barcode is already used by row ${row} of this file`,
  barcodeOfAnother:
    "Barcode is another product's in this store than the one this row's SKU names: a barcode belongs to one product",
  duplicateMatch: (row: number) => `This row names the same product as row ${row} of this file (by its SKU, barcode or part number)`,
  rowErrors: (count: number, listed: number) =>
    count === 1
      ? '1 error: nothing was imported'
      : `${count} errors${count > listed ? ` (the first ${listed} listed)` : ''}: nothing was imported`,
  tooLarge: (maxBytes: number) => `The file is larger than ${Math.floor(maxBytes / (1024 * 1024))} MB`,
  columnNotAllowed: (refusal: string, header: string, label: string) =>
    `${refusal} The file's column "${header}" sets ${label}: leave it out of the mapping, or out of the file, and import again (nothing was imported).`,
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

/**
 * Whether `value`, a parsed mapping, is an object whose own keys are all our fields (never `__proto__` and the like):
 * the catalogue's, or another import's `keys` (the customers').
 */
export function hasOnlyFieldKeys(value: unknown, keys: readonly string[] = IMPORT_FIELD_KEYS): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const fields = new Set<string>(keys);
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

/** A row of the file by our field (cells restored, trimmed as the form trims); absent: the column is not mapped. */
export type ImportRowCells = Partial<Record<ImportField, string>>;

/**
 * A valid row, by catalogue field (catalogue-fields.ts): real numbers, the SKU undefined when blank (the server makes
 * one), an optional field undefined when not mapped (an update keeps its value; a new product gets the kind's default)
 * and the reorder point null when blank. The description is unsanitized: the server sanitizes.
 */
export type ImportRow = {
  [F in CatalogueFieldDecl as F['key']]: F['kind'] extends 'sku'
    ? string | undefined
    : F['required'] extends true
      ? CatalogueKindValue<F['kind']>
      : CatalogueKindValue<F['kind']> | undefined;
} & {
  /** The product's supplier link the row's Supplier columns give; undefined when they give none (0037). */
  supplier?: ImportSupplierLink;
};

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
 * A row checked by the product form's rules, an error per field. Any SKU `validateSku` passes is kept, new or not
 * (0030), so whether it names a product already (`_existing`, kept for the callers that pass it) decides nothing here.
 */
/**
 * Where a rich-text field's value comes from. With its HTML column mapped (the products export's two columns), the
 * HTML, unless the plain-text column beside it says something else: then that text was edited (in a spreadsheet) and
 * wins, as paragraphs. Without an HTML column, the field's own column as it always was (HTML or text; sanitized).
 */
function richTextCell(cells: ImportRowCells, key: HtmlField): { column: ImportField; raw: string | undefined } {
  const html = cells[htmlColumnKey(key)];
  const text = cells[key];
  if (html === undefined) return { column: key, raw: text };
  if (text !== undefined && !sameAsPlain(text, html)) return { column: key, raw: plainToRichText(text) };
  return { column: htmlColumnKey(key), raw: html };
}

/** The product form's fields first (their errors come in the form's order), then the others in the catalogue's. */
const FORM_FIELDS: readonly CatalogueField[] = ['name', 'category', 'price', 'quantity'];
const CHECK_ORDER = [
  ...CATALOGUE_FIELDS.filter((field) => FORM_FIELDS.includes(field.key)),
  ...CATALOGUE_FIELDS.filter((field) => !FORM_FIELDS.includes(field.key)),
];

export function validateImportRow(
  cells: ImportRowCells,
  _existing?: (sku: string) => boolean,
): { row: ImportRow } | { errors: ImportCellError[] } {
  const fieldErrors = validateItemFields({
    name: cells.name ?? '',
    category: cells.category ?? '',
    price: cells.price ?? '',
    quantity: cells.quantity ?? '',
  });
  const errors: ImportCellError[] = [];
  const values: Record<string, string | number | null | undefined | ImportSupplierLink> = {};
  for (const field of CHECK_ORDER) {
    const { key } = field;
    const { column, raw } = field.kind === 'html' ? richTextCell(cells, field.key) : { column: key, raw: cells[key] };
    const fail = (message: string) => errors.push({ field: column, message });
    if (key in fieldErrors) {
      fail(fieldErrors[key as keyof typeof fieldErrors]!);
      continue;
    }
    if (raw === undefined) {
      values[key] = undefined;
      continue;
    }
    const text = raw.trim();
    const max = 'maxLength' in field ? field.maxLength : Infinity;
    switch (field.kind) {
      case 'sku':
        if (text === '') values[key] = undefined;
        else if (validateSku(text)) fail(validateSku(text)!);
        else values[key] = text;
        break;
      case 'text': {
        const problem = singleLineProblem(field.label, text);
        if (problem) fail(problem);
        else if (text.length > max) fail(MESSAGES.fieldTooLong(field.label, max));
        else values[key] = text;
        break;
      }
      case 'money':
      case 'count':
        values[key] = Number(text);
        break;
      case 'optionalMoney': {
        const problem = validateCost(text);
        if (problem) fail(problem);
        else values[key] = text === '' ? null : Number(text);
        break;
      }
      case 'optionalCount': {
        const problem = validateReorderPoint(text);
        if (problem) fail(problem);
        else values[key] = text === '' ? null : Number(text);
        break;
      }
      case 'html':
        if (raw.length > max) fail(MESSAGES.descriptionTooLong);
        else values[key] = raw;
        break;
      case 'barcode': {
        const barcode = text === '' ? null : validateBarcode(text);
        if (barcode && 'message' in barcode) fail(barcode.message);
        else values[key] = barcode ? barcode.barcode : null;
        break;
      }
      case 'optionalText': {
        const problem = singleLineProblem(field.label, text);
        if (problem) fail(problem);
        else if (text.length > max) fail(MESSAGES.fieldTooLong(field.label, max));
        else values[key] = text === '' ? null : text;
        break;
      }
    }
  }
  const supplier = checkSupplierLinkCells(cells);
  if ('errors' in supplier) errors.push(...supplier.errors);
  else if (supplier.link) values.supplier = supplier.link;
  // A NUL is the only error of its cell (the form's rules would read the text around it).
  const withNul = IMPORT_FIELD_KEYS.filter((field) => cells[field]?.includes('\u0000'));
  const order = (error: ImportCellError) => IMPORT_FIELD_KEYS.indexOf(error.field);
  if (withNul.length > 0) {
    const others = errors.filter((error) => !withNul.includes(error.field));
    const nul = withNul.map((field) => ({ field, message: MESSAGES.nulCharacter }));
    return { errors: [...others, ...nul].sort((a, b) => order(a) - order(b)) };
  }
  if (errors.length > 0) return { errors };
  return { row: values as ImportRow };
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
