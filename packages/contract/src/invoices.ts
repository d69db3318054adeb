import { BILLING_MESSAGES } from './billing-messages';
import { type DocumentRate, type DocumentTotals, type TotalsOptions } from './document-totals';
import { type OrderLine, orderLineAmountCents, orderTotals } from './order-lines';

/**
 * Invoices, credit notes and payments (docs/decisions/0043-invoices.md): pure rules the server, the mocks and the
 * screens share. An invoice's lines are the order lines' shape (order-lines.ts: a product or free text, a quantity, a
 * unit price, a discount in percent, a tax rate), so an invoice made from an order copies them as they are; its totals
 * are the one rule of documentTotals (0038).
 */

export const INVOICE_STATUSES = ['draft', 'issued'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** Where the money of an issued invoice stands; a draft has none. */
export const PAYMENT_STATUSES = ['unpaid', 'partly_paid', 'paid', 'overdue'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_METHODS = ['cash', 'card', 'bank_transfer', 'cheque', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const INVOICE_NOTES_MAX = 2000;
export const CREDIT_REASON_MAX = 500;
export const PAYMENT_REFERENCE_MAX = 100;

/** A line of an invoice with the rate it was taxed at, kept on the line (the rate may change or go later). */
export interface InvoiceLine extends OrderLine {
  /** The rate's name and percent as the line was written; null with `taxRateId` null (no tax). */
  taxRate: DocumentRate | null;
}

/** The rates `lines` name, each once, in their first line's order. */
export function ratesOfLines(lines: readonly Pick<InvoiceLine, 'taxRate'>[]): DocumentRate[] {
  const rates = new Map<string, DocumentRate>();
  for (const line of lines) if (line.taxRate && !rates.has(line.taxRate._id)) rates.set(line.taxRate._id, line.taxRate);
  return [...rates.values()];
}

/** An invoice's totals: its lines at the rates kept on them, by documentTotals (through orderTotals). */
export function invoiceTotals(lines: readonly InvoiceLine[], pricesIncludeTax: boolean, options: TotalsOptions = {}): DocumentTotals {
  return orderTotals(lines, ratesOfLines(lines), pricesIncludeTax, options);
}

/* Dates: calendar days as `YYYY-MM-DD`, in UTC. */

const DAY_MS = 86_400_000;
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `at` as the calendar day `YYYY-MM-DD` (UTC). */
export function isoDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** A real calendar day written `YYYY-MM-DD` (not 2026-02-30). */
export function isIsoDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const at = new Date(`${text}T00:00:00.000Z`);
  return !Number.isNaN(at.getTime()) && isoDate(at) === text;
}

/** The day an invoice issued on `issueDate` is due: `paymentTermsDays` later (0: the same day, due on receipt). */
export function dueDateOf(issueDate: string, paymentTermsDays: number): string {
  return isoDate(new Date(Date.parse(`${issueDate}T00:00:00.000Z`) + paymentTermsDays * DAY_MS));
}

/* What is due, and the payment status. */

export interface InvoiceMoney {
  grossCents: number;
  /** The gross of its credit notes. */
  creditedCents: number;
  /** The sum of its payments. */
  paidCents: number;
}

/** What the customer still owes: the gross less what credit notes took off and what was paid (never below 0). */
export function amountDueCents({ grossCents, creditedCents, paidCents }: InvoiceMoney): number {
  return Math.max(0, grossCents - creditedCents - paidCents);
}

/**
 * An issued invoice's payment status on `today` (`YYYY-MM-DD`): paid when nothing is due (credit notes count), overdue
 * when something is due after the due date, partly paid when some was paid, else unpaid. A draft has none (null).
 */
export function paymentStatusOf(
  invoice: InvoiceMoney & { status: InvoiceStatus; dueDate: string | null },
  today: string,
): PaymentStatus | null {
  if (invoice.status !== 'issued') return null;
  if (amountDueCents(invoice) === 0) return 'paid';
  if (invoice.dueDate !== null && today > invoice.dueDate) return 'overdue';
  return invoice.paidCents > 0 ? 'partly_paid' : 'unpaid';
}

/** Why a payment of `amountCents` may not be recorded on the invoice, or null. */
export function paymentRefusal(invoice: InvoiceMoney & { status: InvoiceStatus }, amountCents: number, formatDue: (cents: number) => string): { status: number; message: string } | null {
  if (invoice.status !== 'issued') return { status: 409, message: BILLING_MESSAGES.invoiceNotIssued };
  const due = amountDueCents(invoice);
  if (due === 0) return { status: 409, message: BILLING_MESSAGES.paymentNothingDue };
  if (amountCents > due) return { status: 409, message: BILLING_MESSAGES.paymentTooMuch(formatDue(due)) };
  return null;
}

/* Credit notes. */

/** One line of a credit note request: the invoice's line (1-based, in the invoice's order) and how many to credit. */
export interface CreditRequestLine {
  line: number;
  quantity: number;
}

/** What earlier credit notes of an invoice took, per invoice line (1-based): quantity and amount (cents). */
export interface CreditedSoFar {
  line: number;
  quantity: number;
  amountCents: number;
}

/** A line of a credit note: the invoice line's price, discount and rate, its quantity, and the amount it takes off. */
export interface CreditNoteLine extends InvoiceLine {
  /** The invoice line it credits (1-based). */
  invoiceLine: number;
  /** What it takes off, with or without tax as the invoice's prices are. */
  amountCents: number;
}

/** How many of each invoice line (1-based) can still be credited. */
export function creditableQuantities(lines: readonly Pick<InvoiceLine, 'quantity'>[], credited: readonly CreditedSoFar[]): number[] {
  return lines.map((line, i) => line.quantity - credited.filter((c) => c.line === i + 1).reduce((sum, c) => sum + c.quantity, 0));
}

/**
 * The lines of a credit note for `request` (null: everything still creditable), or why it is refused (409 for more than
 * is left, 400 for a request that names no line of the invoice). A line credited in part takes off its share of the
 * line's amount, rounded once to the cent; the credit that takes the line's last units takes exactly what is left of
 * its amount, so the credits of a line never add up to more (or less) than it came to.
 */
export function creditNoteLines(
  lines: readonly InvoiceLine[],
  credited: readonly CreditedSoFar[],
  request: readonly CreditRequestLine[] | null,
): { lines: CreditNoteLine[] } | { status: number; message: string } {
  const left = creditableQuantities(lines, credited);
  const wanted = request ?? left.map((quantity, i) => ({ line: i + 1, quantity })).filter((line) => line.quantity > 0);
  if (request === null && wanted.length === 0) return { status: 409, message: BILLING_MESSAGES.creditNothingLeft };
  if (wanted.length === 0) return { status: 400, message: BILLING_MESSAGES.creditLinesRequired };
  const seen = new Set<number>();
  const out: CreditNoteLine[] = [];
  for (const { line, quantity } of wanted) {
    const invoiceLine = lines[line - 1];
    if (!Number.isInteger(line) || !invoiceLine) return { status: 400, message: BILLING_MESSAGES.creditLineUnknown(line) };
    if (seen.has(line)) return { status: 400, message: BILLING_MESSAGES.creditLineRepeated(line) };
    seen.add(line);
    if (!Number.isInteger(quantity) || quantity < 1) return { status: 400, message: BILLING_MESSAGES.creditQuantityInvalid };
    if (quantity > left[line - 1]!) return { status: 409, message: BILLING_MESSAGES.creditTooMuch(line, left[line - 1]!) };
    const whole = orderLineAmountCents(invoiceLine);
    const before = credited.filter((c) => c.line === line);
    const amountCents =
      quantity === left[line - 1]
        ? whole - before.reduce((sum, c) => sum + c.amountCents, 0)
        : orderLineAmountCents({ ...invoiceLine, quantity });
    out.push({ ...invoiceLine, quantity, invoiceLine: line, amountCents });
  }
  return { lines: out };
}

/**
 * A credit note's totals: its lines' amounts at their rates by documentTotals. The line's amount is handed over as
 * one unit at that price, so the credited share is exactly what creditNoteLines said.
 */
export function creditNoteTotals(lines: readonly CreditNoteLine[], pricesIncludeTax: boolean, options: TotalsOptions = {}): DocumentTotals {
  return orderTotals(
    lines.map((line) => ({ quantity: 1, unitPriceCents: line.amountCents, discountPercent: 0, taxRateId: line.taxRateId })),
    ratesOfLines(lines),
    pricesIncludeTax,
    options,
  );
}

/** Why an invoice may not be written for (or issued to) this customer, or null: gone (400) or archived (409). */
export function invoiceCustomerRefusal(customer: { name: string; archivedAt: string | null } | null): { status: number; message: string } | null {
  if (customer === null) return { status: 400, message: BILLING_MESSAGES.invoiceCustomerInvalid };
  if (customer.archivedAt !== null) return { status: 409, message: BILLING_MESSAGES.invoiceCustomerArchived(customer.name) };
  return null;
}
