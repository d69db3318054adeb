import { describe, expect, it } from 'vitest';
import { SALES_MESSAGES, salesOrderStatus, salesStatusOfRow, specEditOfLinesRefusal, specRowOfLines, specStatusOf } from '../src/rules';

const line = (fields: Partial<Parameters<typeof specRowOfLines>[0][number]> = {}) => ({
  productId: 'p1',
  description: 'USB-C dock',
  quantity: 2,
  unitPriceCents: 15_000,
  discountPercent: 0,
  taxRateId: null,
  shipped: 0,
  cancelled: 0,
  ...fields,
});

describe('the SPEC row of an order of lines (0041)', () => {
  it('shows a plain one-line order as that line', () => {
    expect(specRowOfLines([line()], [], false)).toEqual({ name: 'USB-C dock', priceCents: 15_000, quantity: 2, productId: 'p1', status: 'open' });
  });

  it('shows any other as quantity 1 at the total with tax, named after its first line', () => {
    const rates = [{ _id: 'vat', name: 'VAT', percent: 20 }];
    expect(specRowOfLines([line({ discountPercent: 10 }), line({ description: 'Cable', productId: null, quantity: 1, unitPriceCents: 999, taxRateId: 'vat' })], rates, false)).toEqual({
      name: 'USB-C dock and 1 more',
      priceCents: 27_000 + 1_199,
      quantity: 1,
      productId: null,
      status: 'open',
    });
    // One line with a discount: quantity 1 at its amount.
    expect(specRowOfLines([line({ discountPercent: 50 })], [], false)).toMatchObject({ name: 'USB-C dock', priceCents: 15_000, quantity: 1, productId: null });
    // A rate no longer among the store's is untaxed.
    expect(specRowOfLines([line({ taxRateId: 'gone' })], [], false)).toMatchObject({ priceCents: 15_000, quantity: 2 });
  });

  it('follows the sales status, and refuses a total a row cannot show', () => {
    expect(specRowOfLines([line({ shipped: 1 })], [], false)).toMatchObject({ status: 'open' });
    expect(specRowOfLines([line({ shipped: 2 })], [], false)).toMatchObject({ status: 'fulfilled' });
    expect(specRowOfLines([line({ cancelled: 2 })], [], false)).toMatchObject({ status: 'cancelled' });
    expect(specStatusOf('partly_shipped')).toBe('open');
    expect(specRowOfLines([line({ quantity: 2, unitPriceCents: 1_000_000_000, discountPercent: 1 })], [], false)).toEqual({
      refusal: { status: 400, message: SALES_MESSAGES.orderTotalTooHighForList },
    });
  });

  it("reads an order of lines' sales status back from its row and whether something shipped, as its lines give it", () => {
    const cases: [Partial<Parameters<typeof line>[0]>, boolean][] = [
      [{}, false],
      [{ shipped: 1 }, true],
      [{ shipped: 2 }, true],
      [{ cancelled: 2 }, false],
      [{ shipped: 1, cancelled: 1 }, true],
    ];
    for (const [fields, shipped] of cases) {
      const lines = [line(fields)];
      expect(salesStatusOfRow(specStatusOf(salesOrderStatus(lines)), shipped)).toBe(salesOrderStatus(lines));
    }
    expect(salesStatusOfRow('open', true)).toBe('partly_shipped');
  });

  it('accepts the SPEC fields sent back as they are and names the first one changed', () => {
    const row = { name: 'Dock and 1 more', category: 'Docks', priceCents: 1000, quantity: 1, productId: null };
    expect(specEditOfLinesRefusal(row, { ...row })).toBeNull();
    expect(specEditOfLinesRefusal(row, { ...row, quantity: 2, priceCents: 5 })).toEqual({ status: 409, message: SALES_MESSAGES.orderHasLines('price') });
    expect(specEditOfLinesRefusal(row, { ...row, productId: 'p1' })).toEqual({ status: 409, message: SALES_MESSAGES.orderHasLines('product') });
  });
});
