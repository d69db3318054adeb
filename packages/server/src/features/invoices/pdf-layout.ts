import { type CurrencyFormat, formatMoneyIn, formatPercent, type Invoice, toCents } from '@inventory/contract';
import { type PdfLayout, textLines as lines } from '../../pdf/layout';

/** The layout of an invoice (a draft prints as one, without a number). */
export function invoiceLayout(invoice: Invoice, customer: { address: string; taxId: string }, logo: Uint8Array | null): PdfLayout {
  const currency: CurrencyFormat = invoice.currency;
  const money = (cents: number) => formatMoneyIn(cents, currency);
  const seller = invoice.seller;
  const taxLabel = invoice.pricesIncludeTax ? 'Amount (incl. tax)' : 'Amount';
  return {
    title: invoice.number ? `Invoice ${invoice.number}` : 'Draft invoice',
    logo,
    seller: seller ? lines(seller.legalName, seller.address, seller.taxId && `Tax ID: ${seller.taxId}`) : [],
    addresseeLabel: 'Bill to:',
    addressee: lines(invoice.customer.name, customer.address, customer.taxId && `Tax ID: ${customer.taxId}`),
    facts: [
      ['Invoice number', invoice.number ?? 'Draft'],
      ['Issue date', invoice.issueDate ?? '-'],
      ['Due date', invoice.dueDate ?? '-'],
    ],
    columns: ['Description', 'Qty', 'Unit price', 'Discount', 'Tax', taxLabel],
    widths: [200, 35, 70, 50, 70, 70],
    rows: invoice.lines.map((line) => [
      line.description,
      String(line.quantity),
      money(toCents(line.unitPrice)),
      line.discountPercent ? `${formatPercent(line.discountPercent)}` : '',
      line.taxRate ? `${line.taxRate.name} ${formatPercent(line.taxRate.percent)}` : 'No tax',
      money(invoice.pricesIncludeTax ? line.grossCents : line.netCents),
    ]),
    totals: [
      ['Net', money(invoice.totals.netCents)],
      ...invoice.totals.rates.map((rate): [string, string] => [`${rate.name} ${formatPercent(rate.percent)} on ${money(rate.netCents)}`, money(rate.taxCents)]),
      ['Total', money(invoice.totals.grossCents)],
      ...(invoice.creditedCents > 0 ? [['Credited', money(-invoice.creditedCents)] as [string, string]] : []),
      ...(invoice.paidCents > 0 ? [['Paid', money(-invoice.paidCents)] as [string, string]] : []),
      ...(invoice.status === 'issued' ? [['Amount due', money(invoice.amountDueCents)] as [string, string]] : []),
    ],
    strong: ['Total', 'Amount due'],
    notes: invoice.notes,
    payTo: seller?.bankDetails ?? '',
    footer: seller?.footerText ?? '',
  };
}
