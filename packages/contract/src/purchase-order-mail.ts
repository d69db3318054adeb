import { formatMoneyIn, type CurrencyFormat } from './money-format';
import { toCents } from './money';
import type { PurchaseOrder } from './schemas/purchase-orders';

/**
 * The mail that sends a purchase order to its supplier (docs/decisions/0042-purchase-orders-and-receiving.md): plain
 * text, one line per order line with the supplier's own part number when the link gives one, amounts in the store's
 * currency. One function, so the server's outbox and the mocks' write the same text.
 */
export interface PurchaseOrderMailInput {
  storeName: string;
  currency: CurrencyFormat;
  /** The order with its lines. */
  order: PurchaseOrder;
  /** The supplier's part number of each product, by product id ('' or absent: none). */
  partNumbers: Readonly<Record<string, string>>;
}

export function purchaseOrderMail({ storeName, currency, order, partNumbers }: PurchaseOrderMailInput): { subject: string; text: string } {
  const money = (units: number) => formatMoneyIn(toCents(units), currency);
  const lines = (order.lines ?? []).map((line, index) => {
    const product = line.product ? `${line.product.name} (SKU ${line.product.sku})` : 'Deleted product';
    const part = line.product && partNumbers[line.product._id] ? `, your part ${partNumbers[line.product._id]}` : '';
    const cost = line.unitCost == null ? '' : ` at ${money(line.unitCost)} = ${money((toCents(line.unitCost) * line.quantity) / 100)}`;
    return `${index + 1}. ${line.quantity} × ${product}${part}${cost}`;
  });
  const text = [
    `Purchase order ${order.reference} from ${storeName}`,
    `To: ${order.supplier.name}`,
    ...(order.expectedDate ? [`Expected by: ${order.expectedDate}`] : []),
    '',
    ...lines,
    '',
    ...(order.total == null ? [] : [`Total: ${money(order.total)}`]),
    ...(order.notes ? ['', order.notes] : []),
    '',
  ].join('\n');
  return { subject: `Purchase order ${order.reference} from ${storeName}`, text };
}
