import { describe, expect, it } from 'vitest';
import { formatMoney, itemValue } from './money';

describe('formatMoney', () => {
  it.each([
    [0, '$0.00'],
    [5, '$5.00'],
    [1234.5, '$1,234.50'],
    [1234567.891, '$1,234,567.89'],
    ['19.9', '$19.90'],
    [0.1 + 0.2, '$0.30'],
  ])('%s → %s', (value, shown) => {
    expect(formatMoney(value)).toBe(shown);
  });
});

describe('itemValue', () => {
  it('value is price x quantity', () => {
    expect(itemValue({ price: 19.99, quantity: 3 })).toBe(59.97);
    expect(itemValue({ price: '2.5', quantity: '4' })).toBe(10);
  });
});
