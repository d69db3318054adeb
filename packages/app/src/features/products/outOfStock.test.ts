import { describe, expect, it } from 'vitest';
import { isOutOfStock } from './outOfStock';

describe('out of stock', () => {
  it("is quantity 0 or '0'", () => {
    expect(isOutOfStock({ quantity: 0 })).toBe(true);
    expect(isOutOfStock({ quantity: '0' })).toBe(true);
    expect(isOutOfStock({ quantity: 1 })).toBe(false);
    expect(isOutOfStock({ quantity: '' })).toBe(false);
  });
});
