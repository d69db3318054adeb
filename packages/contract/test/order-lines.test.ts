import { describe, expect, it } from 'vitest';
import {
  discountBasisPoints,
  documentTotals,
  type DocumentRate,
  firstOrderLinesError,
  MAX_ORDER_LINES,
  MESSAGES,
  NO_TAX_RATE,
  ORDER_LINE_DESCRIPTION_MAX,
  orderLineAmountCents,
  orderLineDiscountCents,
  orderTotals,
  readOrderLine,
  SALES_MESSAGES,
  taxRateOfNewLine,
  validateOrderLine,
  validateOrderLines,
} from '../src';

const STANDARD: DocumentRate = { _id: 'standard', name: 'Standard', percent: 23 };
const REDUCED: DocumentRate = { _id: 'reduced', name: 'Reduced', percent: 8 };
const RATES = [STANDARD, REDUCED];

/** A seeded generator (mulberry32): the same numbers on every run, so a failure can be replayed. */
function seeded(seed: number) {
  return (below: number) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (((t ^ (t >>> 14)) >>> 0) % below) as number;
  };
}

const laptop = { productId: 'p-laptop', quantity: 1, unitPrice: 1299, discountPercent: 0, taxRateId: 'standard' };

describe('validateOrderLine: an error per field, for the order form and the API', () => {
  it('takes a catalogue product or free text, a quantity of 1 or more, a unit price and an optional discount and rate', () => {
    expect(validateOrderLine(laptop, { taxRateIds: ['standard', 'reduced'] })).toEqual({});
    expect(validateOrderLine({ description: 'Installation on site', quantity: '2', unitPrice: '45.50' })).toEqual({});
    expect(
      validateOrderLine({
        productId: null,
        description: 'Cable',
        quantity: 1,
        unitPrice: 0,
        discountPercent: '',
        taxRateId: null,
      }),
    ).toEqual({});
    // A product's line may carry a note, or none.
    expect(
      validateOrderLine({ productId: 'p-dock', description: '', quantity: 3, unitPrice: 99.9, discountPercent: 12.5 }),
    ).toEqual({});
  });

  it('says what is wrong with each field, under its field', () => {
    expect(validateOrderLine({})).toEqual({
      description: SALES_MESSAGES.lineDescriptionRequired,
      quantity: SALES_MESSAGES.lineQuantityRequired,
      unitPrice: SALES_MESSAGES.lineUnitPriceRequired,
    });
    expect(
      validateOrderLine(
        {
          productId: 42,
          description: 'a\u0007b',
          quantity: 0,
          unitPrice: '1,299.00',
          discountPercent: 12.345,
          taxRateId: 'gone',
        },
        { taxRateIds: ['standard'] },
      ),
    ).toEqual({
      productId: SALES_MESSAGES.lineProductInvalid,
      description: MESSAGES.controlCharacters('Description'),
      quantity: SALES_MESSAGES.lineQuantityInvalid,
      unitPrice: SALES_MESSAGES.lineUnitPriceThousandsSeparator,
      discountPercent: SALES_MESSAGES.discountDecimals,
      taxRateId: SALES_MESSAGES.lineTaxRateUnknown,
    });
  });

  it('quantity: a whole number from 1 to 1,000,000', () => {
    for (const quantity of [1, '1', ' 7 ', 1_000_000])
      expect(validateOrderLine({ ...laptop, quantity }).quantity, String(quantity)).toBeUndefined();
    for (const quantity of [0, '0', -1, 1.5, '1.5', '1e3', 'two', true, {}])
      expect(validateOrderLine({ ...laptop, quantity }).quantity, String(quantity)).toBe(
        SALES_MESSAGES.lineQuantityInvalid,
      );
    expect(validateOrderLine({ ...laptop, quantity: 1_000_001 }).quantity).toBe(MESSAGES.quantityTooHigh);
    expect(validateOrderLine({ ...laptop, quantity: '' }).quantity).toBe(SALES_MESSAGES.lineQuantityRequired);
  });

  it('unit price: the price rule (0 to 10,000,000, at most 2 decimals), said for the unit price', () => {
    for (const unitPrice of [0, '0.00', 9.99, '10000000'])
      expect(validateOrderLine({ ...laptop, unitPrice }).unitPrice, String(unitPrice)).toBeUndefined();
    expect(validateOrderLine({ ...laptop, unitPrice: 1.005 }).unitPrice).toBe(SALES_MESSAGES.lineUnitPriceDecimals);
    expect(validateOrderLine({ ...laptop, unitPrice: -1 }).unitPrice).toBe(SALES_MESSAGES.lineUnitPriceInvalid);
    expect(validateOrderLine({ ...laptop, unitPrice: 10_000_000.01 }).unitPrice).toBe(
      SALES_MESSAGES.lineUnitPriceTooHigh,
    );
    expect(validateOrderLine({ ...laptop, unitPrice: [] }).unitPrice).toBe(SALES_MESSAGES.lineUnitPriceInvalid);
  });

  it('discount: a percent from 0 to 100 with at most 2 decimals; blank or absent is none', () => {
    for (const discountPercent of [undefined, null, '', 0, 12.5, '33.33', 100])
      expect(
        validateOrderLine({ ...laptop, discountPercent }).discountPercent,
        String(discountPercent),
      ).toBeUndefined();
    for (const discountPercent of [100.01, 101, -1, 'ten', '5%', false])
      expect(validateOrderLine({ ...laptop, discountPercent }).discountPercent, String(discountPercent)).toBe(
        SALES_MESSAGES.discountInvalid,
      );
    expect(validateOrderLine({ ...laptop, discountPercent: 0.125 }).discountPercent).toBe(
      SALES_MESSAGES.discountDecimals,
    );
  });

  it('description: required without a product, one line, at most 200 characters', () => {
    expect(validateOrderLine({ quantity: 1, unitPrice: 1, description: ' \u200b ' }).description).toBe(
      SALES_MESSAGES.lineDescriptionRequired,
    );
    expect(
      validateOrderLine({ quantity: 1, unitPrice: 1, description: 'x'.repeat(ORDER_LINE_DESCRIPTION_MAX) }).description,
    ).toBeUndefined();
    expect(
      validateOrderLine({ quantity: 1, unitPrice: 1, description: 'x'.repeat(ORDER_LINE_DESCRIPTION_MAX + 1) })
        .description,
    ).toBe(MESSAGES.fieldTooLong('Description', ORDER_LINE_DESCRIPTION_MAX));
    expect(validateOrderLine({ ...laptop, description: 5 }).description).toBe(MESSAGES.textRequired('Description'));
    expect(validateOrderLine({ ...laptop, productId: '  ' }).productId).toBe(SALES_MESSAGES.lineProductInvalid);
  });

  it('tax rate: one of the store’s when the rates are known, any non-blank id otherwise, or none', () => {
    expect(validateOrderLine({ ...laptop, taxRateId: 'reduced' }, { taxRateIds: ['standard'] }).taxRateId).toBe(
      SALES_MESSAGES.lineTaxRateUnknown,
    );
    expect(validateOrderLine({ ...laptop, taxRateId: 'reduced' }).taxRateId).toBeUndefined();
    expect(validateOrderLine({ ...laptop, taxRateId: '' }).taxRateId).toBe(SALES_MESSAGES.lineTaxRateUnknown);
    expect(validateOrderLine({ ...laptop, taxRateId: null }, { taxRateIds: [] }).taxRateId).toBeUndefined();
  });
});

describe('validateOrderLines: 1 to 500 lines, each valid, the order’s amount bounded', () => {
  it('refuses no list, an empty one, and more than 500 lines, without checking each', () => {
    expect(validateOrderLines(undefined)).toEqual({ order: SALES_MESSAGES.linesInvalid, lines: [] });
    expect(validateOrderLines({ 0: laptop })).toEqual({ order: SALES_MESSAGES.linesInvalid, lines: [] });
    expect(validateOrderLines([])).toEqual({ order: SALES_MESSAGES.linesRequired, lines: [] });
    expect(validateOrderLines(Array.from({ length: MAX_ORDER_LINES }, () => laptop)).order).toBeNull();
    expect(validateOrderLines(Array.from({ length: MAX_ORDER_LINES + 1 }, () => ({})))).toEqual({
      order: SALES_MESSAGES.tooManyLines(500),
      lines: [],
    });
    expect(SALES_MESSAGES.tooManyLines(500)).toBe('An order can have at most 500 lines: split it into several orders');
  });

  it('names the line that is not a line, and the first failing line and field in one message', () => {
    expect(validateOrderLines([laptop, 'cable'])).toEqual({
      order: 'Line 2: Each line must give a product or a description, a quantity and a unit price',
      lines: [],
    });
    const errors = validateOrderLines([
      laptop,
      { ...laptop, quantity: 0, unitPrice: 'x' },
      { ...laptop, discountPercent: 120 },
    ]);
    expect(errors.order).toBeNull();
    expect(errors.lines).toEqual([
      {},
      { quantity: SALES_MESSAGES.lineQuantityInvalid, unitPrice: SALES_MESSAGES.lineUnitPriceInvalid },
      { discountPercent: SALES_MESSAGES.discountInvalid },
    ]);
    expect(firstOrderLinesError(errors)).toBe('Line 2: Quantity must be a whole number of 1 or more');
    expect(firstOrderLinesError(validateOrderLines([laptop]))).toBeNull();
    expect(firstOrderLinesError(validateOrderLines([]))).toBe(SALES_MESSAGES.linesRequired);
  });

  it('refuses an order whose lines add up past 10^15 cents, so every total stays exact', () => {
    const huge = { productId: 'p', quantity: 1_000_000, unitPrice: 10_000_000 };
    // One line is 10^15 cents exactly: allowed. Two are not.
    expect(validateOrderLines([huge]).order).toBeNull();
    expect(validateOrderLines([huge, { ...huge, quantity: 1, unitPrice: 0.01 }]).order).toBe(
      SALES_MESSAGES.orderTotalTooHigh,
    );
    // A discount brings it back under.
    expect(validateOrderLines([huge, { ...huge, discountPercent: 100 }]).order).toBeNull();
  });
});

describe('readOrderLine: a valid line as the rules compute with it', () => {
  it('trims text, reads numbers, prices in cents, no discount as 0, no rate as null', () => {
    expect(readOrderLine({ description: ' Installation ', quantity: ' 2 ', unitPrice: '45.50' })).toEqual({
      productId: null,
      description: 'Installation',
      quantity: 2,
      unitPriceCents: 4550,
      discountPercent: 0,
      taxRateId: null,
    });
    expect(
      readOrderLine({
        productId: 'p-dock',
        quantity: 3,
        unitPrice: 0.29,
        discountPercent: '12.5',
        taxRateId: 'standard',
      }),
    ).toEqual({
      productId: 'p-dock',
      description: '',
      quantity: 3,
      unitPriceCents: 29,
      discountPercent: 12.5,
      taxRateId: 'standard',
    });
  });
});

describe('orderLineAmountCents: quantity × unit price less the discount, rounded once per line, half away from zero', () => {
  it('3 × 9.99 at 12.5 % off is 2997 × 0.875 = 2622.375 cents → 26.22', () => {
    expect(orderLineAmountCents({ quantity: 3, unitPriceCents: 999, discountPercent: 12.5 })).toBe(2622);
    expect(orderLineDiscountCents({ quantity: 3, unitPriceCents: 999, discountPercent: 12.5 })).toBe(375);
  });

  it('rounds the line, not each unit: 3 × 0.05 at 50 % is 7.5 → 8 cents (per unit it would be 3 × 3 = 9)', () => {
    expect(orderLineAmountCents({ quantity: 3, unitPriceCents: 5, discountPercent: 50 })).toBe(8);
  });

  it('half a cent rounds away from zero, both ways: a credit is exactly the negative', () => {
    expect(orderLineAmountCents({ quantity: 1, unitPriceCents: 1, discountPercent: 50 })).toBe(1);
    expect(orderLineAmountCents({ quantity: -1, unitPriceCents: 1, discountPercent: 50 })).toBe(-1);
    expect(orderLineAmountCents({ quantity: 1, unitPriceCents: 3, discountPercent: 50 })).toBe(2);
    expect(orderLineAmountCents({ quantity: -1, unitPriceCents: 3, discountPercent: 50 })).toBe(-2);
    // 1.49 cents stays 1.
    expect(orderLineAmountCents({ quantity: 1, unitPriceCents: 149, discountPercent: 99 })).toBe(1);
  });

  it('no discount is quantity × price; 100 % is nothing; 33.33 % of the largest line is exact', () => {
    expect(orderLineAmountCents({ quantity: 7, unitPriceCents: 1299, discountPercent: 0 })).toBe(9093);
    expect(orderLineAmountCents({ quantity: 7, unitPriceCents: 1299, discountPercent: 100 })).toBe(0);
    // 10^15 × 0.6667 = 666,700,000,000,000 exactly, no float in between.
    expect(orderLineAmountCents({ quantity: 1_000_000, unitPriceCents: 1_000_000_000, discountPercent: 33.33 })).toBe(
      666_700_000_000_000,
    );
    expect(discountBasisPoints(33.33)).toBe(3333);
    expect(discountBasisPoints(0.07)).toBe(7);
  });

  it('refuses what is not a line: a fractional quantity or price, a discount outside 0 to 100', () => {
    expect(() => orderLineAmountCents({ quantity: 1.5, unitPriceCents: 100, discountPercent: 0 })).toThrow(RangeError);
    expect(() => orderLineAmountCents({ quantity: 1, unitPriceCents: 0.5, discountPercent: 0 })).toThrow(RangeError);
    expect(() => orderLineAmountCents({ quantity: 1, unitPriceCents: 100, discountPercent: 101 })).toThrow(RangeError);
  });

  it('holds for any line: within half a cent of the exact amount, between 0 and the gross, the discount its complement, credits negate', () => {
    const random = seeded(39);
    for (let i = 0; i < 2000; i += 1) {
      const line = {
        quantity: 1 + random(1000),
        unitPriceCents: random(10_000_000),
        discountPercent: random(10_001) / 100,
      };
      const gross = line.quantity * line.unitPriceCents;
      const amount = orderLineAmountCents(line);
      const exact = (gross * (10_000 - discountBasisPoints(line.discountPercent))) / 10_000;
      expect(Math.abs(amount - exact), JSON.stringify(line)).toBeLessThanOrEqual(0.5 + 1e-6);
      expect(amount).toBeGreaterThanOrEqual(0);
      expect(amount).toBeLessThanOrEqual(gross);
      expect(orderLineDiscountCents(line) + amount).toBe(gross);
      expect(orderLineAmountCents({ ...line, quantity: -line.quantity })).toBe(-amount);
    }
  });
});

describe('orderTotals: the lines’ amounts through documentTotals (tax per document and rate, 0038)', () => {
  it('the Odoo lines as an order: 15.33 of tax on 66.66, not 15.34', () => {
    const lines = [
      { quantity: 1, unitPriceCents: 5555, discountPercent: 0, taxRateId: 'standard' },
      { quantity: 1, unitPriceCents: 1111, discountPercent: 0, taxRateId: 'standard' },
    ];
    const totals = orderTotals(lines, RATES, false);
    expect({ net: totals.netCents, tax: totals.taxCents, gross: totals.grossCents }).toEqual({
      net: 6666,
      tax: 1533,
      gross: 8199,
    });
  });

  it('takes each line’s discount as its amount’s complement, and is documentTotals of those lines', () => {
    const lines = [
      { quantity: 3, unitPriceCents: 999, discountPercent: 12.5, taxRateId: 'standard' },
      { quantity: 2, unitPriceCents: 14900, discountPercent: 0, taxRateId: 'reduced' },
      { quantity: 1, unitPriceCents: 4550, discountPercent: 10, taxRateId: 'standard' },
    ];
    const totals = orderTotals(lines, RATES, false);
    // Standard: 26.22 + 40.95 = 67.17 net, 23 % = 15.4491 → 15.45. Reduced: 298.00, 8 % = 23.84.
    expect(totals.rates.map((r) => [r.taxRateId, r.netCents, r.taxCents])).toEqual([
      ['standard', 6717, 1545],
      ['reduced', 29800, 2384],
    ]);
    expect(totals.lines.map((l) => l.netCents)).toEqual([2622, 29800, 4095]);
    expect(totals).toEqual(
      documentTotals(
        lines.map((line) => ({ ...line, discountCents: orderLineDiscountCents(line) })),
        RATES,
        false,
      ),
    );
  });

  it('a line without a rate is untaxed, listed as No tax after the store’s rates', () => {
    const totals = orderTotals(
      [
        { quantity: 1, unitPriceCents: 10000, discountPercent: 0, taxRateId: null },
        { quantity: 1, unitPriceCents: 10000, discountPercent: 0, taxRateId: 'standard' },
      ],
      RATES,
      false,
    );
    expect(totals.rates.map((r) => [r.name, r.netCents, r.taxCents])).toEqual([
      ['Standard', 10000, 2300],
      ['No tax', 10000, 0],
    ]);
    expect(totals.grossCents).toBe(22300);
    expect(
      orderTotals(
        [{ quantity: 1, unitPriceCents: 100, discountPercent: 0, taxRateId: 'standard' }],
        RATES,
        false,
      ).rates.map((r) => r.taxRateId),
    ).not.toContain(NO_TAX_RATE._id);
  });

  it('with prices including tax, the discounted gross stays as entered and the tax is taken out of it', () => {
    const totals = orderTotals(
      [{ quantity: 2, unitPriceCents: 12300, discountPercent: 50, taxRateId: 'standard' }],
      RATES,
      true,
    );
    expect(totals.rates[0]).toMatchObject({ netCents: 10000, taxCents: 2300, grossCents: 12300 });
  });

  it('a new line takes the rate asked for, none when asked, else the store’s default', () => {
    expect(taxRateOfNewLine('reduced', 'standard')).toBe('reduced');
    expect(taxRateOfNewLine(null, 'standard')).toBeNull();
    expect(taxRateOfNewLine(undefined, 'standard')).toBe('standard');
    expect(taxRateOfNewLine(undefined, null)).toBeNull();
  });
});
