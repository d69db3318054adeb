import { BILLING_MESSAGES } from './billing-messages';
import { type DocumentRate, type DocumentTotals, type LineTotals, type RateTotals, type TotalsOptions } from './document-totals';
import { NO_TAX_RATE, type OrderLine, orderLineAmountCents, orderTotals } from './order-lines';

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

/** What earlier credit notes of an invoice took, per invoice line (1-based): quantity, amount and totals (cents). */
export interface CreditedSoFar {
  line: number;
  quantity: number;
  amountCents: number;
  netCents: number;
  taxCents: number;
  grossCents: number;
}

/** A line of a credit note: the invoice line's price, discount and rate, its quantity, and the amount it takes off. */
export interface CreditNoteLine extends InvoiceLine {
  /** The invoice line it credits (1-based). */
  invoiceLine: number;
  /** What it takes off, with or without tax as the invoice's prices are. */
  amountCents: number;
  /** When it takes the line's last units: exactly what is left of the invoice line's net, tax and gross. */
  completes: LineTotals | null;
}

/** How many of each invoice line (1-based) can still be credited. */
export function creditableQuantities(lines: readonly Pick<InvoiceLine, 'quantity'>[], credited: readonly CreditedSoFar[]): number[] {
  return lines.map((line, i) => line.quantity - credited.filter((c) => c.line === i + 1).reduce((sum, c) => sum + c.quantity, 0));
}

const sumOf = (items: readonly CreditedSoFar[], key: 'amountCents' | 'netCents' | 'taxCents' | 'grossCents') => items.reduce((sum, item) => sum + item[key], 0);

/**
 * The lines of a credit note for `request` (null: everything still creditable), or why it is refused (409 for more than
 * is left, 400 for a request that names no line of the invoice). `lineTotals` are the invoice lines' own totals. A line
 * credited in part takes off its share of the line's amount, rounded once to the cent; the credit that takes a line's
 * last units takes exactly what is left of its amount, net, tax and gross, so the credits of a line add up to the line
 * to the cent, and an invoice credited in full, at once or in parts, is credited exactly.
 */
export function creditNoteLines(
  lines: readonly InvoiceLine[],
  lineTotals: readonly LineTotals[],
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
    const before = credited.filter((c) => c.line === line);
    const whole = lineTotals[line - 1]!;
    const completes =
      quantity === left[line - 1]
        ? {
            taxRateId: whole.taxRateId,
            netCents: whole.netCents - sumOf(before, 'netCents'),
            taxCents: whole.taxCents - sumOf(before, 'taxCents'),
            grossCents: whole.grossCents - sumOf(before, 'grossCents'),
          }
        : null;
    const amountCents = completes ? orderLineAmountCents(invoiceLine) - sumOf(before, 'amountCents') : orderLineAmountCents({ ...invoiceLine, quantity });
    out.push({ ...invoiceLine, quantity, invoiceLine: line, amountCents, completes });
  }
  return { lines: out };
}

/**
 * A credit note's totals. Lines credited in part: their amounts at their rates by documentTotals (tax once per rate
 * on their sum, shared by largest remainder). Lines the note completes: exactly what was left of them. The rates and
 * the document are the sums of their lines, so everything adds up on the page as on an invoice.
 */
export function creditNoteTotals(lines: readonly CreditNoteLine[], pricesIncludeTax: boolean, options: TotalsOptions = {}): DocumentTotals {
  const partial = lines.map((line, i) => ({ line, i })).filter(({ line }) => line.completes === null);
  const partialTotals = orderTotals(
    partial.map(({ line }) => ({ quantity: 1, unitPriceCents: line.amountCents, discountPercent: 0, taxRateId: line.taxRateId })),
    ratesOfLines(partial.map(({ line }) => line)),
    pricesIncludeTax,
    options,
  );
  const lineTotals: LineTotals[] = lines.map((line) => line.completes!);
  partial.forEach(({ i }, k) => {
    lineTotals[i] = partialTotals.lines[k]!;
  });
  const rates = [...ratesOfLines(lines), ...(lines.some((line) => line.taxRateId === null) ? [NO_TAX_RATE] : [])];
  const rateTotals: RateTotals[] = rates.map((rate) => {
    const members = lineTotals.filter((line) => line.taxRateId === rate._id);
    const sum = (key: 'netCents' | 'taxCents' | 'grossCents') => members.reduce((total, line) => total + line[key], 0);
    return { taxRateId: rate._id, name: rate.name, percent: rate.percent, netCents: sum('netCents'), taxCents: sum('taxCents'), grossCents: sum('grossCents') };
  });
  const total = (key: 'netCents' | 'taxCents' | 'grossCents') => rateTotals.reduce((sum, rate) => sum + rate[key], 0);
  return { lines: lineTotals, rates: rateTotals, netCents: total('netCents'), taxCents: total('taxCents'), grossCents: total('grossCents') };
}

/**
 * Why an invoice may not be written for (or issued to) this customer, or null: not one of the store's (404, as an
 * order naming one answers) or archived (409).
 */
export function invoiceCustomerRefusal(customer: { name: string; archivedAt: string | null } | null): { status: number; message: string } | null {
  if (customer === null) return { status: 404, message: BILLING_MESSAGES.invoiceCustomerInvalid };
  if (customer.archivedAt !== null) return { status: 409, message: BILLING_MESSAGES.invoiceCustomerArchived(customer.name) };
  return null;
}
