import { describe, expect, it } from 'vitest';
import { truncateName } from './truncateName';

describe('truncateName', () => {
  it('keeps names up to 16 characters', () => {
    expect(truncateName('Dell XPS 13')).toBe('Dell XPS 13');
    expect(truncateName('1234567890123456')).toBe('1234567890123456');
  });
  it("cuts longer names at 16 characters and adds '...'", () => {
    expect(truncateName('Lenovo ThinkPad X1 Carbon')).toBe('Lenovo ThinkPad ...');
    expect(truncateName('12345678901234567')).toBe('1234567890123456...');
  });
  it('never splits a character made of two code units', () => {
    expect(truncateName('💻'.repeat(20))).toBe(`${'💻'.repeat(16)}...`);
  });
});
