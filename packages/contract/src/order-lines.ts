import { fieldText, moneyProblem, type MoneyMessages, QUANTITY_PATTERN } from './catalogue';
import { MAX_QUANTITY } from './constants';
import {
  divideRoundingHalfAwayFromZero,
  documentTotals,
  type DocumentRate,
  type DocumentTotals,
  type TotalsOptions,
} from './document-totals';
import { MESSAGES } from './messages';
import { toCents } from './money';
import { SALES_MESSAGES } from './sales-messages';
import { isBlank, singleLineProblem } from './validation';

/**
 * The lines of a sales order (docs/decisions/0039-order-lines-fulfilment-and-cost-rules.md): a catalogue product (by
 * `productId`) or free text, a quantity of 1 or more, a unit price, a discount in percent and a tax rate (or none).
 * Their form rules (an error per line and field), what each line comes to in whole cents, and the order's totals by
 * the one tax rule of documentTotals (0038). Prices are units with at most 2 decimals on the wire and whole cents in
 * every computation (0006).
 */

/** At most this many lines on one order (a form, a request, a lock of as many products). */
export const MAX_ORDER_LINES = 500;
/** The longest description of a line (one line of text). */
export const ORDER_LINE_DESCRIPTION_MAX = 200;
/** A discount is a percent from 0 to 100 with at most this many decimals, kept as basis points (12.5 % = 1250). */
export const DISCOUNT_DECIMALS = 2;
export const BASIS_POINTS_PER_PERCENT = 100;
const WHOLE_IN_BASIS_POINTS = 10_000n;
/**
 * The largest sum of an order's line amounts, in cents (10,000,000,000,000 in units): with tax of up to 100 % every
 * total stays an exact integer below 2^53.
 */
export const ORDER_AMOUNT_MAX_CENTS = 1_000_000_000_000_000;

/** A line as a form or a request gives it: numbers may arrive as text (the form's inputs). */
export interface OrderLineInput {
  /** A product of the store; null or absent for a line of free text. */
  productId?: string | null;
  /** Free text: the line's name when it has no product, else an optional note. */
  description?: string;
  quantity?: string | number;
  /** Units with at most 2 decimals, with or without tax as the store's prices are. */
  unitPrice?: string | number;
  /** 0 to 100, at most 2 decimals; blank or absent is 0. */
  discountPercent?: string | number | null;
  /** One of the store's tax rates; null for none. */
  taxRateId?: string | null;
}

export type OrderLineField = keyof OrderLineInput;
export type OrderLineErrors = Partial<Record<OrderLineField, string>>;

/** The fields in the form's order, which is the order their errors are reported in. */
export const ORDER_LINE_FIELDS: readonly OrderLineField[] = [
  'productId',
  'description',
  'quantity',
  'unitPrice',
  'discountPercent',
  'taxRateId',
];

/** A checked line, as the rules compute with it and the database keeps it. */
export interface OrderLine {
  productId: string | null;
  description: string;
  quantity: number;
  unitPriceCents: number;
  discountPercent: number;
  taxRateId: string | null;
}

export type PricedLine = Pick<OrderLine, 'quantity' | 'unitPriceCents' | 'discountPercent'>;

export interface OrderLineOptions {
  /** The store's tax rates' ids: a line naming another is refused. Not checked when absent. */
  taxRateIds?: readonly string[];
}

const UNIT_PRICE_MESSAGES: MoneyMessages = {
  invalid: SALES_MESSAGES.lineUnitPriceInvalid,
  thousandsSeparator: SALES_MESSAGES.lineUnitPriceThousandsSeparator,
  decimals: SALES_MESSAGES.lineUnitPriceDecimals,
  tooHigh: SALES_MESSAGES.lineUnitPriceTooHigh,
};

const isNumberOrText = (value: unknown): value is string | number =>
  typeof value === 'string' || typeof value === 'number';

/** The quantity rule of a line (sales or purchase): a whole number from 1 to MAX_QUANTITY. The message, or null. */
export function lineQuantityProblem(value: unknown, messages: { required: string; invalid: string }): string | null {
  if (value !== undefined && value !== null && !isNumberOrText(value)) return messages.invalid;
  const text = fieldText(value);
  if (text === '') return messages.required;
  if (!QUANTITY_PATTERN.test(text) || Number(text) < 1) return messages.invalid;
  return Number(text) > MAX_QUANTITY ? MESSAGES.quantityTooHigh : null;
}

/** A discount: blank or absent (none), or a percent from 0 to 100 with at most 2 decimals. The message, or null. */
export function discountProblem(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (!isNumberOrText(value)) return SALES_MESSAGES.discountInvalid;
  const text = fieldText(value);
  if (text === '') return null;
  if (!/^\d+(\.\d+)?$/.test(text)) return SALES_MESSAGES.discountInvalid;
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return SALES_MESSAGES.discountDecimals;
  return Number(text) > 100 ? SALES_MESSAGES.discountInvalid : null;
}

/** The rules of one line: an error per field, none when the line is valid. */
export function validateOrderLine(
  fields: Record<string, unknown>,
  { taxRateIds }: OrderLineOptions = {},
): OrderLineErrors {
  const errors: OrderLineErrors = {};
  const { productId, description, quantity, unitPrice, discountPercent, taxRateId } = fields;

  const hasProduct = typeof productId === 'string' && !isBlank(productId);
  if (productId !== undefined && productId !== null && !hasProduct)
    errors.productId = SALES_MESSAGES.lineProductInvalid;

  if (description !== undefined && typeof description !== 'string')
    errors.description = MESSAGES.textRequired('Description');
  else {
    const text = (description ?? '').trim();
    if (!hasProduct && errors.productId === undefined && isBlank(text))
      errors.description = SALES_MESSAGES.lineDescriptionRequired;
    else {
      const problem =
        singleLineProblem('Description', text) ??
        (text.length > ORDER_LINE_DESCRIPTION_MAX
          ? MESSAGES.fieldTooLong('Description', ORDER_LINE_DESCRIPTION_MAX)
          : null);
      if (problem) errors.description = problem;
    }
  }

  const quantityProblem = lineQuantityProblem(quantity, {
    required: SALES_MESSAGES.lineQuantityRequired,
    invalid: SALES_MESSAGES.lineQuantityInvalid,
  });
  if (quantityProblem) errors.quantity = quantityProblem;

  if (unitPrice !== undefined && unitPrice !== null && !isNumberOrText(unitPrice))
    errors.unitPrice = SALES_MESSAGES.lineUnitPriceInvalid;
  else {
    const text = fieldText(unitPrice);
    const problem = text === '' ? SALES_MESSAGES.lineUnitPriceRequired : moneyProblem(text, UNIT_PRICE_MESSAGES);
    if (problem) errors.unitPrice = problem;
  }

  const discount = discountProblem(discountPercent);
  if (discount) errors.discountPercent = discount;

  if (taxRateId !== undefined && taxRateId !== null) {
    if (
      typeof taxRateId !== 'string' ||
      isBlank(taxRateId) ||
      (taxRateIds !== undefined && !taxRateIds.includes(taxRateId))
    ) {
      errors.taxRateId = SALES_MESSAGES.lineTaxRateUnknown;
    }
  }
  return errors;
}

/** A valid line (validateOrderLine found nothing) as the rules compute with it: trimmed text, cents, numbers. */
export function readOrderLine(input: OrderLineInput): OrderLine {
  const productId = typeof input.productId === 'string' && !isBlank(input.productId) ? input.productId : null;
  const discount = fieldText(input.discountPercent);
  return {
    productId,
    description: (input.description ?? '').trim(),
    quantity: Number(fieldText(input.quantity)),
    unitPriceCents: toCents(Number(fieldText(input.unitPrice))),
    discountPercent: discount === '' ? 0 : Number(discount),
    taxRateId: input.taxRateId ?? null,
  };
}

/** The errors of an order's lines: one for the order as a whole (none, too many, too large), and one per line. */
export interface OrderLinesErrors {
  order: string | null;
  lines: OrderLineErrors[];
}

/**
 * The rules of an order's lines: a list of 1 to MAX_ORDER_LINES lines, each valid, whose amounts add up to at most
 * ORDER_AMOUNT_MAX_CENTS. Past MAX_ORDER_LINES the lines are not checked one by one (a request's work stays bounded).
 */
export function validateOrderLines(lines: unknown, options: OrderLineOptions = {}): OrderLinesErrors {
  if (!Array.isArray(lines)) return { order: SALES_MESSAGES.linesInvalid, lines: [] };
  if (lines.length === 0) return { order: SALES_MESSAGES.linesRequired, lines: [] };
  if (lines.length > MAX_ORDER_LINES) return { order: SALES_MESSAGES.tooManyLines(MAX_ORDER_LINES), lines: [] };
  const objects = lines.map((line: unknown) =>
    typeof line === 'object' && line !== null && !Array.isArray(line) ? (line as Record<string, unknown>) : null,
  );
  const notObject = objects.findIndex((line) => line === null);
  if (notObject >= 0) return { order: SALES_MESSAGES.onLine(notObject + 1, SALES_MESSAGES.lineInvalid), lines: [] };
  const errors = objects.map((line) => validateOrderLine(line!, options));
  if (errors.some((lineErrors) => Object.keys(lineErrors).length > 0)) return { order: null, lines: errors };
  const total = objects.reduce((sum, line) => sum + orderLineAmount(readOrderLine(line as OrderLineInput)), 0n);
  return { order: total > BigInt(ORDER_AMOUNT_MAX_CENTS) ? SALES_MESSAGES.orderTotalTooHigh : null, lines: errors };
}

/** The one message a request answers (400): the order's, else the first line's first field's, as "Line 3: …". */
export function firstOrderLinesError(errors: OrderLinesErrors): string | null {
  if (errors.order) return errors.order;
  for (const [index, lineErrors] of errors.lines.entries()) {
    for (const field of ORDER_LINE_FIELDS) {
      const message = lineErrors[field];
      if (message) return SALES_MESSAGES.onLine(index + 1, message);
    }
  }
  return null;
}

/** A discount percent as an integer of basis points (hundredths of a percent): 12.5 → 1250. */
export function discountBasisPoints(percent: number): number {
  return Math.round(percent * BASIS_POINTS_PER_PERCENT);
}

function safeBigInt(value: number, what: string): bigint {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a whole number, not ${value}`);
  return BigInt(value);
}

/** quantity × unit price × (1 − discount), rounded once, half away from zero, to the cent. */
function orderLineAmount(line: PricedLine): bigint {
  const basisPoints = discountBasisPoints(line.discountPercent);
  if (basisPoints < 0 || basisPoints > 10_000) throw new RangeError('A discount must be 0 to 100 percent');
  const gross = safeBigInt(line.quantity, 'A quantity') * safeBigInt(line.unitPriceCents, 'A unit price');
  return divideRoundingHalfAwayFromZero(gross * (WHOLE_IN_BASIS_POINTS - BigInt(basisPoints)), WHOLE_IN_BASIS_POINTS);
}

function toSafeNumber(value: bigint): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new RangeError('An amount of this order is too large');
  return number;
}

/**
 * What a line comes to, in whole cents: quantity × unit price less its discount percent, computed exactly and rounded
 * ONCE for the line (not per unit), half away from zero to the cent. 3 × 9.99 at 12.5 % off is 2997 × 0.875 =
 * 2622.375 → 26.22. Net of tax, or with tax when the store's prices include it (documentTotals takes it from there).
 * A negative quantity (a credit) comes to exactly the negative.
 */
export function orderLineAmountCents(line: PricedLine): number {
  return toSafeNumber(orderLineAmount(line));
}

/** The discount of a line in whole cents: its quantity × unit price minus its amount. */
export function orderLineDiscountCents(line: PricedLine): number {
  return toSafeNumber(
    safeBigInt(line.quantity, 'A quantity') * safeBigInt(line.unitPriceCents, 'A unit price') - orderLineAmount(line),
  );
}

/** The rate of a line without one: no tax (0 %), listed among the totals' rates as "No tax" when a line uses it. */
export const NO_TAX_RATE: DocumentRate = { _id: 'no-tax', name: 'No tax', percent: 0 };

/**
 * The rate a new line gets: the one the request names, none when it sends null, and the store's default (or none,
 * when the store has no default) when it says nothing.
 */
export function taxRateOfNewLine(requested: string | null | undefined, defaultRateId: string | null): string | null {
  return requested === undefined ? defaultRateId : requested;
}

/**
 * An order's totals: each line's amount (orderLineAmountCents) handed to documentTotals as its discount in cents, so
 * tax is computed once per document and rate, rounded half away from zero, shared to the lines by largest remainder
 * (0038). Lines without a rate are taxed at NO_TAX_RATE.
 */
export function orderTotals(
  lines: readonly Pick<OrderLine, 'quantity' | 'unitPriceCents' | 'discountPercent' | 'taxRateId'>[],
  rates: readonly DocumentRate[],
  pricesIncludeTax: boolean,
  options: TotalsOptions = {},
): DocumentTotals {
  const documentLines = lines.map((line) => ({
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    discountCents: orderLineDiscountCents(line),
    taxRateId: line.taxRateId ?? NO_TAX_RATE._id,
  }));
  const untaxed = lines.some((line) => line.taxRateId === null);
  return documentTotals(documentLines, untaxed ? [...rates, NO_TAX_RATE] : rates, pricesIncludeTax, options);
}
