import { fieldText, moneyProblem, type MoneyMessages } from './catalogue';
import { MESSAGES } from './messages';
import { fromCents, toCents } from './money';

/**
 * A product's unit cost (docs/decisions/0031-product-cost.md): what the shop pays for one, in cents at rest and a
 * number with at most 2 decimals on the wire, like the price; null when not known. Who may see and set it is the role
 * table's `cost:read` and `cost:update` (stores.ts); the API leaves it out for the others (field-access.ts).
 */

const COST_MESSAGES: MoneyMessages = {
  invalid: MESSAGES.costInvalid,
  thousandsSeparator: MESSAGES.costThousandsSeparator,
  decimals: MESSAGES.costDecimals,
  tooHigh: MESSAGES.costTooHigh,
};

/** The cost field's rule, for the form, the request schemas and the import: blank is "not known"; else the price's rule. */
export function validateCost(value: string | number | null | undefined): string | null {
  const text = fieldText(value);
  return text === '' ? null : moneyProblem(text, COST_MESSAGES);
}

/** A product's margin: what is left of its price after its cost. */
export interface Margin {
  /** Price minus cost, in cents (negative when it sells below cost). */
  cents: number;
  /** The same in units with 2 decimals, as prices travel. */
  amount: number;
  /**
   * The margin as a percentage of the price, to one decimal, rounded half away from zero; null when the price is 0
   * (no percentage of nothing).
   */
  percent: number | null;
}

/**
 * The margin of a price over a cost (both in units, as the API answers them); null when the cost is not known.
 * Computed on whole cents: the percentage is `round(10 × 100 × margin / price) / 10` in integer arithmetic (every
 * operand below 2^53, so the division's floor is exact), half away from zero, so 1/3 is 33.3 and -1/8 is -12.5.
 */
export function productMargin(price: number, cost: number | null | undefined): Margin | null {
  if (cost === null || cost === undefined) return null;
  const priceCents = toCents(price);
  const cents = priceCents - toCents(cost);
  return { cents, amount: fromCents(cents), percent: priceCents === 0 ? null : tenthsOfPercent(cents, priceCents) / 10 };
}

/** round(1000 × part / whole), half away from zero, for integers (whole > 0). */
function tenthsOfPercent(part: number, whole: number): number {
  const magnitude = Math.floor((2000 * Math.abs(part) + whole) / (2 * whole));
  return part < 0 ? -magnitude : magnitude;
}
