import { isTimeZone } from '@inventory/contract/rules';

/**
 * The browser's time zone, for the exports' local-time columns and file names (contract csv-export.ts), when the
 * export rule knows it; null otherwise (the exports' default, UTC).
 */
export function browserTimeZone(): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : null;
}
