import {
  amountDueCents,
  type BillingNumbering,
  type CreditedSoFar,
  type CreditNote,
  DEFAULT_BILLING_NUMBERING,
  fromCents,
  type Invoice,
  type InvoiceLine,
  type InvoiceSummary,
  isoDate,
  type LineTotals,
  type Payment,
  paymentStatusOf,
  type RateTotals,
} from '@inventory/contract';
import { mockDb, toActor, type StoredActor } from './db';

/** An invoice as the mock keeps it (the server's invoices, invoice_lines, credit_notes and payments rows). */
export interface StoredInvoice {
  _id: string;
  storeId: string;
  status: 'draft' | 'issued';
  number: string | null;
  customerId: string | null;
  customer: { name: string; email: string; address: string; taxId: string };
  issueDate: string | null;
  dueDate: string | null;
  currency: { symbol: string; decimals: number };
  pricesIncludeTax: boolean;
  lines: InvoiceLine[];
  lineTotals: LineTotals[];
  totals: { rates: RateTotals[]; netCents: number; taxCents: number; grossCents: number };
  notes: string;
  seller: Invoice['seller'];
  creditNotes: CreditNote[];
  /** What the credit notes took, per invoice line (the server's credit_note_lines). */
  credited: CreditedSoFar[];
  creditedCents: number;
  payments: Payment[];
  paidCents: number;
  mails: NonNullable<Invoice['mail']>[];
  version: number;
  createdAt: string;
  updatedAt: string;
  creator: StoredActor | null;
  changer: StoredActor | null;
}

export function invoicesOf(storeId: string): StoredInvoice[] {
  return mockDb.invoices.filter((invoice) => invoice.storeId === storeId);
}

export function numberingOf(storeId: string): BillingNumbering {
  return mockDb.billingNumbering[storeId] ?? DEFAULT_BILLING_NUMBERING;
}

/** The next number of a series (`invoice`, `invoice:2026`, `credit_note` …), as the server's store_sequences. */
export function nextSeriesNumber(storeId: string, series: string): number {
  const key = `${storeId}/${series}`;
  mockDb.sequences[key] = (mockDb.sequences[key] ?? 0) + 1;
  return mockDb.sequences[key];
}

/** An invoice in a list, as the server's toInvoiceSummary: its customer's id is null once they were deleted. */
export function toInvoiceSummary(stored: StoredInvoice, today = isoDate(new Date())): InvoiceSummary {
  const money = { grossCents: stored.totals.grossCents, creditedCents: stored.creditedCents, paidCents: stored.paidCents };
  const customerKept = stored.customerId !== null && mockDb.customers.some((customer) => customer._id === stored.customerId);
  return {
    _id: stored._id,
    number: stored.number,
    status: stored.status,
    paymentStatus: paymentStatusOf({ ...money, status: stored.status, dueDate: stored.dueDate }, today),
    customer: { _id: customerKept ? stored.customerId : null, name: stored.customer.name, email: stored.customer.email },
    issueDate: stored.issueDate,
    dueDate: stored.dueDate,
    currency: stored.currency,
    pricesIncludeTax: stored.pricesIncludeTax,
    totals: stored.totals,
    notes: stored.notes,
    creditedCents: stored.creditedCents,
    paidCents: stored.paidCents,
    amountDueCents: stored.status === 'issued' ? amountDueCents(money) : money.grossCents,
    seller: stored.seller,
    mail: stored.mails.at(-1) ?? null,
    version: stored.version,
    createdAt: stored.createdAt,
    updatedAt: stored.updatedAt,
  };
}

export function toInvoice(stored: StoredInvoice): Invoice {
  return {
    ...toInvoiceSummary(stored),
    lines: stored.lines.map((line, i) => ({
      productId: line.productId,
      description: line.description,
      quantity: line.quantity,
      unitPrice: fromCents(line.unitPriceCents),
      discountPercent: line.discountPercent,
      taxRateId: line.taxRateId,
      taxRate: line.taxRate,
      netCents: stored.lineTotals[i]!.netCents,
      taxCents: stored.lineTotals[i]!.taxCents,
      grossCents: stored.lineTotals[i]!.grossCents,
    })),
    createdBy: toActor(stored.creator),
    updatedBy: toActor(stored.changer),
  };
}
