import type { z } from 'zod';
import {
  ARCHIVE_FILTERS,
  type ArchiveFilter,
  containsSearch,
  isArchived,
  matchesArchive,
  queryArchivable,
  type Removal,
  recordRemovalOf,
} from './archive';
import { CUSTOMER_LIMITS } from './constants';
import { MESSAGES } from './messages';
import { fromCents } from './money';
import type { OrderStatus } from './order-status';
import type { Page } from './lists';
import { asciiLower, type PageQuery } from './query-items';
import type { customerResponseSchema } from './schemas/customer-responses';
import type { orderCustomerSchema } from './schemas/responses';
import { type TextFieldsDeclaration, textFieldErrors, textFieldValue, textFieldValues } from './text-fields';

/**
 * Customers (docs/decisions/0035-customers.md): the people and companies a store sells to, per store. Their fields and
 * the rules of the customer form, the search and sorts of their list, when deleting one archives it instead, and
 * whether an order may name one. The server, the mocks and the app all decide by these; the request and response
 * schemas are in schemas/customers.ts.
 */
export type Customer = z.infer<typeof customerResponseSchema>;
/** The customer an order names, as its single-item answers carry it. */
export type OrderCustomer = z.infer<typeof orderCustomerSchema>;

/** The customer form's fields, in its order; every one is text ('' for none). */
export const CUSTOMER_FIELD_KEYS = ['name', 'company', 'email', 'phone', 'billingAddress', 'shippingAddress', 'taxId', 'notes'] as const;
export type CustomerField = (typeof CUSTOMER_FIELD_KEYS)[number];
export type CustomerFields = Record<CustomerField, string>;
export type CustomerFieldErrors = Partial<Record<CustomerField, string>>;

/** How each field is named to people (messages, the CSV's header row, the form's labels). */
export const CUSTOMER_FIELD_LABELS: Record<CustomerField, string> = {
  name: 'Name',
  company: 'Company',
  email: 'Email',
  phone: 'Phone',
  billingAddress: 'Billing address',
  shippingAddress: 'Shipping address',
  taxId: 'Tax ID',
  notes: 'Notes',
};

/** Fields that may hold line breaks (an address, notes); the others are single-line fields (singleLineProblem). */
export const MULTILINE_CUSTOMER_FIELDS: ReadonlySet<CustomerField> = new Set(['billingAddress', 'shippingAddress', 'notes']);

/** An empty form (a new customer). */
export const EMPTY_CUSTOMER_FIELDS: CustomerFields = {
  name: '',
  company: '',
  email: '',
  phone: '',
  billingAddress: '',
  shippingAddress: '',
  taxId: '',
  notes: '',
};

/** The customer form as the shared rules of text records read it (text-fields.ts). */
export const CUSTOMER_TEXT_FIELDS: TextFieldsDeclaration<CustomerField> = {
  keys: CUSTOMER_FIELD_KEYS,
  labels: CUSTOMER_FIELD_LABELS,
  limits: CUSTOMER_LIMITS,
  multiline: MULTILINE_CUSTOMER_FIELDS,
  required: { key: 'name', message: MESSAGES.nameRequired },
  email: 'email',
};

/** A field as it is kept: trimmed; a multi-line one with its lines' line endings as `\n`. */
export function customerFieldText(field: CustomerField, value: string | undefined | null): string {
  return textFieldValue(MULTILINE_CUSTOMER_FIELDS.has(field), value);
}

/** The customer form's values as kept: every field trimmed (customerFieldText). */
export function customerValues(fields: Partial<CustomerFields>): CustomerFields {
  return textFieldValues(CUSTOMER_TEXT_FIELDS, fields);
}

/**
 * The customer form's rules, an error per field in the form's order: a name is required; an email, when given, is an
 * email (the same rule as an account's); every field has a longest length; single-line fields hold no control or
 * text-direction characters, addresses and notes no control characters but line breaks and tabs (text-fields.ts).
 * `presentOnly`: an edit's fields, where a field left out is not checked.
 */
export function validateCustomerFields(fields: Partial<CustomerFields>, { presentOnly = false } = {}): CustomerFieldErrors {
  return textFieldErrors(CUSTOMER_TEXT_FIELDS, fields, { presentOnly });
}

/** The first error of a customer form, in its order; null when every field passes. */
export function firstCustomerError(errors: CustomerFieldErrors): string | null {
  for (const key of CUSTOMER_FIELD_KEYS) if (errors[key]) return errors[key]!;
  return null;
}

/**
 * How two customers' emails are compared: trimmed, ASCII letters in any case (as the databases' lower() compares
 * them). A store's customers have different emails by this key, and an import finds a customer by it.
 */
export function emailMatchKey(email: string): string {
  return asciiLower(email.trim());
}

/* Their list */

/** The sorts of the customer list; each has an index of the active and of the archived customers (migration 0022). */
export const CUSTOMER_SORTS = ['name', 'company', 'email', 'createdAt'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
/** Which customers a list shows: the active ones by default, the archived ones, or both (archive.ts). */
export const CUSTOMER_ARCHIVE_FILTERS = ARCHIVE_FILTERS;
export type CustomerArchiveFilter = ArchiveFilter;

type CustomerRow = Pick<Customer, '_id' | 'name' | 'company' | 'email' | 'phone' | 'createdAt' | 'archivedAt'>;

/** The value a customer is sorted by: text lowercased in ASCII (as both databases' indexes are), dates as stored. */
export function customerSortKey(row: CustomerRow, sort: CustomerSort): string {
  return sort === 'createdAt' ? row.createdAt : asciiLower(row[sort]);
}

/** Whether a customer matches the search text: their name, company, email or phone contains it, in any case. */
export function matchesCustomerSearch(row: Pick<CustomerRow, 'name' | 'company' | 'email' | 'phone'>, q: string | undefined): boolean {
  return containsSearch([row.name, row.company, row.email, row.phone], q);
}

export const isArchivedCustomer = isArchived;

/** Whether a customer belongs in a list filtered by `filter`. */
export const matchesCustomerArchive = matchesArchive;

/** What a page of customers is asked with (customerListQuerySchema, schemas/customers.ts). */
export interface CustomerQuery extends PageQuery {
  sort: CustomerSort;
  q?: string;
  archived: CustomerArchiveFilter;
}

/** One page of a store's customers for a query, by the rules the server follows with its indexes. */
export function queryCustomers<T extends CustomerRow>(rows: readonly T[], query: CustomerQuery): Page<T> {
  return queryArchivable(rows, query, matchesCustomerSearch, (row) => customerSortKey(row, query.sort));
}

/* Deleting, archiving, ordering */

export type CustomerRemoval = Removal;

/**
 * What deleting a customer does (archive.ts): one with orders (any status) is archived, so their orders keep naming
 * them; one with none is deleted. An archived customer whose last order went is deleted the next time.
 */
export const customerRemoval: (orders: number) => CustomerRemoval = recordRemovalOf;

/** A refusal of naming a customer on an order: the status and message the API answers. */
export interface CustomerRefusal {
  status: 404 | 409;
  message: string;
}

/**
 * Whether a new order (or an order moved to another customer) may name this customer (null: not one of the store's):
 * 404 for none, 409 for an archived one. An order keeps a customer archived after it was placed.
 */
export function orderCustomerRefusal(customer: { name: string; archivedAt: string | null } | null): CustomerRefusal | null {
  if (customer === null) return { status: 404, message: MESSAGES.customerNotFound };
  if (isArchivedCustomer(customer)) return { status: 409, message: MESSAGES.customerArchivedNoOrders(customer.name) };
  return null;
}

/** A customer's orders as the figures count them: how many of one status, and their value in whole cents. */
export interface CustomerOrderGroup {
  status: OrderStatus;
  orders: number;
  valueCents: number;
}

export interface CustomerOrderFigures {
  /** Every order naming the customer, whatever its status. */
  orders: number;
  /** Price × quantity of those not cancelled, to the cent. */
  value: number;
}

/** A customer's figures from their orders grouped by status (the server's one query; the mocks group in memory). */
export function customerOrderFigures(groups: readonly CustomerOrderGroup[]): CustomerOrderFigures {
  let orders = 0;
  let cents = 0;
  for (const group of groups) {
    orders += group.orders;
    if (group.status !== 'cancelled') cents += group.valueCents;
  }
  return { orders, value: fromCents(cents) };
}
