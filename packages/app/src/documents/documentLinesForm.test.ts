import type { Product, TaxRate } from '@inventory/contract/rules';
import { describe, expect, it } from 'vitest';
import {
  formTotals,
  freeTextLine,
  lineAmountCents,
  toLineBodies,
  withDefaultRates,
  withProduct,
} from './documentLinesForm';
import type { Pricing } from './pricing';

const rate = (id: string, name: string, percent: number, isDefault = false): TaxRate => ({
  _id: id,
  name,
  percent,
  isDefault,
  version: 1,
  createdAt: '2024-03-01T00:00:00.000Z',
  updatedAt: '2024-03-01T00:00:00.000Z',
});
const pricing: Pricing = {
  taxRates: [rate('vat', 'VAT', 20, true), rate('reduced', 'Reduced', 7)],
  pricesIncludeTax: false,
  currencySymbol: '$',
  currencyDecimals: 2,
};
const cable = { _id: 'p-cable', name: 'USB-C cable', sku: 'CAB-1', price: 9.99 } as Product;

describe("the order form's lines", () => {
  it('a product picked or scanned is a line at its price and the default rate; again, one more of that line', () => {
    const first = withProduct([], cable, pricing);
    expect(first.line).toMatchObject({
      productId: 'p-cable',
      description: 'USB-C cable',
      unitPrice: '9.99',
      quantity: '1',
      taxRateId: 'vat',
    });
    const again = withProduct(first.lines, cable, pricing);
    expect(again.lines).toHaveLength(1);
    expect(again.line.quantity).toBe('2');
  });

  it('lines added before the rates were known take the default once they are', () => {
    const early = [freeTextLine(null)];
    expect(early[0]!.taxRateId).toBeNull();
    expect(withDefaultRates(early, pricing)[0]!.taxRateId).toBe('vat');
    expect(withDefaultRates(early, null)).toBe(early);
  });

  it("amounts and totals are the contract's: one rounding per line, tax per rate", () => {
    const line = { ...withProduct([], cable, pricing).line, quantity: '3', discountPercent: '12.5' };
    expect(lineAmountCents(line)).toBe(2622);
    expect(lineAmountCents({ ...line, quantity: 'x' })).toBeNull();
    const text = { ...freeTextLine(pricing), description: 'Gift wrap', unitPrice: '3', taxRateId: '' };
    const totals = formTotals([line, text, { ...text, unitPrice: '' }], pricing)!;
    expect(totals).toMatchObject({ netCents: 2922, taxCents: 524, grossCents: 3446 });
    expect(totals.rates.map((each) => each.name)).toEqual(['VAT', 'No tax']);
  });

  it('the request sends numbers, a kept line by its lineId, no discount as null and no tax as null', () => {
    const kept = {
      ...freeTextLine(pricing),
      lineId: 'l1',
      description: ' Gift wrap ',
      unitPrice: '3.5',
      quantity: '2',
      taxRateId: '',
    };
    const picked = { ...withProduct([], cable, pricing).line, discountPercent: '10' };
    expect(toLineBodies([kept, picked])).toEqual(
      [
        {
          lineId: 'l1',
          productId: null,
          description: 'Gift wrap',
          quantity: 2,
          unitPrice: 3.5,
          discountPercent: null,
          taxRateId: null,
        },
        {
          productId: 'p-cable',
          description: 'USB-C cable',
          quantity: 1,
          unitPrice: 9.99,
          discountPercent: 10,
          taxRateId: 'vat',
        },
      ],
    );
  });
});
