import { describe, expect, it } from 'vitest';
import { MAX_QUANTITY, stockChangeOutOfRange } from '../src';

describe('the one range of a quantity', () => {
  it('is 0 to MAX_QUANTITY whatever path moves it', () => {
    expect(stockChangeOutOfRange(5, -5)).toBeNull();
    expect(stockChangeOutOfRange(5, -6)).toBe('below');
    expect(stockChangeOutOfRange(MAX_QUANTITY - 1, 1)).toBeNull();
    expect(stockChangeOutOfRange(MAX_QUANTITY, 1)).toBe('above');
    expect(stockChangeOutOfRange(MAX_QUANTITY + 1, -1)).toBeNull();
  });
});
