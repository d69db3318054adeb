import {
  amountDueCents,
  type BillingNumbering,
  DEFAULT_BILLING_NUMBERING,
  fromCents,
  type Invoice,
  type InvoiceSummary,
  isoDate,
  paymentStatusOf,
} from '@inventory/contract';
import { mockDb, type StoredInvoice, toActor } from './db';

export type { StoredInvoice } from './db';

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
    sourceOrderId: stored.sourceOrderId ?? null,
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
