import { IMPORT_MAX_ERRORS, IMPORT_MESSAGES, restoreCell } from './csv';
import { dateColumns, type ExportColumn } from './csv-export';
import {
  CUSTOMER_FIELD_KEYS,
  CUSTOMER_FIELD_LABELS,
  type CustomerField,
  type CustomerFields,
  customerValues,
  emailMatchKey,
  validateCustomerFields,
} from './customers';
import { mappingProblem } from './import-checker';
import { guessColumns } from './import-headers';
import type { ImportError, ImportErrorsAnswer } from './schemas/csv';

/**
 * Customers in and out as CSV (docs/decisions/0035-customers.md). The import reads a file by the catalogue import's
 * rules (its encodings, delimiters, syntax messages, header matching, duplicated and missing columns, CSV-injection
 * reversal and its 422 answer: csv.ts, csv-encoding.ts, csv-syntax.ts, import-headers.ts, import-checker.ts) with the
 * customers' own fields and the customer form's rules; a row whose email names a customer of the store (whatever its
 * case) updates them, any other is a new customer. The export follows the one export rule (csv-export.ts).
 */

/** The columns a customers file may map, in the form's order; only the name is required. */
export const CUSTOMER_IMPORT_FIELDS = CUSTOMER_FIELD_KEYS.map((key) => ({
  key,
  label: CUSTOMER_FIELD_LABELS[key],
  required: key === 'name',
}));

/** Our customer field → the file's header that fills it. Fields left out keep their value on an update. */
export type CustomerImportMapping = Partial<Record<CustomerField, string>>;

/**
 * The names customer lists of other tools and shops' own spreadsheets give each field (Shopify, Zoho, QuickBooks,
 * Sortly, inFlow, in English, French and German), compared as normalizeHeader compares ("E-mail" is Email, "Tax ID"
 * its label). A name must not belong to two fields.
 */
export const CUSTOMER_HEADER_SYNONYMS: Record<CustomerField, readonly string[]> = {
  name: ['Customer', 'Customer Name', 'Client', 'Client Name', 'Contact', 'Contact Name', 'Full Name', 'Display Name', 'Nom', 'Kunde', 'Kundenname'],
  company: ['Company Name', 'Organisation', 'Organization', 'Business', 'Business Name', 'Account Name', 'Société', 'Entreprise', 'Firma'],
  email: ['Email Address', 'E-mail Address', 'Mail', 'Courriel', 'E-Mail-Adresse'],
  phone: ['Tel', 'Tel.', 'Telephone', 'Phone Number', 'Mobile', 'Cell', 'Téléphone', 'Telefon'],
  billingAddress: ['Address', 'Billing', 'Invoice Address', 'Bill To', 'Adresse', 'Adresse de facturation', 'Rechnungsadresse'],
  shippingAddress: ['Shipping', 'Delivery Address', 'Ship To', 'Adresse de livraison', 'Lieferadresse'],
  taxId: ['VAT', 'VAT Number', 'VAT No', 'VAT ID', 'Tax Number', 'Tax No', 'TIN', 'EIN', 'GST Number', 'TVA', 'Numéro de TVA', 'USt-IdNr'],
  notes: ['Note', 'Comments', 'Comment', 'Remarks', 'Memo', 'Bemerkungen'],
};

/** Each field's column guessed from a file's header row (the catalogue import's rule, guessColumns). */
export function guessCustomerMapping(headers: readonly string[]): CustomerImportMapping {
  return guessColumns(CUSTOMER_IMPORT_FIELDS, CUSTOMER_HEADER_SYNONYMS, headers);
}

export const CUSTOMER_IMPORT_MESSAGES = {
  duplicateEmail: (row: number) => `Email is already used by row ${row} of this file`,
  emailTaken:
    'An email of this file was given to another customer while the file was imported: nothing was imported. Import the file again.',
} as const;

/** A checked row: the fields its file maps (trimmed as the form trims them), with its row number. */
export interface CustomerImportRow {
  row: number;
  values: Partial<CustomerFields>;
  /** The email's match key when the row has one (emailMatchKey): it updates the store's customer of that email. */
  emailKey: string | null;
}

/**
 * The customers import's checks over a file's records, in order: the header row (the mapping, given or guessed, must
 * name a column for the name and only columns the file has, each once), then each data row (the customer form's
 * rules; emails unique in the file; blank rows skipped). Errors are kept up to IMPORT_MAX_ERRORS and all counted, as
 * the catalogue import's are. The server (csv-parse) and the mocks (papaparse) feed it records one by one.
 */
export function createCustomerImportChecker(given: CustomerImportMapping | null) {
  const errors: ImportError[] = [];
  let errorCount = 0;
  let rowNumber = 0;
  let columns = 0;
  let headerSeen = false;
  let headerProblem: ImportErrorsAnswer | null = null;
  let mapping: CustomerImportMapping = {};
  let indexOf: [CustomerField, number][] = [];
  const emails = new Map<string, number>();
  const fail = (error: ImportError) => {
    errorCount += 1;
    if (errors.length < IMPORT_MAX_ERRORS) errors.push(error);
  };
  const column = (field: CustomerField) => mapping[field] ?? CUSTOMER_FIELD_LABELS[field];

  return {
    /** The header row; an answer for 422 when the mapping does not fit it. */
    header(headers: readonly string[]): ImportErrorsAnswer | null {
      rowNumber = 1;
      headerSeen = true;
      columns = headers.length;
      mapping = given ?? guessCustomerMapping(headers);
      indexOf = CUSTOMER_FIELD_KEYS.filter((key) => mapping[key] !== undefined).map((key) => [key, headers.indexOf(mapping[key]!)]);
      headerProblem = mappingProblem(CUSTOMER_IMPORT_FIELDS, mapping, headers, given !== null);
      return headerProblem;
    },

    /** The mapping the header row settled on (given, or guessed). */
    get mapping(): CustomerImportMapping {
      return mapping;
    },

    /** The next data row: the checked row, or null (blank, or failing: its errors are recorded). */
    record(record: readonly string[]): CustomerImportRow | null {
      rowNumber += 1;
      if (record.every((cell) => cell.trim() === '')) return null;
      const extra = record.findIndex((cell, index) => index >= columns && cell.trim() !== '');
      if (extra !== -1) {
        fail({ row: rowNumber, column: `Column ${extra + 1}`, message: IMPORT_MESSAGES.extraCells(columns) });
        return null;
      }
      const cells: Partial<CustomerFields> = {};
      for (const [field, index] of indexOf) cells[field] = restoreCell(record[index] ?? '');
      const fieldErrors = validateCustomerFields(cells, { presentOnly: true });
      const failing = CUSTOMER_FIELD_KEYS.filter((key) => fieldErrors[key] !== undefined);
      for (const key of failing) fail({ row: rowNumber, column: column(key), message: fieldErrors[key]! });
      if (failing.length > 0) return null;
      const all = customerValues(cells);
      const values = Object.fromEntries(indexOf.map(([field]) => [field, all[field]])) as Partial<CustomerFields>;
      const emailKey = values.email ? emailMatchKey(values.email) : null;
      if (emailKey !== null) {
        // Emails are unique in a store: two rows of one file with one email would be two writes of one customer.
        const first = emails.get(emailKey);
        if (first !== undefined) {
          fail({ row: rowNumber, column: column('email'), message: CUSTOMER_IMPORT_MESSAGES.duplicateEmail(first) });
          return null;
        }
        emails.set(emailKey, rowNumber);
      }
      return { row: rowNumber, values, emailKey };
    },

    /** Whether any row failed so far (then nothing will be written). */
    get failed(): boolean {
      return errorCount > 0 || headerProblem !== null;
    },

    /** The file could not be read as CSV at `row` (default: the one after the rows seen). */
    malformed(detail: string, row = rowNumber + 1): ImportErrorsAnswer {
      const message = IMPORT_MESSAGES.malformed(detail);
      return { message, errors: [...errors.slice(0, IMPORT_MAX_ERRORS - 1), { row, column: '', message }] };
    },

    /** After the last record: the 422 answer, or null when every row passed. */
    finish(): ImportErrorsAnswer | null {
      if (headerProblem) return headerProblem;
      if (!headerSeen) return { message: IMPORT_MESSAGES.emptyFile, errors: [{ row: 1, column: '', message: IMPORT_MESSAGES.emptyFile }] };
      if (errorCount > 0) return { message: IMPORT_MESSAGES.rowErrors(errorCount, errors.length), errors };
      return null;
    },
  };
}

export type CustomerImportChecker = ReturnType<typeof createCustomerImportChecker>;

/** The values a new customer gets from a row: its fields, the ones the file does not map left empty. */
export const newCustomerValues = (row: CustomerImportRow): CustomerFields => customerValues(row.values);

/** A customer as the customers export reads it. */
export type CustomerExportRow = CustomerFields & {
  _id: string;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
};

/** The customers export: an ID, then a column per field under the label the import reads back, then the dates. */
export const CUSTOMER_EXPORT_COLUMNS: readonly ExportColumn<CustomerExportRow>[] = [
  { header: 'Customer ID', cell: (row) => row._id },
  ...CUSTOMER_FIELD_KEYS.map((key): ExportColumn<CustomerExportRow> => ({ header: CUSTOMER_FIELD_LABELS[key], cell: (row) => row[key] })),
  ...dateColumns<CustomerExportRow>('Archived at', (row) => row.archivedAt),
  ...dateColumns<CustomerExportRow>('Created at', (row) => row.createdAt),
  ...dateColumns<CustomerExportRow>('Updated at', (row) => row.updatedAt),
];
