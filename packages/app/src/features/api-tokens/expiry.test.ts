import { MESSAGES, validateTokenExpiry } from '@inventory/contract';
import { describe, expect, it } from 'vitest';
import { expiryOf } from './expiry';

describe('expiryOf', () => {
  it('no day is no expiry', () => {
    expect(expiryOf('')).toBeNull();
    expect(expiryOf('  ')).toBeNull();
  });

  it('a day is the end of that day, local time', () => {
    const iso = expiryOf('2031-02-03')!;
    const at = new Date(iso);
    expect([at.getFullYear(), at.getMonth(), at.getDate(), at.getHours(), at.getMinutes()]).toEqual([
      2031, 1, 3, 23, 59,
    ]);
  });

  it('what is not a real day goes through as typed, for the contract to refuse', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    expect(validateTokenExpiry(expiryOf('2031-02-30'), now)).toBe(MESSAGES.tokenExpiryInvalid);
    expect(validateTokenExpiry(expiryOf('soon'), now)).toBe(MESSAGES.tokenExpiryInvalid);
    expect(validateTokenExpiry(expiryOf('2029-12-31'), now)).toBe(MESSAGES.tokenExpiryPast);
    expect(validateTokenExpiry(expiryOf('2030-06-01'), now)).toBeNull();
  });
});
