/**
 * An amount as a document prints it, in the store's currency (docs/decisions/0038-store-details-and-tax-rates.md).
 * Amounts are whole cents everywhere (0006); a currency's `decimals` (0, 1 or 2) is how many digits it shows. An
 * amount that is not a whole number of the currency's smallest unit still shows its cents, so nothing is ever hidden
 * or rounded away on the page.
 */
export interface CurrencyFormat {
  /** 1 to 4 characters, written before the amount: `$`, `€`, `£`, `CHF`. */
  symbol: string;
  decimals: number;
}

/** SPEC.md's money: a `$` prefix and 2 decimals. */
export const DEFAULT_CURRENCY: CurrencyFormat = { symbol: '$', decimals: 2 };

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * `cents` with the symbol, thousands separators and the currency's decimals: 123456 → `$1,234.56`; −5 → `-$0.05`;
 * 150000 with `{symbol: '¥', decimals: 0}` → `¥1,500`; a symbol ending in a letter is followed by a no-break space
 * (`CHF 12.50`).
 */
export function formatMoneyIn(cents: number, { symbol, decimals }: CurrencyFormat): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`An amount must be whole cents, not ${cents}`);
  const magnitude = BigInt(Math.abs(cents));
  const whole = magnitude / 100n;
  const fraction = magnitude % 100n;
  const step = 10n ** BigInt(2 - Math.min(Math.max(decimals, 0), 2));
  const shown = fraction % step === 0n ? Math.min(Math.max(decimals, 0), 2) : 2;
  const digits = shown === 0 ? '' : `.${String(fraction).padStart(2, '0').slice(0, shown)}`;
  const separator = /\p{L}$/u.test(symbol) ? '\u00a0' : '';
  return `${cents < 0 ? '-' : ''}${symbol}${separator}${groupThousands(String(whole))}${digits}`;
}
