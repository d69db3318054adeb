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
import { guessColumns } from './import-headers';
import { createRecordImportChecker, type RecordImportDeclaration, type RecordImportRow } from './record-import';

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

/** A checked row: the fields its file maps (trimmed as the form trims them), with its row number and email's key. */
export type CustomerImportRow = RecordImportRow<Partial<CustomerFields>>;

/** The customers file as the shared record import reads it (record-import.ts): rows matched by their email. */
const CUSTOMER_IMPORT: RecordImportDeclaration<CustomerField, Partial<CustomerFields>> = {
  fields: CUSTOMER_IMPORT_FIELDS,
  synonyms: CUSTOMER_HEADER_SYNONYMS,
  check(cells) {
    const errors = validateCustomerFields(cells, { presentOnly: true });
    if (CUSTOMER_FIELD_KEYS.some((key) => errors[key] !== undefined)) return { errors };
    const all = customerValues(cells);
    return { values: Object.fromEntries(Object.keys(cells).map((key) => [key, all[key as CustomerField]])) as Partial<CustomerFields> };
  },
  match: {
    field: 'email',
    keyOf: (values) => (values.email ? emailMatchKey(values.email) : null),
    duplicate: CUSTOMER_IMPORT_MESSAGES.duplicateEmail,
  },
};

/**
 * The customers import's checks over a file's records, in order: the header row (the mapping, given or guessed, must
 * name a column for the name and only columns the file has, each once), then each data row (the customer form's
 * rules; emails unique in the file; blank rows skipped): the shared record import (record-import.ts).
 */
export function createCustomerImportChecker(given: CustomerImportMapping | null) {
  return createRecordImportChecker(CUSTOMER_IMPORT, given);
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
