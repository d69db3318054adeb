import type { z } from 'zod';
import {
  ARCHIVE_FILTERS,
  type ArchiveFilter,
  containsSearch,
  isArchived,
  queryArchivable,
  type Removal,
  recordRemovalOf,
} from './archive';
import { SUPPLIER_LEAD_TIME_MAX_DAYS, SUPPLIER_LIMITS } from './constants';
import type { Page } from './lists';
import { MESSAGES } from './messages';
import { asciiLower, type PageQuery } from './query-items';
import type { supplierResponseSchema } from './schemas/supplier-responses';
import { type TextFieldsDeclaration, textFieldErrors, textFieldValues } from './text-fields';

/**
 * Suppliers (docs/decisions/0037-suppliers.md): the companies a store buys from, per store. Their fields and the
 * rules of the supplier form, how two names are compared (a name is unique in its store whatever its case), the
 * search and sorts of their list, and when deleting one archives it instead. The server, the mocks and the app all
 * decide by these; the request and response schemas are in schemas/suppliers.ts and schemas/supplier-responses.ts.
 */
export type Supplier = z.infer<typeof supplierResponseSchema>;

/** The supplier form's text fields, in its order ('' for none). */
export const SUPPLIER_TEXT_FIELD_KEYS = ['name', 'contact', 'email', 'phone', 'address', 'notes'] as const;
export type SupplierTextField = (typeof SUPPLIER_TEXT_FIELD_KEYS)[number];
/** Every field of the form, in its order: the text ones and the lead time (whole days, null for none). */
export const SUPPLIER_FIELD_KEYS = ['name', 'contact', 'email', 'phone', 'address', 'leadTimeDays', 'notes'] as const;
export type SupplierField = (typeof SUPPLIER_FIELD_KEYS)[number];
export type SupplierFields = Record<SupplierTextField, string> & { leadTimeDays: number | null };
export type SupplierFieldErrors = Partial<Record<SupplierField, string>>;

/** How each field is named to people (messages, the CSV's header row, the form's labels). */
export const SUPPLIER_FIELD_LABELS: Record<SupplierField, string> = {
  name: 'Name',
  contact: 'Contact',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  leadTimeDays: 'Lead time (days)',
  notes: 'Notes',
};

/** The supplier form's text fields as the shared rules of text records read them (text-fields.ts). */
export const SUPPLIER_TEXT_FIELDS: TextFieldsDeclaration<SupplierTextField> = {
  keys: SUPPLIER_TEXT_FIELD_KEYS,
  labels: SUPPLIER_FIELD_LABELS,
  limits: SUPPLIER_LIMITS,
  multiline: new Set<SupplierTextField>(['address', 'notes']),
  required: { key: 'name', message: MESSAGES.nameRequired },
  email: 'email',
};

/** An empty form (a new supplier). */
export const EMPTY_SUPPLIER_FIELDS: SupplierFields = { name: '', contact: '', email: '', phone: '', address: '', leadTimeDays: null, notes: '' };

/** Whether a lead time is one a supplier may have: whole days from 0 to SUPPLIER_LEAD_TIME_MAX_DAYS, or null (none). */
export function isLeadTime(value: unknown): value is number | null {
  return value === null || (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= SUPPLIER_LEAD_TIME_MAX_DAYS);
}

/** A lead time as a form or a CSV cell writes it ('' for none): the days, or the message when it is not one. */
export function readLeadTime(text: string): { days: number | null } | { message: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { days: null };
  const days = /^\d{1,4}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  return isLeadTime(days) ? { days } : { message: MESSAGES.leadTimeInvalid };
}

/** The values as kept: text fields trimmed (text-fields.ts), the lead time as given (null when absent). */
export function supplierValues(fields: Partial<SupplierFields>): SupplierFields {
  return { ...textFieldValues(SUPPLIER_TEXT_FIELDS, fields), leadTimeDays: fields.leadTimeDays ?? null };
}

/**
 * The supplier form's rules, an error per field in the form's order: a name; an email, when given, an email; every
 * text a longest length and the single-line or multi-line rule (text-fields.ts); a lead time of whole days from 0 to
 * 365 or none. `presentOnly`: an edit's fields, where a field left out is not checked.
 */
export function validateSupplierFields(fields: Partial<SupplierFields>, { presentOnly = false } = {}): SupplierFieldErrors {
  const errors: SupplierFieldErrors = textFieldErrors(SUPPLIER_TEXT_FIELDS, fields, { presentOnly });
  if (!(presentOnly && fields.leadTimeDays === undefined) && !isLeadTime(fields.leadTimeDays ?? null)) errors.leadTimeDays = MESSAGES.leadTimeInvalid;
  return errors;
}

/** The first error of a supplier form, in its order; null when every field passes. */
export function firstSupplierError(errors: SupplierFieldErrors): string | null {
  for (const key of SUPPLIER_FIELD_KEYS) if (errors[key]) return errors[key]!;
  return null;
}

/**
 * How two suppliers' names are compared: trimmed, ASCII letters in any case (as the databases' lower() compares them).
 * A store's suppliers have different names by this key; the suppliers import and the catalogue import's Supplier
 * column find a supplier by it.
 */
export function supplierNameKey(name: string): string {
  return asciiLower(name.trim());
}

/* Their list */

/** The sorts of the supplier list; each has an index of the active and of the archived suppliers (migration 0030). */
export const SUPPLIER_SORTS = ['name', 'contact', 'email', 'createdAt'] as const;
export type SupplierSort = (typeof SUPPLIER_SORTS)[number];
export const SUPPLIER_ARCHIVE_FILTERS = ARCHIVE_FILTERS;
export type SupplierArchiveFilter = ArchiveFilter;

type SupplierRow = Pick<Supplier, '_id' | 'name' | 'contact' | 'email' | 'phone' | 'createdAt' | 'archivedAt'>;

/** The value a supplier is sorted by: text lowercased in ASCII (as both databases' indexes are), dates as stored. */
export function supplierSortKey(row: SupplierRow, sort: SupplierSort): string {
  return sort === 'createdAt' ? row.createdAt : asciiLower(row[sort]);
}

/** Whether a supplier matches the search text: their name, contact, email or phone contains it, in any case. */
export function matchesSupplierSearch(row: Pick<SupplierRow, 'name' | 'contact' | 'email' | 'phone'>, q: string | undefined): boolean {
  return containsSearch([row.name, row.contact, row.email, row.phone], q);
}

/** What a page of suppliers is asked with (supplierListQuerySchema, schemas/suppliers.ts). */
export interface SupplierQuery extends PageQuery {
  sort: SupplierSort;
  q?: string;
  archived: SupplierArchiveFilter;
}

/** One page of a store's suppliers for a query, by the rules the server follows with its indexes. */
export function querySuppliers<T extends SupplierRow>(rows: readonly T[], query: SupplierQuery): Page<T> {
  return queryArchivable(rows, query, matchesSupplierSearch, (row) => supplierSortKey(row, query.sort));
}

/* Deleting, archiving, linking */

/**
 * What deleting a supplier does (archive.ts): one that products name (their supplier links) is archived, so those
 * links stay; one that none names is deleted.
 */
export const supplierRemoval: (linkedProducts: number) => Removal = recordRemovalOf;

/** A refusal of linking a supplier to a product: the status and message the API answers. */
export interface SupplierRefusal {
  status: 404 | 409;
  message: string;
}

/**
 * Whether a product may be given this supplier (null: not one of the store's) as a new link: 404 for none, 409 for an
 * archived one. Links made before the supplier was archived stay, and may still be edited or removed.
 */
export function linkSupplierRefusal(supplier: { name: string; archivedAt: string | null } | null): SupplierRefusal | null {
  if (supplier === null) return { status: 404, message: MESSAGES.supplierNotFound };
  if (isArchived(supplier)) return { status: 409, message: MESSAGES.supplierArchivedNoLinks(supplier.name) };
  return null;
}
