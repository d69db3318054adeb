import {
  formatMoneyIn,
  orderLineAmountCents,
  orderTotals,
  readOrderLine,
  toCents,
  validateOrderLine,
  type DocumentTotals,
  type Order,
  type OrderLineAnswer,
  type OrderLineInput,
  type Product,
} from '@inventory/contract/rules';
import type { OrderLineBody, Pricing } from './pricing';

/**
 * A document's lines as typed (an order's, an invoice's) (text, so nothing typed is lost), and the one way they become what the contract's
 * rules check and compute (validateOrderLines, orderLineAmountCents, orderTotals) and what the request sends.
 */
export interface FormLine {
  /** React's key: stays with the line while lines are added and removed. */
  key: string;
  /** The line an edit keeps (its shipped quantity with it); null for a new line. */
  lineId: string | null;
  /** Its catalogue product; null for a line of free text. */
  productId: string | null;
  /** Free text: the line's name; on a product's line, the product's name. */
  description: string;
  sku: string;
  quantity: string;
  unitPrice: string;
  discountPercent: string;
  /** One of the store's rates' ids; '' for no tax; null for the store's default while its rates are not known yet. */
  taxRateId: string | null;
  /** What has shipped of it already (an edit): it cannot be removed nor go below that. */
  shipped: number;
}

let nextKey = 0;
const newKey = () => `line-${(nextKey += 1)}`;

/** The rate a new line gets: the store's default, else none; null until the store's rates are known. */
export function defaultRateId(pricing: Pricing | null): string | null {
  return pricing ? (pricing.taxRates.find((rate) => rate.isDefault)?._id ?? '') : null;
}

/** The lines with the store's default rate on those added before its rates were known. */
export function withDefaultRates(lines: FormLine[], pricing: Pricing | null): FormLine[] {
  if (!pricing || lines.every((line) => line.taxRateId !== null)) return lines;
  return lines.map((line) => (line.taxRateId === null ? { ...line, taxRateId: defaultRateId(pricing) } : line));
}

export function freeTextLine(pricing: Pricing | null): FormLine {
  return {
    key: newKey(),
    lineId: null,
    productId: null,
    description: '',
    sku: '',
    quantity: '1',
    unitPrice: '',
    discountPercent: '',
    taxRateId: defaultRateId(pricing),
    shipped: 0,
  };
}

/**
 * A product picked or scanned: a line of it at its price, or one more of it when a line of it (not yet shipped in
 * full: any line of it) is on the order already. Answers the lines and the line that changed.
 */
export function withProduct(
  lines: readonly FormLine[],
  product: Product,
  pricing: Pricing | null,
): { lines: FormLine[]; line: FormLine } {
  const index = lines.findIndex((line) => line.productId === product._id);
  if (index >= 0) {
    const current = lines[index]!;
    const quantity = /^\d+$/.test(current.quantity.trim())
      ? String(Number(current.quantity.trim()) + 1)
      : current.quantity;
    const line = { ...current, quantity };
    return { lines: lines.map((each, i) => (i === index ? line : each)), line };
  }
  const line: FormLine = {
    ...freeTextLine(pricing),
    productId: product._id,
    description: product.name,
    sku: product.sku,
    unitPrice: String(product.price),
  };
  return { lines: [...lines, line], line };
}

/** The order's lines as the form edits them. */
export function formLinesOf(order: Order): FormLine[] {
  return (order.lines ?? []).map((line: OrderLineAnswer) => ({
    key: newKey(),
    lineId: line._id,
    productId: line.productId,
    description: line.description,
    sku: '',
    quantity: String(line.quantity),
    unitPrice: String(line.unitPrice),
    discountPercent: line.discountPercent === 0 ? '' : String(line.discountPercent),
    taxRateId: line.taxRateId ?? '',
    shipped: line.shipped,
  }));
}

/** A line as the contract's rules read it. */
export function toLineInput(line: FormLine): OrderLineInput {
  return {
    productId: line.productId,
    description: line.description,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    discountPercent: line.discountPercent,
    taxRateId: line.taxRateId || null,
  };
}

const isValid = (line: FormLine) => Object.keys(validateOrderLine({ ...toLineInput(line) })).length === 0;

/** What a line comes to (orderLineAmountCents), or null while it is not valid. */
export function lineAmountCents(line: FormLine): number | null {
  return isValid(line) ? orderLineAmountCents(readOrderLine(toLineInput(line))) : null;
}

/**
 * The totals of the valid lines at the store's rates (orderTotals); null until the store's pricing is there.
 */
export function formTotals(lines: readonly FormLine[], pricing: Pricing | null): DocumentTotals | null {
  if (!pricing) return null;
  const read = lines.filter(isValid).map((line) => readOrderLine(toLineInput(line)));
  return totalsOf(read, pricing);
}

/** The totals of an order's lines as the API answers them. */
export function orderAnswerTotals(lines: readonly OrderLineAnswer[], pricing: Pricing | null): DocumentTotals | null {
  if (!pricing) return null;
  return totalsOf(
    lines.map((line) => ({
      quantity: line.quantity,
      unitPriceCents: toCents(line.unitPrice),
      discountPercent: line.discountPercent,
      taxRateId: line.taxRateId,
    })),
    pricing,
  );
}

/** A line naming a rate the store no longer has counts as untaxed (as the server's orderGrossCents reads it). */
function totalsOf(lines: Parameters<typeof orderTotals>[0], pricing: Pricing): DocumentTotals {
  const known = new Set(pricing.taxRates.map((rate) => rate._id));
  const taxed = lines.map((line) => ({
    ...line,
    taxRateId: line.taxRateId !== null && known.has(line.taxRateId) ? line.taxRateId : null,
  }));
  return orderTotals(taxed, pricing.taxRates, pricing.pricesIncludeTax);
}

/** Cents as the store prints amounts; before its settings are there, with 2 decimals and no symbol. */
export function moneyOf(pricing: Pricing | null): (cents: number) => string {
  const format = pricing
    ? { symbol: pricing.currencySymbol, decimals: pricing.currencyDecimals }
    : { symbol: '', decimals: 2 };
  return (cents) => formatMoneyIn(cents, format);
}

/** The lines of a request (validateOrderLines found nothing). */
export function toLineBodies(lines: readonly FormLine[]): OrderLineBody[] {
  return lines.map((line): OrderLineBody => {
    const read = readOrderLine(toLineInput(line));
    return {
      ...(line.lineId ? { lineId: line.lineId } : {}),
      productId: read.productId,
      description: read.description,
      quantity: read.quantity,
      unitPrice: Number(line.unitPrice.trim()),
      discountPercent: line.discountPercent.trim() === '' ? null : read.discountPercent,
      taxRateId: read.taxRateId,
    };
  });
}
