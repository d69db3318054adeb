/**
 * Document numbers: each store numbers each kind of document from its own sequence (1, 2, 3 …), taken in the
 * transaction that writes the document, and people read them as a prefix and at least five digits ("SO-00042"), the
 * number they can say on the phone. Sales orders and purchase orders now; receipts and invoices take their kinds here.
 */
export const DOCUMENT_KINDS = {
  sales_order: { prefix: 'SO' },
  purchase_order: { prefix: 'PO' },
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
