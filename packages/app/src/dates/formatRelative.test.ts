import { describe, expect, it } from 'vitest';
import { formatRelative } from './formatRelative';

const now = Date.parse('2024-06-15T12:00:00.000Z');
const at = (ms: number) => new Date(now + ms).toISOString();
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('formatRelative', () => {
  it.each([
    [at(-10_000), 'just now'],
    [at(-5 * MINUTE), '5 minutes ago'],
    [at(-3 * 60 * MINUTE), '3 hours ago'],
    [at(-DAY), 'yesterday'],
    [at(-DAY + 20_000), 'yesterday'],
    [at(6 * DAY), 'in 6 days'],
    [at(30 * DAY), 'in 30 days'],
    [at(-50 * DAY), '2 months ago'],
    [at(-320 * DAY), '11 months ago'],
    [at(-800 * DAY), '2 years ago'],
  ])('%s → %s', (iso, words) => {
    expect(formatRelative(iso, now)).toBe(words);
  });

  it('is empty for no date or a bad one', () => {
    expect(formatRelative(null, now)).toBe('');
    expect(formatRelative('soon', now)).toBe('');
  });
});
