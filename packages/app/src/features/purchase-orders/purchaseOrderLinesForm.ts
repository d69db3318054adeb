import {
  formatMoneyIn,
  purchaseOrderLineAmountCents,
  readPurchaseOrderLine,
  toCents,
  validatePurchaseOrderLine,
  type Product,
  type PurchaseOrder,
  type PurchaseOrderLineInput,
} from '@inventory/contract/rules';
import type { Currency, PurchaseOrderBody } from './purchaseOrdersApi';

/**
 * The purchase order form's lines as typed (text, so nothing typed is lost), and the one way they become what the
 * contract's rules check (validatePurchaseOrderLines) and what the request sends.
 */
export interface PurchaseFormLine {
  /** React's key: stays with the line while lines are added and removed. */
  key: string;
  /** '' when the line's product was deleted (the order keeps the line; the rules then ask for a product). */
  productId: string;
  name: string;
  sku: string;
  quantity: string;
  /** Units; '' while not known (a draft may be saved so, not sent). */
  unitCost: string;
}

let nextKey = 0;
const newKey = () => `po-line-${(nextKey += 1)}`;

/**
 * A product picked or scanned: a line of it (at its cost when the answer carries one), or one more of it when it is on
 * the order already (a product is on one line only). Answers the lines and the line that changed.
 */
export function withPurchaseProduct(
  lines: readonly PurchaseFormLine[],
  product: Pick<Product, '_id' | 'name' | 'sku' | 'cost'>,
): { lines: PurchaseFormLine[]; line: PurchaseFormLine } {
  const index = lines.findIndex((line) => line.productId === product._id);
  if (index >= 0) {
    const current = lines[index]!;
    const quantity = /^\d+$/.test(current.quantity.trim()) ? String(Number(current.quantity.trim()) + 1) : current.quantity;
    const line = { ...current, quantity };
    return { lines: lines.map((each, i) => (i === index ? line : each)), line };
  }
  const line: PurchaseFormLine = {
    key: newKey(),
    productId: product._id,
    name: product.name,
    sku: product.sku,
    quantity: '1',
    unitCost: product.cost === undefined || product.cost === null ? '' : String(product.cost),
  };
  return { lines: [...lines, line], line };
}

/** The order's lines as the form edits them. */
export function purchaseFormLinesOf(order: PurchaseOrder): PurchaseFormLine[] {
  return (order.lines ?? []).map((line) => ({
    key: newKey(),
    productId: line.product?._id ?? '',
    name: line.product?.name ?? 'Deleted product',
    sku: line.product?.sku ?? '',
    quantity: String(line.quantity),
    unitCost: line.unitCost === null ? '' : String(line.unitCost),
  }));
}

/** A line as the contract's rules read it. */
export function toPurchaseLineInput(line: PurchaseFormLine): PurchaseOrderLineInput {
  return { productId: line.productId, quantity: line.quantity, unitCost: line.unitCost };
}

/** What a line comes to in cents, or null while it is not valid or has no unit cost. */
export function purchaseLineAmountCents(line: PurchaseFormLine): number | null {
  const input = toPurchaseLineInput(line);
  if (Object.keys(validatePurchaseOrderLine({ ...input })).length > 0) return null;
  const read = readPurchaseOrderLine(input);
  return purchaseOrderLineAmountCents(read);
}

/** The total of the lines in cents, or null while a line has no amount (as the server's `total`). */
export function purchaseTotalCents(lines: readonly PurchaseFormLine[]): number | null {
  let total = 0;
  for (const line of lines) {
    const amount = purchaseLineAmountCents(line);
    if (amount === null) return null;
    total += amount;
  }
  return lines.length === 0 ? null : total;
}

/** The request of valid lines (validatePurchaseOrderLines found nothing). */
export function toPurchaseOrderBody(
  fields: { supplierId: string; expectedDate: string; notes: string },
  lines: readonly PurchaseFormLine[],
): PurchaseOrderBody {
  return {
    supplierId: fields.supplierId,
    expectedDate: fields.expectedDate === '' ? null : fields.expectedDate,
    notes: fields.notes,
    lines: lines.map((line) => {
      const read = readPurchaseOrderLine(toPurchaseLineInput(line));
      return {
        productId: read.productId,
        quantity: read.quantity,
        unitCost: line.unitCost.trim() === '' ? null : Number(line.unitCost.trim()),
      };
    }),
  };
}

/** Cents as the store prints amounts; before its settings are there, with 2 decimals and no symbol. */
export function moneyIn(currency: Currency | null): (cents: number) => string {
  const format = currency ?? { symbol: '', decimals: 2 };
  return (cents) => formatMoneyIn(cents, format);
}

/** An amount in units (as the API answers costs) printed in the store's currency. */
export function unitsIn(currency: Currency | null): (units: number) => string {
  const money = moneyIn(currency);
  return (units) => money(toCents(units));
}
