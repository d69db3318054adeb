/** What `expiryOf` gives for text that is not a real day: the contract's check says it is not a date. */
const NOT_A_DATE = 'not a date';

/**
 * The expiry the form sends for a chosen day: the end of that day in the user's time zone, as an ISO datetime; null
 * for none. Text that is not a real day (e.g. typed where the browser has no date picker) gives what the contract's
 * `validateTokenExpiry` refuses as not a date.
 */
export function expiryOf(day: string): string | null {
  const trimmed = day.trim();
  if (trimmed === '') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  if (!match) return NOT_A_DATE;
  const [, year, month, date] = match.map(Number) as [number, number, number, number];
  const end = new Date(year, month - 1, date, 23, 59, 59, 999);
  if (end.getFullYear() !== year || end.getMonth() !== month - 1 || end.getDate() !== date) return NOT_A_DATE;
  return end.toISOString();
}
