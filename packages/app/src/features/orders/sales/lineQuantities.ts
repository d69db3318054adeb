import { SALES_MESSAGES } from '@inventory/contract/rules';

/**
 * The quantities a shipment or return dialog asks per line, as typed: each a whole number from 0 to what the line
 * allows (its error under its field), and at least one above 0.
 */
export function quantityProblem(text: string, allowed: number, tooMany: (allowed: number) => string): string | null {
  const value = text.trim();
  if (value === '') return null;
  if (!/^\d+$/.test(value)) return SALES_MESSAGES.requestQuantityInvalid;
  return Number(value) > allowed ? tooMany(allowed) : null;
}

export const quantityOf = (text: string): number => (text.trim() === '' ? 0 : Number(text.trim()));

/** Today as YYYY-MM-DD in the user's time zone: the day a shipment leaves unless they say another. */
export function today(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
