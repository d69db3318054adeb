import { describe, expect, it } from 'vitest';
import {
  allocateLargestRemainder,
  divideRoundingHalfAwayFromZero,
  documentTotals,
  type DocumentLine,
  type DocumentRate,
  percentToPpm,
} from '../src';

const STANDARD: DocumentRate = { _id: 'standard', name: 'Standard', percent: 23 };
const REDUCED: DocumentRate = { _id: 'reduced', name: 'Reduced', percent: 8 };
const ZERO: DocumentRate = { _id: 'zero', name: 'Zero', percent: 0 };
const NYC: DocumentRate = { _id: 'nyc', name: 'NYC sales tax', percent: 8.875 };
const RATES = [STANDARD, REDUCED, ZERO, NYC];

const line = (unitPriceCents: number, taxRateId = 'standard', quantity = 1, discountCents = 0): DocumentLine => ({ quantity, unitPriceCents, discountCents, taxRateId });

/** Every figure adds up on the page: lines to their rate, rates to the document, net + tax = gross everywhere. */
function expectAddsUp(totals: ReturnType<typeof documentTotals>) {
  for (const rate of totals.rates) {
    const lines = totals.lines.filter((l) => l.taxRateId === rate.taxRateId);
    expect(lines.reduce((sum, l) => sum + l.netCents, 0)).toBe(rate.netCents);
    expect(lines.reduce((sum, l) => sum + l.taxCents, 0)).toBe(rate.taxCents);
    expect(lines.reduce((sum, l) => sum + l.grossCents, 0)).toBe(rate.grossCents);
    expect(rate.netCents + rate.taxCents).toBe(rate.grossCents);
  }
  for (const l of totals.lines) expect(l.netCents + l.taxCents).toBe(l.grossCents);
  expect(totals.rates.reduce((sum, r) => sum + r.netCents, 0)).toBe(totals.netCents);
  expect(totals.rates.reduce((sum, r) => sum + r.taxCents, 0)).toBe(totals.taxCents);
  expect(totals.netCents + totals.taxCents).toBe(totals.grossCents);
}

describe('documentTotals: tax per document and rate, rounded half away from zero (0038)', () => {
  it('the Odoo case (odoo#36675): 55.55 and 11.11 at 23 % is 15.33 of tax (15.34 rounded per line), and its lines add up to it', () => {
    const totals = documentTotals([line(5555), line(1111)], RATES, false);
    expect(totals.rates).toEqual([{ taxRateId: 'standard', name: 'Standard', percent: 23, netCents: 6666, taxCents: 1533, grossCents: 8199 }]);
    expect({ net: totals.netCents, tax: totals.taxCents, gross: totals.grossCents }).toEqual({ net: 6666, tax: 1533, gross: 8199 });
    // 12.7765 and 2.5553: shared by largest remainder, the first line takes the cent left over.
    expect(totals.lines.map((l) => l.taxCents)).toEqual([1278, 255]);
    // Rounded line by line it would have been 12.78 + 2.56 = 15.34: the figure the rule exists to avoid.
    expect(Math.round(5555 * 0.23) + Math.round(1111 * 0.23)).toBe(1534);
    expectAddsUp(totals);
  });

  it('prices with tax: the net is taken out of each rate’s summed gross once, and the gross stays as entered', () => {
    const single = documentTotals([line(12300)], RATES, true);
    expect(single.rates[0]).toMatchObject({ netCents: 10000, taxCents: 2300, grossCents: 12300 });
    // 2 × 9.99 with 23 % in it: 19.98 × 23 / 123 = 3.7361 → 3.74 of tax, 16.24 net.
    const two = documentTotals([line(999), line(999)], RATES, true);
    expect(two.rates[0]).toMatchObject({ netCents: 1624, taxCents: 374, grossCents: 1998 });
    expect(two.lines.map((l) => [l.netCents, l.taxCents, l.grossCents])).toEqual([
      [812, 187, 999],
      [812, 187, 999],
    ]);
    // The Odoo lines as prices with tax: 66.66 gross holds 12.4653 of tax.
    const odoo = documentTotals([line(5555), line(1111)], RATES, true);
    expect(odoo.rates[0]).toMatchObject({ netCents: 5420, taxCents: 1246, grossCents: 6666 });
    expectAddsUp(single);
    expectAddsUp(two);
    expectAddsUp(odoo);
  });

  it('several rates are each rounded once, listed in the order of the store’s rates; the document is their sum', () => {
    const totals = documentTotals([line(1999, 'reduced', 3), line(5555), line(1000, 'zero', 2), line(1111), line(4999, 'nyc')], RATES, false);
    expect(totals.rates.map((r) => [r.taxRateId, r.netCents, r.taxCents, r.grossCents])).toEqual([
      ['standard', 6666, 1533, 8199],
      // 59.97 × 8 % = 4.7976
      ['reduced', 5997, 480, 6477],
      ['zero', 2000, 0, 2000],
      // 49.99 × 8.875 % = 4.4366
      ['nyc', 4999, 444, 5443],
    ]);
    expect({ net: totals.netCents, tax: totals.taxCents, gross: totals.grossCents }).toEqual({ net: 19662, tax: 2457, gross: 22119 });
    expect(totals.lines.map((l) => l.taxRateId)).toEqual(['reduced', 'standard', 'zero', 'standard', 'nyc']);
    expectAddsUp(totals);
  });

  it('a zero rate has no tax, with or without tax in the prices', () => {
    for (const include of [false, true]) {
      const totals = documentTotals([line(1234, 'zero', 7)], RATES, include);
      expect(totals.rates[0]).toMatchObject({ netCents: 8638, taxCents: 0, grossCents: 8638 });
    }
  });

  it('a discount comes off the line before tax', () => {
    const totals = documentTotals([line(1000, 'standard', 3, 250)], RATES, false);
    // 3 × 10.00 − 2.50 = 27.50; × 23 % = 6.325 → 6.33 (half away from zero)
    expect(totals.lines[0]).toEqual({ taxRateId: 'standard', netCents: 2750, taxCents: 633, grossCents: 3383 });
  });

  it('a half cent goes away from zero, for a credit note too, so a credit note is exactly the negative of its invoice', () => {
    expect(documentTotals([line(50)], RATES, false).taxCents).toBe(12);
    expect(documentTotals([line(-50)], RATES, false).taxCents).toBe(-12);
    const invoice = documentTotals([line(5555), line(1111), line(1999, 'reduced', 3)], RATES, false);
    const credit = documentTotals([line(-5555), line(-1111), line(1999, 'reduced', -3)], RATES, false);
    expect(credit.lines).toEqual(invoice.lines.map((l) => ({ taxRateId: l.taxRateId, netCents: 0 - l.netCents, taxCents: 0 - l.taxCents, grossCents: 0 - l.grossCents })));
    expect([credit.netCents, credit.taxCents, credit.grossCents]).toEqual([-invoice.netCents, -invoice.taxCents, -invoice.grossCents]);
  });

  it('negative lines beside positive ones (a correction on one document) still add up', () => {
    const totals = documentTotals([line(5555), line(-1111)], RATES, false);
    // 44.44 × 23 % = 10.2212
    expect(totals.rates[0]).toMatchObject({ netCents: 4444, taxCents: 1022, grossCents: 5466 });
    expect(totals.lines.map((l) => l.taxCents)).toEqual([1278, -256]);
    expectAddsUp(totals);
  });

  it('big amounts are exact (BigInt): a million units at ten million each, and a half cent past 10^15', () => {
    const huge = documentTotals([line(1_000_000_000, 'standard', 1_000_000)], RATES, false);
    expect(huge.rates[0]).toMatchObject({ netCents: 1_000_000_000_000_000, taxCents: 230_000_000_000_000, grossCents: 1_230_000_000_000_000 });
    // (10^15 + 50) × 23 % = 230000000000011.5 exactly: 2.3e14 in a double is already off by a fraction of a cent.
    const half = documentTotals([line(1_000_000_000_000_050)], RATES, false);
    expect(half.taxCents).toBe(230_000_000_000_012);
    expect(half.grossCents).toBe(1_230_000_000_000_062);
    expect(() => documentTotals([line(9_000_000_000_000_000, 'standard', 2)], RATES, false)).toThrow(RangeError);
  });

  it('a currency of 0 or 1 decimals rounds its tax to its own smallest unit', () => {
    // 1,234 yen (kept as 123,400 cents) at 8 %: 98.72 yen of tax → 99 yen.
    const yen = documentTotals([line(123_400, 'reduced')], RATES, false, { decimals: 0 });
    expect(yen.rates[0]).toMatchObject({ netCents: 123_400, taxCents: 9_900, grossCents: 133_300 });
    const oneDecimal = documentTotals([line(1234, 'reduced')], RATES, false, { decimals: 1 });
    // 12.34 × 8 % = 0.9872 → 1.0
    expect(oneDecimal.taxCents).toBe(100);
    const shared = documentTotals([line(5_000, 'standard', 1), line(5_000, 'standard', 1), line(5_000, 'standard', 1)], RATES, false, { decimals: 0 });
    expect(shared.lines.map((l) => l.taxCents)).toEqual([1200, 1200, 1100]);
    expectAddsUp(shared);
    expect(() => documentTotals([], RATES, false, { decimals: 3 })).toThrow(RangeError);
  });

  it('refuses a line naming no rate of the store, and amounts that are not whole cents', () => {
    expect(() => documentTotals([line(100, 'gone')], RATES, false)).toThrow('Line 1 names an unknown tax rate');
    expect(() => documentTotals([line(10.5)], RATES, false)).toThrow(RangeError);
    expect(documentTotals([], RATES, false)).toEqual({ lines: [], rates: [], netCents: 0, taxCents: 0, grossCents: 0 });
  });

  it('holds for any lines: random documents add up, each rate is within half a unit of its exact tax, and credit notes negate', () => {
    let seed = 20_260_338;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
    const percents = [0, 5, 7.7, 8.875, 9.975, 13, 19, 20, 21, 23, 25.5, 100];
    for (let run = 0; run < 500; run += 1) {
      const rates = percents.map((percent, i) => ({ _id: `r${i}`, name: `${percent} %`, percent }));
      const lines = Array.from({ length: 1 + random(25) }, () => ({
        quantity: random(20) - 5,
        unitPriceCents: random(2_000_000),
        discountCents: random(4) === 0 ? random(5_000) : 0,
        taxRateId: `r${random(rates.length)}`,
      }));
      const include = random(2) === 1;
      const decimals = [0, 1, 2][random(3)]!;
      const totals = documentTotals(lines, rates, include, { decimals });
      expectAddsUp(totals);
      const step = BigInt(10 ** (2 - decimals));
      for (const rate of totals.rates) {
        const ppm = BigInt(percentToPpm(rate.percent));
        const base = include ? 1_000_000n + ppm : 1_000_000n;
        const amount = BigInt(include ? rate.grossCents : rate.netCents);
        // |tax − amount × ppm / base| ≤ step / 2, and the tax is a whole number of steps.
        const error = BigInt(rate.taxCents) * base - amount * ppm;
        expect(2n * (error < 0n ? -error : error) <= base * step, `rate ${rate.name}`).toBe(true);
        expect(BigInt(rate.taxCents) % step).toBe(0n);
      }
      const credit = documentTotals(lines.map((l) => ({ ...l, quantity: -l.quantity, discountCents: -l.discountCents })), rates, include, { decimals });
      expect(credit.taxCents + totals.taxCents).toBe(0);
      expect(credit.grossCents + totals.grossCents).toBe(0);
    }
  });
});

describe('the rounding helpers', () => {
  it('divides rounding half away from zero', () => {
    expect([5n, 15n, 25n, -5n, -15n, 14n, -14n, 16n].map((n) => divideRoundingHalfAwayFromZero(n, 10n))).toEqual([1n, 2n, 3n, -1n, -2n, 1n, -1n, 2n]);
    expect(() => divideRoundingHalfAwayFromZero(1n, 0n)).toThrow(RangeError);
  });

  it('shares by largest remainder, the earlier part first on a tie, always summing to the total', () => {
    expect(allocateLargestRemainder(1n, [1n, 1n, 1n], 3n)).toEqual([1n, 0n, 0n]);
    expect(allocateLargestRemainder(2n, [2n, 2n, 2n], 3n)).toEqual([1n, 1n, 0n]);
    expect(allocateLargestRemainder(5n, [7n, 8n], 3n)).toEqual([2n, 3n]);
    expect(() => allocateLargestRemainder(9n, [1n], 3n)).toThrow(RangeError);
  });

  it('keeps a percent as millionths', () => {
    expect([23, 8.875, 9.975, 0, 100, 7.7].map(percentToPpm)).toEqual([230_000, 88_750, 99_750, 0, 1_000_000, 77_000]);
  });
});
