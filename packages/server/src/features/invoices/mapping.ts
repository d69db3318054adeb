import {
  amountDueCents,
  discountBasisPoints,
  type DocumentTotals,
  fromCents,
  type Invoice,
  type InvoiceLine,
  type InvoiceLineAnswer,
  type InvoiceStatus,
  type InvoiceSummary,
  type LineTotals,
  paymentStatusOf,
  ppmToPercent,
  percentToPpm,
  BASIS_POINTS_PER_PERCENT,
} from '@inventory/contract';
import type { Selectable } from 'kysely';
import type { InvoiceLinesTable, InvoicesTable } from '../../db/types';
import type { MailRecord } from '../../mail/mails-about';

export type InvoiceRow = Selectable<InvoicesTable>;
export type LineRow = Selectable<InvoiceLinesTable>;

/** Who an invoice is for, as it was written (kept as JSON on the invoice). */
export interface CustomerSnapshot {
  name: string;
  email: string;
  address: string;
  taxId: string;
}

/** The totals kept on an invoice: the document's and its rates' (lines keep their own). */
export type KeptTotals = Pick<DocumentTotals, 'rates' | 'netCents' | 'taxCents' | 'grossCents'>;

/** A line row as the contract's rules take it: cents, percent, the rate as written. */
export function toInvoiceLine(row: Pick<LineRow, 'product_id' | 'description' | 'quantity' | 'unit_price_cents' | 'discount_bp' | 'tax_rate_id' | 'tax_rate_name' | 'tax_rate_ppm'>): InvoiceLine {
  return {
    productId: row.product_id,
    description: row.description,
    quantity: Number(row.quantity),
    unitPriceCents: Number(row.unit_price_cents),
    discountPercent: Number(row.discount_bp) / BASIS_POINTS_PER_PERCENT,
    taxRateId: row.tax_rate_id,
    taxRate: row.tax_rate_id === null ? null : { _id: row.tax_rate_id, name: row.tax_rate_name ?? '', percent: ppmToPercent(Number(row.tax_rate_ppm ?? 0)) },
  };
}

/** The columns of a line at `position` with its share of the totals. */
export function lineColumns(line: InvoiceLine, position: number, totals: LineTotals) {
  return {
    position,
    product_id: line.productId,
    description: line.description,
    quantity: line.quantity,
    unit_price_cents: line.unitPriceCents,
    discount_bp: discountBasisPoints(line.discountPercent),
    tax_rate_id: line.taxRate?._id ?? null,
    tax_rate_name: line.taxRate?.name ?? null,
    tax_rate_ppm: line.taxRate ? percentToPpm(line.taxRate.percent) : null,
    net_cents: totals.netCents,
    tax_cents: totals.taxCents,
    gross_cents: totals.grossCents,
  };
}

export function toLineAnswer(row: Parameters<typeof toInvoiceLine>[0] & Pick<LineRow, 'net_cents' | 'tax_cents' | 'gross_cents'>): InvoiceLineAnswer {
  const line = toInvoiceLine(row);
  return {
    productId: line.productId,
    description: line.description,
    quantity: line.quantity,
    unitPrice: fromCents(line.unitPriceCents),
    discountPercent: line.discountPercent,
    taxRateId: line.taxRateId,
    taxRate: line.taxRate,
    netCents: Number(row.net_cents),
    taxCents: Number(row.tax_cents),
    grossCents: Number(row.gross_cents),
  };
}

/** The mail state an invoice shows: its last mail's (`sending` is still pending to the reader). */
export function mailState(mails: MailRecord[]): Invoice['mail'] {
  const last = mails.at(-1);
  if (!last) return null;
  return {
    status: last.status === 'sending' ? 'pending' : last.status,
    to: last.to,
    attempts: last.attempts,
    sentAt: last.sentAt,
    lastError: last.lastError,
  };
}

type SellerSnapshot = NonNullable<Invoice['seller']> & { logoUpload?: string | null };

/** The store's details printed, without the logo's stored name (the PDF carries the logo). */
function sellerAnswer({ logoUpload: _logo, ...seller }: SellerSnapshot): Invoice['seller'] {
  return seller;
}

/** An invoice in a list: everything but its lines and who changed it. */
export function toInvoiceSummary(row: InvoiceRow, today: string, mail: Invoice['mail']): InvoiceSummary {
  const money = { grossCents: Number(row.gross_cents), creditedCents: Number(row.credited_cents), paidCents: Number(row.paid_cents) };
  const status = row.status as InvoiceStatus;
  const customer = JSON.parse(row.customer) as CustomerSnapshot;
  const totals = JSON.parse(row.totals) as KeptTotals;
  return {
    _id: row.id,
    number: row.number_text,
    status,
    paymentStatus: paymentStatusOf({ ...money, status, dueDate: row.due_date }, today),
    customer: { _id: row.customer_id, name: customer.name, email: customer.email },
    issueDate: row.issue_date,
    dueDate: row.due_date,
    currency: { symbol: row.currency_symbol, decimals: Number(row.currency_decimals) },
    pricesIncludeTax: Number(row.prices_include_tax) === 1,
    totals: { rates: totals.rates, netCents: Number(row.net_cents), taxCents: Number(row.tax_cents), grossCents: Number(row.gross_cents) },
    notes: row.notes,
    creditedCents: money.creditedCents,
    paidCents: money.paidCents,
    amountDueCents: status === 'issued' ? amountDueCents(money) : money.grossCents,
    seller: row.seller === null ? null : sellerAnswer(JSON.parse(row.seller) as SellerSnapshot),
    mail,
    sourceOrderId: row.source_order_id,
    version: Number(row.version),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
