import { addDays } from '@inventory/contract/rules';

export const PERIOD_PRESETS = [
  { value: 'this-month', label: 'This month' },
  { value: 'last-month', label: 'Last month' },
  { value: 'this-quarter', label: 'This quarter' },
  { value: 'this-year', label: 'This year' },
  { value: 'last-30-days', label: 'Last 30 days' },
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]['value'] | 'custom';

const iso = (date: Date) => date.toISOString().slice(0, 10);

/** A preset's days (UTC), `now` included where the period runs to today. */
export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, now: Date): { from: string; to: string } {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const today = iso(now);
  switch (preset) {
    case 'this-month':
      return { from: iso(new Date(Date.UTC(y, m, 1))), to: today };
    case 'last-month':
      return { from: iso(new Date(Date.UTC(y, m - 1, 1))), to: iso(new Date(Date.UTC(y, m, 0))) };
    case 'this-quarter':
      return { from: iso(new Date(Date.UTC(y, m - (m % 3), 1))), to: today };
    case 'this-year':
      return { from: `${y}-01-01`, to: today };
    case 'last-30-days':
      return { from: addDays(today, -29), to: today };
  }
}
