/**
 * Numbers as suppliers write them (issue 25, docs/decisions/0029-supplier-files.md): "1,299.00", "1.299,00",
 * "$1,299.00", "1 299,00 €". Which of "." and "," is the decimal separator cannot be known from "1.299" alone, so the
 * user confirms a format the import's preview guesses from the file's values, and the import reads every price,
 * quantity and reorder point under it. Without a format (clients that send none) numbers are read as before: plain
 * digits with a decimal point.
 */

/** `point`: 1,299.00 (groups of , ' or spaces); `comma`: 1.299,00 (groups of . or spaces). */
export const NUMBER_FORMATS = ['point', 'comma'] as const;
export type NumberFormat = (typeof NUMBER_FORMATS)[number];

/** How the preview offers each format. */
export const NUMBER_FORMAT_LABELS: Record<NumberFormat, string> = {
  point: '1,299.00 (decimal point)',
  comma: '1.299,00 (decimal comma)',
};

/** A number in each format, for messages. */
export const NUMBER_FORMAT_EXAMPLES: Record<NumberFormat, string> = { point: '1,299.00', comma: '1.299,00' };

/** Spaces that group thousands: space, no-break space, narrow no-break space (French), thin space. */
const SPACES = ' \u00a0\u202f\u2009';
const GROUPS: Record<NumberFormat, string> = { point: `,'${SPACES}`, comma: `.${SPACES}` };
const DECIMAL: Record<NumberFormat, string> = { point: '.', comma: ',' };

/** A currency sign or a three-letter code before or after the number ("$", "€", "EUR", "CHF"). */
const CURRENCY_BEFORE = /^(?:\p{Sc}|[A-Za-z]{3}\b)\s*/u;
const CURRENCY_AFTER = /\s*(?:\p{Sc}|\b[A-Za-z]{3})$/u;

function stripCurrency(text: string): string {
  return text.replace(CURRENCY_BEFORE, '').replace(CURRENCY_AFTER, '').trim();
}

/**
 * A number written in `format` as plain digits with a decimal point ("1.299,00 €" → "1299.00"), for the product
 * form's rules to check; a leading minus is kept (the rules refuse it with their own message). Blank stays blank.
 * Null when the text is not a number in that format: thousands are grouped by threes with one separator, and at most
 * one decimal separator follows them.
 */
export function normalizeNumber(text: string, format: NumberFormat): string | null {
  if (text.trim() === '') return '';
  let rest = stripCurrency(text.trim());
  const sign = rest.startsWith('-') ? '-' : '';
  rest = stripCurrency(rest.slice(sign.length));
  if (rest === '') return null;
  const decimal = DECIMAL[format];
  const at = rest.lastIndexOf(decimal);
  const whole = at === -1 ? rest : rest.slice(0, at);
  const fraction = at === -1 ? null : rest.slice(at + 1);
  if (fraction !== null && !/^\d+$/.test(fraction)) return null;
  let digits: string;
  if (/^\d+$/.test(whole)) digits = whole;
  else {
    const separator = [...GROUPS[format]].find((candidate) => whole.includes(candidate));
    if (separator === undefined) return null;
    const groups = whole.split(separator);
    if (!/^\d{1,3}$/.test(groups[0]!) || !groups.slice(1).every((group) => /^\d{3}$/.test(group))) return null;
    digits = groups.join('');
  }
  return `${sign}${digits}${fraction === null ? '' : `.${fraction}`}`;
}

/** The number `text` is in `format`, or null when it is blank or not a number in it. */
export function parseNumber(text: string, format: NumberFormat): number | null {
  const normalized = normalizeNumber(text, format);
  return normalized === null || normalized === '' ? null : Number(normalized);
}

/**
 * The format a file's number cells most likely use, for the user to confirm: a value with both separators ends in its
 * decimal one; a lone separator followed by other than three digits ("12,50", "4.99") is decimal; "1,299" or "1.299"
 * alone say only that the separator groups thousands, and count for less. Point when nothing tells.
 */
export function guessNumberFormat(values: readonly string[]): NumberFormat {
  const votes: Record<NumberFormat, number> = { point: 0, comma: 0 };
  for (const value of values) {
    const text = stripCurrency(value.trim())
      .replace(/^-/, '')
      .replace(/[\s\u00a0\u202f\u2009']/g, '');
    const point = text.lastIndexOf('.');
    const comma = text.lastIndexOf(',');
    if (point !== -1 && comma !== -1) votes[point > comma ? 'point' : 'comma'] += 2;
    else if (comma !== -1) {
      if (/^\d{1,3}(,\d{3})+$/.test(text)) votes.point += 1;
      else votes.comma += 2;
    } else if (point !== -1) {
      if (/^\d{1,3}(\.\d{3})+$/.test(text)) votes.comma += 1;
      else votes.point += 2;
    }
  }
  return votes.comma > votes.point ? 'comma' : 'point';
}
