import { BILLING_MESSAGES } from './billing-messages';

/**
 * Document numbers: each store numbers each kind of document from its own sequence (1, 2, 3 …), taken in the
 * transaction that writes the document, and people read them as a prefix and at least five digits ("SO-00042"), the
 * number they can say on the phone. Sales orders and purchase orders now; receipts and invoices take their kinds here.
 */
export const DOCUMENT_KINDS = {
  sales_order: { prefix: 'SO' },
  purchase_order: { prefix: 'PO' },
  invoice: { prefix: 'INV' },
  credit_note: { prefix: 'CN' },
} as const;
export type DocumentKind = keyof typeof DOCUMENT_KINDS;

/** Digits a document number is padded to; a store past 99,999 documents of a kind gets more digits, never a clash. */
export const DOCUMENT_NUMBER_DIGITS = 5;

/** `documentNumber('sales_order', 42)` is "SO-00042"; `documentNumber('purchase_order', 45)` is "PO-00045". */
export function documentNumber(kind: DocumentKind, value: number): string {
  return `${DOCUMENT_KINDS[kind].prefix}-${String(value).padStart(DOCUMENT_NUMBER_DIGITS, '0')}`;
}

/**
 * The number a search text names of `kind`, or null: "SO-00042", "so-42", "SO00042" and "so 42" all name 42 (what
 * someone types who heard it on the phone). Plain digits are not taken as a number here: they are a name, SKU or
 * category search as before.
 */
export function parseDocumentNumber(kind: DocumentKind, text: string): number | null {
  const match = new RegExp(`^\\s*${DOCUMENT_KINDS[kind].prefix}[\\s-]*(\\d{1,9})\\s*$`, 'i').exec(text);
  if (!match) return null;
  const value = Number(match[1]);
  return value > 0 ? value : null;
}

/**
 * How a store numbers its invoices and credit notes (docs/decisions/0043-invoices.md): a prefix each and whether the
 * year of issue is part of the number. With the year, each year is a series of its own that starts again at 1.
 */
export interface BillingNumbering {
  invoicePrefix: string;
  creditNotePrefix: string;
  withYear: boolean;
}

export const DEFAULT_BILLING_NUMBERING: BillingNumbering = { invoicePrefix: 'INV', creditNotePrefix: 'CN', withYear: true };

/** Digits of an invoice or credit note number (INV-2026-000123). */
export const BILLING_NUMBER_DIGITS = 6;

export const BILLING_PREFIX_PATTERN = /^[A-Za-z0-9-]{1,10}$/;

export type BillingNumberingErrors = Partial<Record<'invoicePrefix' | 'creditNotePrefix', string>>;

/** The numbering's fields as PUT /api/invoices/numbering checks them (its schema uses the same pattern), by field. */
export function validateBillingNumbering(numbering: Pick<BillingNumbering, 'invoicePrefix' | 'creditNotePrefix'>): BillingNumberingErrors {
  const errors: BillingNumberingErrors = {};
  for (const field of ['invoicePrefix', 'creditNotePrefix'] as const) {
    if (!BILLING_PREFIX_PATTERN.test(numbering[field])) errors[field] = BILLING_MESSAGES.numberingPrefixInvalid;
  }
  return errors;
}

/** The series a number is taken from: one per store and kind, and per year when the year is in the number. */
export function billingSeries(kind: 'invoice' | 'credit_note', withYear: boolean, year: number): string {
  return withYear ? `${kind}:${year}` : kind;
}

/** `INV-2026-000123` with the year, `INV-000123` without. */
export function billingNumber(prefix: string, year: number | null, value: number): string {
  const digits = String(value).padStart(BILLING_NUMBER_DIGITS, '0');
  return year === null ? `${prefix}-${digits}` : `${prefix}-${year}-${digits}`;
}
