import { type CurrencyFormat, formatMoneyIn, type PurchaseOrder, purchaseOrderLineAmountCents, toCents } from '@inventory/contract';
import { type PdfLayout, textLines } from '../../pdf/layout';

/** What a purchase order's page prints of the store (its Store settings, 0038) and of the supplier. */
export interface PurchaseOrderParties {
  store: { name: string; legalName: string; address: string; taxId: string; footerText: string };
  supplierAddress: string;
  currency: CurrencyFormat;
  /** The supplier's part number of each product, by product id ('' or absent: none). */
  partNumbers: Readonly<Record<string, string>>;
  logo: Uint8Array | null;
}

/**
 * A purchase order as its supplier reads it (docs/decisions/0042): their part number beside our product, each line's
 * amount and the total in the store's currency; a draft says it is one.
 */
export function purchaseOrderLayout(order: PurchaseOrder, { store, supplierAddress, currency, partNumbers, logo }: PurchaseOrderParties): PdfLayout {
  const money = (cents: number) => formatMoneyIn(cents, currency);
  const draft = order.status === 'draft';
  return {
    title: draft ? `Draft purchase order ${order.reference}` : `Purchase order ${order.reference}`,
    logo,
    seller: textLines(store.legalName || store.name, store.address, store.taxId && `Tax ID: ${store.taxId}`),
    addresseeLabel: 'Supplier:',
    addressee: textLines(order.supplier.name, supplierAddress, order.supplier.email),
    facts: [
      ['Order number', order.reference],
      ['Ordered', order.orderedAt ? order.orderedAt.slice(0, 10) : 'Not yet (draft)'],
      ...(order.expectedDate ? [['Expected by', order.expectedDate] as [string, string]] : []),
    ],
    columns: ['Product', 'Your part no.', 'Qty', 'Unit cost', 'Amount'],
    widths: [190, 95, 40, 80, 90],
    rows: (order.lines ?? []).map((line) => [
      line.product ? `${line.product.name} (SKU ${line.product.sku})` : 'Deleted product',
      (line.product && partNumbers[line.product._id]) || '',
      String(line.quantity),
      line.unitCost == null ? '' : money(toCents(line.unitCost)),
      line.unitCost == null ? '' : money(purchaseOrderLineAmountCents({ quantity: line.quantity, unitCostCents: toCents(line.unitCost) })!),
    ]),
    totals: order.total == null ? [] : [['Total', money(toCents(order.total))]],
    strong: ['Total'],
    notes: order.notes,
    payTo: '',
    footer: store.footerText,
  };
}
