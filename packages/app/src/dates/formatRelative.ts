const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const absolute = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago (or from now) `iso` is, in words: 'just now', '5 minutes ago', 'yesterday', 'in 30 days', '2 months
 * ago' (days up to 44, then months, then years). '' for a missing or bad date. Whole units, rounded, so a time a few
 * seconds off reads the same.
 */
export function formatRelative(iso: string | null | undefined, now: number = Date.now()): string {
  if (!iso) return '';
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const diff = at - now;
  const minutes = Math.round(diff / MINUTE);
  if (Math.abs(minutes) < 1) return 'just now';
  if (Math.abs(minutes) < 60) return relative.format(minutes, 'minute');
  const hours = Math.round(diff / HOUR);
  if (Math.abs(hours) < 24) return relative.format(hours, 'hour');
  const days = Math.round(diff / DAY);
  if (Math.abs(days) < 45) return relative.format(days, 'day');
  const months = Math.round(diff / (30 * DAY));
  if (Math.abs(months) < 12) return relative.format(months, 'month');
  return relative.format(Math.round(diff / (365 * DAY)), 'year');
}

/** The full local date and time, for a tooltip beside a relative time: 'Mar 4, 2024, 2:05 PM'. */
export function formatAbsolute(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : absolute.format(date);
}
