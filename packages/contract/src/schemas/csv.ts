import { z } from 'zod';
import { CSV_DELIMITERS, hasOnlyFieldKeys, IMPORT_FIELD_KEYS, IMPORT_MAX_ERRORS, type ImportMapping } from '../csv';
import { CSV_ENCODINGS } from '../csv-encoding';
import { isTimeZone } from '../csv-export';
import { IMPORT_MAX_DUPLICATES } from '../import-summary';
import { MESSAGES } from '../messages';
import { importCategoryFields } from './categories';
import { NUMBER_FORMATS } from '../number-format';

/** The CSV import's request and answers (its fields and rules: csv.ts). */

/** The `mapping` field of POST /api/products/import, once parsed from JSON. */
export const importMappingSchema = z
  .partialRecord(z.enum(IMPORT_FIELD_KEYS), z.string().min(1))
  .describe("Our field → the file's header");

/**
 * The `mapping` part's text, parsed and checked: null when it is not JSON, not an object of our fields to headers, or
 * carries a key such as `__proto__` (which JSON.parse makes an own key and the schema alone would pass, as empty).
 */
export function parseImportMapping(text: string): ImportMapping | null {
  return parseFieldMapping(text, IMPORT_FIELD_KEYS, importMappingSchema);
}

/**
 * Any import's `mapping` part (the catalogue's, the customers', the suppliers'): null when it is not JSON, not an
 * object of those fields (`keys`) to headers by `schema`, or carries a key such as `__proto__` (hasOnlyFieldKeys).
 */
export function parseFieldMapping<M>(text: string, keys: readonly string[], schema: z.ZodType<M>): M | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!hasOnlyFieldKeys(value, keys)) return null;
  const result = schema.safeParse(value);
  return result.success ? result.data : null;
}

/** A dry run names at most this many of the suppliers an import would make. */
export const IMPORT_MAX_NEW_SUPPLIERS = 20;

/** What an import with Supplier columns did (or, in a dry run, would do) to the products' suppliers (0037). */
export const importSuppliersSchema = z
  .object({
    linked: z.number().int().min(0).describe('Rows that name a supplier: each links its product to them (or updates that link)'),
    created: z.number().int().min(0).describe('Suppliers the store has no supplier of that name for (any case): made by the import'),
    newNames: z
      .array(z.string())
      .max(IMPORT_MAX_NEW_SUPPLIERS)
      .optional()
      .describe(`Dry run: the names of those new suppliers as the file first writes them, the first ${IMPORT_MAX_NEW_SUPPLIERS}`),
  })
  .describe('Only when the file maps a Supplier column');
export type ImportSuppliers = z.infer<typeof importSuppliersSchema>;

/** 200 of POST /api/products/import (a dry run answers the same counts and writes nothing). */
export const importResultSchema = z.object({
  created: z.number().int().min(0).describe('Rows that are (or, in a dry run, would be) new products'),
  updated: z.number().int().min(0).describe('Rows whose SKU names an existing product of the store'),
  suppliers: importSuppliersSchema.optional(),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** 200 of a dry run: the counts, how the file was read, and the rows that would likely duplicate a product. */
export const importCheckSchema = importResultSchema.extend({
  encoding: z.enum(CSV_ENCODINGS).describe('How the file was decoded (a BOM, else UTF-8 when valid, else Windows-1252)'),
  delimiter: z.enum(CSV_DELIMITERS).describe('The delimiter read from the header line'),
  numberFormat: z
    .enum(NUMBER_FORMATS)
    .nullable()
    .describe('The `numberFormat` numbers were read in; null: none sent, plain digits with a decimal point'),
  likelyDuplicates: z
    .array(
      z.object({
        row: z.number().int().min(2).describe('The row that would be a new product'),
        name: z.string(),
        sku: z.string().describe('The SKU of the store\'s product that has this name already'),
      }),
    )
    .max(IMPORT_MAX_DUPLICATES)
    .describe(`New rows whose name a product of the store has (trimmed, any ASCII case), the first ${IMPORT_MAX_DUPLICATES}`),
  likelyDuplicateCount: z.number().int().min(0),
  ...importCategoryFields,
});
export type ImportCheck = z.infer<typeof importCheckSchema>;

export const importErrorSchema = z.object({
  row: z
    .number()
    .int()
    .min(1)
    .describe('The line as a spreadsheet numbers it: the header is row 1, the first data row is row 2'),
  column: z.string().describe("The file's header of the column (our field's label when the file has no such column)"),
  message: z.string(),
});
export type ImportError = z.infer<typeof importErrorSchema>;

/** 422 of POST /api/products/import: nothing was written. */
export const importErrorsAnswerSchema = z.object({
  message: z.string(),
  errors: z
    .array(importErrorSchema)
    .max(IMPORT_MAX_ERRORS)
    .describe(`At most ${IMPORT_MAX_ERRORS}; the message counts them all`),
});
export type ImportErrorsAnswer = z.infer<typeof importErrorsAnswerSchema>;

/** `?dryRun=1` of POST /api/products/import. */
export const importQuerySchema = z.strictObject({
  dryRun: z.enum(['0', '1', 'true', 'false']).optional().describe('1: validate only, write nothing'),
  numberFormat: z
    .enum(NUMBER_FORMATS)
    .optional()
    .describe(
      'How prices, quantities and reorder points are written: `point` 1,299.00 / $1,299.00, `comma` 1.299,00 / 1 299,00 €; absent: plain digits with a decimal point',
    ),
});

/** `?timeZone=Europe/Paris` of the three exports: the zone of their local-time columns and file name (default UTC). */
export const exportQuerySchema = z.strictObject({
  timeZone: z
    .string()
    .refine(isTimeZone, { message: MESSAGES.timeZoneInvalid })
    .optional()
    .describe('An IANA time zone (e.g. `Europe/Paris`) for the local-time columns beside each UTC date and for the date in the file name; default `UTC`. The app sends the browser\'s zone'),
});

/**
 * The answers of a store's records' import (customers, suppliers: record-import.ts): 200 with what was written (a dry
 * run: would be), and in a dry run how the file was read. `matched`: what makes a row update a record.
 */
export function recordImportAnswers(records: string, matched: string) {
  const result = z.object({
    created: z.number().int().min(0).describe(`Rows that are (or, in a dry run, would be) new ${records}`),
    updated: z.number().int().min(0).describe(matched),
  });
  const check = result.extend({
    encoding: z.enum(CSV_ENCODINGS).describe('How the file was decoded (a BOM, else UTF-8 when valid, else Windows-1252)'),
    delimiter: z.enum(CSV_DELIMITERS).describe('The delimiter read from the header line'),
  });
  return { result, check };
}

/** `?dryRun=1` of a store's records' import. */
export const recordImportQuerySchema = z.strictObject({
  dryRun: z.enum(['0', '1', 'true', 'false']).optional().describe('1: validate only, write nothing'),
});
