/**
 * The totals of a document (an invoice, a credit note, the settings screen's sample) by the one rounding rule of
 * docs/decisions/0038-store-details-and-tax-rates.md:
 *
 * - each line's amount is quantity × unit price − discount, in whole cents, exactly;
 * - lines are grouped by tax rate, and each rate's tax is computed ONCE on the rate's summed amount: on the summed net
 *   when prices are entered without tax (tax = net × rate), or as the tax part of the summed gross when prices include
 *   it (tax = gross × rate / (1 + rate), net = gross − tax);
 * - that tax is rounded half away from zero to the currency's smallest unit (a cent, or 10 or 100 cents for a
 *   currency shown with 1 or 0 decimals), so a credit note of the same lines is exactly the negative of the invoice;
 * - the document's net, tax and gross are the sums of the rates', and gross = net + tax for every rate;
 * - a line's own tax is the rate's tax shared out by largest remainder, so the lines of a rate add up to it exactly.
 *
 * Every product and quotient is a BigInt: no float ever holds an amount, whatever its size.
 */

/** One line of a document. Quantities and amounts may be negative (a credit note's lines). */
export interface DocumentLine {
  quantity: number;
  /** Whole cents: without tax, or with it when the store's prices include tax. */
  unitPriceCents: number;
  /** Whole cents taken off the line's amount (0 when absent). */
  discountCents?: number;
  /** The `_id` of one of `rates`. */
  taxRateId: string;
}

/** A tax rate as the totals need it: its id, its name and its percent (at most 4 decimals, 0 to 100). */
export interface DocumentRate {
  _id: string;
  name: string;
  percent: number;
}

export interface LineTotals {
  taxRateId: string;
  netCents: number;
  taxCents: number;
  grossCents: number;
}

export interface RateTotals extends LineTotals {
  name: string;
  percent: number;
}

export interface DocumentTotals {
  /** The lines in their order, each with its share of its rate's tax. */
  lines: LineTotals[];
  /** The rates the lines use, in the order of `rates`. */
  rates: RateTotals[];
  netCents: number;
  taxCents: number;
  grossCents: number;
}

export interface TotalsOptions {
  /** The currency's decimals (0, 1 or 2; amounts stay in cents): tax is rounded to its smallest unit. Default 2. */
  decimals?: number;
}

/** A rate's percent as an integer of millionths (parts per million): 23 % → 230000, 8.875 % → 88750. */
export const PPM_PER_PERCENT = 10_000;
const MILLION = 1_000_000n;

export function percentToPpm(percent: number): number {
  return Math.round(percent * PPM_PER_PERCENT);
}

export function ppmToPercent(ppm: number): number {
  return ppm / PPM_PER_PERCENT;
}

/** n / d rounded half away from zero (d > 0): 2.5 → 3, −2.5 → −3. */
export function divideRoundingHalfAwayFromZero(n: bigint, d: bigint): bigint {
  if (d <= 0n) throw new RangeError('The divisor must be positive');
  const negative = n < 0n;
  const magnitude = negative ? -n : n;
  let quotient = magnitude / d;
  if (2n * (magnitude % d) >= d) quotient += 1n;
  return negative ? -quotient : quotient;
}

/** n / d rounded towards minus infinity (d > 0). */
function floorDivide(n: bigint, d: bigint): bigint {
  const quotient = n / d;
  return n % d !== 0n && n < 0n ? quotient - 1n : quotient;
}

function safeInteger(value: number, what: string): bigint {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be a whole number (cents), not ${value}`);
  return BigInt(value);
}

function toNumber(value: bigint): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new RangeError('An amount of this document is too large');
  return number;
}

/** The currency's smallest unit in cents: 1 for 2 decimals, 10 for 1, 100 for 0. */
export function roundingStepCents(decimals: number): number {
  if (decimals !== 0 && decimals !== 1 && decimals !== 2) throw new RangeError('A currency has 0, 1 or 2 decimals here (amounts are kept in cents)');
  return 10 ** (2 - decimals);
}

/**
 * Shares `total` units among parts whose exact shares are `numerators[i] / denominator` (their sum rounded is
 * `total`): each part gets its share rounded down, and the units left go one each to the parts with the largest
 * remainders (the earlier part on a tie). The shares then add up to `total` exactly.
 */
export function allocateLargestRemainder(total: bigint, numerators: readonly bigint[], denominator: bigint): bigint[] {
  const floors = numerators.map((numerator) => floorDivide(numerator, denominator));
  const remainders = numerators.map((numerator, i) => numerator - floors[i]! * denominator);
  let left = total - floors.reduce((sum, floor) => sum + floor, 0n);
  if (left < 0n || left > BigInt(numerators.length)) throw new RangeError('The total is not the rounded sum of the shares');
  const order = remainders.map((_, i) => i).sort((a, b) => (remainders[b]! > remainders[a]! ? 1 : remainders[b]! < remainders[a]! ? -1 : a - b));
  const shares = [...floors];
  for (const i of order) {
    if (left === 0n) break;
    shares[i]! += 1n;
    left -= 1n;
  }
  return shares;
}

/** The totals of `lines` at the store's `rates` (see the rule above). Throws for a line naming no rate of `rates`. */
export function documentTotals(
  lines: readonly DocumentLine[],
  rates: readonly DocumentRate[],
  pricesIncludeTax: boolean,
  { decimals = 2 }: TotalsOptions = {},
): DocumentTotals {
  const step = BigInt(roundingStepCents(decimals));
  const ppmOf = new Map<string, bigint>();
  for (const rate of rates) {
    const ppm = percentToPpm(rate.percent);
    if (!Number.isSafeInteger(ppm) || ppm < 0 || ppm > 1_000_000) throw new RangeError(`Tax rate ${rate.name} must be 0 to 100 percent`);
    ppmOf.set(rate._id, BigInt(ppm));
  }

  const amounts = lines.map((line, i) => {
    if (!ppmOf.has(line.taxRateId)) throw new Error(`Line ${i + 1} names an unknown tax rate`);
    const quantity = safeInteger(line.quantity, 'A quantity');
    const price = safeInteger(line.unitPriceCents, 'A unit price');
    const discount = safeInteger(line.discountCents ?? 0, 'A discount');
    return quantity * price - discount;
  });

  const lineTotals: LineTotals[] = new Array<LineTotals>(lines.length);
  const rateTotals: RateTotals[] = [];
  for (const rate of rates) {
    const members = lines.map((line, i) => (line.taxRateId === rate._id ? i : -1)).filter((i) => i >= 0);
    if (members.length === 0) continue;
    const ppm = ppmOf.get(rate._id)!;
    // The tax's exact value is Σ amount × ppm / base; in units of the currency's step, / (base × step).
    const base = pricesIncludeTax ? MILLION + ppm : MILLION;
    const numerators = members.map((i) => amounts[i]! * ppm);
    const summed = members.reduce((sum, i) => sum + amounts[i]!, 0n);
    const taxUnits = divideRoundingHalfAwayFromZero(summed * ppm, base * step);
    const shares = allocateLargestRemainder(taxUnits, numerators, base * step);
    members.forEach((lineIndex, k) => {
      const tax = shares[k]! * step;
      const amount = amounts[lineIndex]!;
      const net = pricesIncludeTax ? amount - tax : amount;
      lineTotals[lineIndex] = { taxRateId: rate._id, netCents: toNumber(net), taxCents: toNumber(tax), grossCents: toNumber(net + tax) };
    });
    const tax = taxUnits * step;
    const net = pricesIncludeTax ? summed - tax : summed;
    rateTotals.push({ taxRateId: rate._id, name: rate.name, percent: rate.percent, netCents: toNumber(net), taxCents: toNumber(tax), grossCents: toNumber(net + tax) });
  }

  const sum = (key: 'netCents' | 'taxCents' | 'grossCents') => toNumber(rateTotals.reduce((total, rate) => total + BigInt(rate[key]), 0n));
  return { lines: lineTotals, rates: rateTotals, netCents: sum('netCents'), taxCents: sum('taxCents'), grossCents: sum('grossCents') };
}
