/**
 * Prices are whole cents wherever they are stored or summed (docs/decisions/0006-money-in-cents.md): cents from a
 * price with at most 2 decimals, and back to a number of 2 decimals.
 */
export const toCents = (price: number): number => Math.round(price * 100);
export const fromCents = (cents: number): number => Number((Number(cents) / 100).toFixed(2));
