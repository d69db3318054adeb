import { describe, expect, it } from 'vitest';
import { MAX_QUANTITY, stockChangeBounds, stockChangeOutOfRange } from '../src';

describe('the one range of a quantity', () => {
  it('is 0 to MAX_QUANTITY whatever path moves it', () => {
    expect(stockChangeOutOfRange(5, -5)).toBeNull();
    expect(stockChangeOutOfRange(5, -6)).toBe('below');
    expect(stockChangeOutOfRange(MAX_QUANTITY - 1, 1)).toBeNull();
    expect(stockChangeOutOfRange(MAX_QUANTITY, 1)).toBe('above');
    expect(stockChangeOutOfRange(MAX_QUANTITY + 1, -1)).toBeNull();
  });

  it('never refuses taking stock for the ceiling, whatever a product holds above it (bulk-seeded data)', () => {
    expect(stockChangeOutOfRange(MAX_QUANTITY + 500, -1)).toBeNull();
    expect(stockChangeOutOfRange(5_000_000, -3)).toBeNull();
    expect(stockChangeOutOfRange(MAX_QUANTITY + 500, 0)).toBeNull();
    expect(stockChangeOutOfRange(MAX_QUANTITY + 500, 1)).toBe('above');
    expect(stockChangeOutOfRange(MAX_QUANTITY + 500, -(MAX_QUANTITY + 501))).toBe('below');
    expect(stockChangeBounds(-1)).toEqual({ min: 0, max: null });
    expect(stockChangeBounds(1)).toEqual({ min: 0, max: MAX_QUANTITY });
  });
});
