import { dateColumns, type ExportColumn } from './csv-export';
import { createRecordImportChecker, type RecordImportDeclaration, type RecordImportRow } from './record-import';
import {
  SUPPLIER_FIELD_KEYS,
  SUPPLIER_FIELD_LABELS,
  type SupplierField,
  type SupplierFields,
  supplierNameKey,
  supplierValues,
  readLeadTime,
  validateSupplierFields,
} from './suppliers';

/**
 * Suppliers in and out as CSV (docs/decisions/0037-suppliers.md), by the shared record import (record-import.ts: the
 * catalogue import's reading, header and 422 rules) with the supplier form's rules; a row whose name names a supplier
 * of the store (whatever its case) updates them, any other is a new supplier. The export follows the one export rule
 * (csv-export.ts) with the labels the import reads.
 */

/** The columns a suppliers file may map, in the form's order; only the name is required. */
export const SUPPLIER_IMPORT_FIELDS = SUPPLIER_FIELD_KEYS.map((key) => ({ key, label: SUPPLIER_FIELD_LABELS[key], required: key === 'name' }));

export type SupplierImportMapping = Partial<Record<SupplierField, string>>;

/** The names suppliers lists of other tools give each field (a name must not belong to two fields). */
export const SUPPLIER_HEADER_SYNONYMS: Record<SupplierField, readonly string[]> = {
  name: ['Supplier', 'Supplier Name', 'Vendor', 'Vendor Name', 'Company', 'Company Name', 'Fournisseur', 'Lieferant'],
  contact: ['Contact Name', 'Contact Person', 'Attention', 'Attn', 'Sales Rep', 'Interlocuteur', 'Ansprechpartner'],
  email: ['Email Address', 'E-mail Address', 'Mail', 'Orders Email', 'Courriel', 'E-Mail-Adresse'],
  phone: ['Tel', 'Tel.', 'Telephone', 'Phone Number', 'Mobile', 'Téléphone', 'Telefon'],
  address: ['Street', 'Postal Address', 'Billing Address', 'Adresse', 'Anschrift'],
  leadTimeDays: ['Lead Time', 'Lead Days', 'Lead Time Days', 'Delivery Days', 'Délai', 'Lieferzeit'],
  notes: ['Note', 'Comments', 'Comment', 'Remarks', 'Memo', 'Bemerkungen'],
};

export const SUPPLIER_IMPORT_MESSAGES = {
  duplicateName: (row: number) => `Name is already used by row ${row} of this file`,
  nameTaken: 'A name of this file was given to another supplier while the file was imported: nothing was imported. Import the file again.',
} as const;

export type SupplierImportRow = RecordImportRow<Partial<SupplierFields>>;

/** The suppliers file as the shared record import reads it: rows matched by their name (supplierNameKey). */
const SUPPLIER_IMPORT: RecordImportDeclaration<SupplierField, Partial<SupplierFields>> = {
  fields: SUPPLIER_IMPORT_FIELDS,
  synonyms: SUPPLIER_HEADER_SYNONYMS,
  check(cells) {
    const { leadTimeDays: leadTimeText, ...texts } = cells;
    const fields: Partial<SupplierFields> = texts;
    const errors = validateSupplierFields(fields, { presentOnly: true });
    if (leadTimeText !== undefined) {
      const read = readLeadTime(leadTimeText);
      if ('message' in read) errors.leadTimeDays = read.message;
      else fields.leadTimeDays = read.days;
    }
    if (SUPPLIER_FIELD_KEYS.some((key) => errors[key] !== undefined)) return { errors };
    const all = supplierValues(fields);
    return { values: Object.fromEntries(Object.keys(cells).map((key) => [key, all[key as SupplierField]])) as Partial<SupplierFields> };
  },
  match: {
    field: 'name',
    keyOf: (values) => (values.name ? supplierNameKey(values.name) : null),
    duplicate: SUPPLIER_IMPORT_MESSAGES.duplicateName,
  },
};

/** The suppliers import's checks over a file's records (record-import.ts), with the supplier form's rules. */
export function createSupplierImportChecker(given: SupplierImportMapping | null) {
  return createRecordImportChecker(SUPPLIER_IMPORT, given);
}

/** The values a new supplier gets from a row: its fields, the ones the file does not map left empty. */
export const newSupplierValues = (row: SupplierImportRow): SupplierFields => supplierValues(row.values);

/** A supplier as the suppliers export reads it. */
export type SupplierExportRow = SupplierFields & { _id: string; archivedAt: string | null; createdAt: string; updatedAt: string };

/** The suppliers export: an ID, a column per field under the label the import reads back (the lead time a plain number), the dates. */
export const SUPPLIER_EXPORT_COLUMNS: readonly ExportColumn<SupplierExportRow>[] = [
  { header: 'Supplier ID', cell: (row) => row._id },
  ...SUPPLIER_FIELD_KEYS.map((key): ExportColumn<SupplierExportRow> => ({ header: SUPPLIER_FIELD_LABELS[key], cell: (row) => row[key] })),
  ...dateColumns<SupplierExportRow>('Archived at', (row) => row.archivedAt),
  ...dateColumns<SupplierExportRow>('Created at', (row) => row.createdAt),
  ...dateColumns<SupplierExportRow>('Updated at', (row) => row.updatedAt),
];
