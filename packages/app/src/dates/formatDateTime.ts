const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A readable local date and time, e.g. 'Mar 4, 2024, 2:05 PM'; '' for a missing or bad date. */
export function formatDateTime(iso: string | undefined | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat.format(date);
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** A readable local date, e.g. 'Mar 4, 2024'; '' for a missing or bad date. */
export function formatDate(iso: string | undefined | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}
