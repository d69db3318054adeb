import { describe, expect, it } from 'vitest';
import { distinctCategories, isOutOfStock, totalValue } from './inventoryStats';

describe('inventory stats', () => {
  it('total store value keeps the cents', () => {
    expect(
      totalValue([
        { price: 0.1, quantity: 3 },
        { price: 1234.56, quantity: 2 },
        { price: 9.99, quantity: 0 },
      ]),
    ).toBe(2469.42);
    expect(totalValue([])).toBe(0);
  });
  it("out of stock is quantity 0 or '0'", () => {
    expect(isOutOfStock({ quantity: 0 })).toBe(true);
    expect(isOutOfStock({ quantity: '0' })).toBe(true);
    expect(isOutOfStock({ quantity: 1 })).toBe(false);
    expect(isOutOfStock({ quantity: '' })).toBe(false);
  });
  it('categories are the distinct values', () => {
    expect(distinctCategories([{ category: 'Laptop' }, { category: 'Monitor' }, { category: 'Laptop' }])).toEqual([
      'Laptop',
      'Monitor',
    ]);
  });
});
