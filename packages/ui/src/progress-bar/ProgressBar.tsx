import { cn } from '../lib/cn';

export interface ProgressBarProps {
  /** What is progressing, e.g. 'Uploading products.csv' (the bar's accessible name). */
  label: string;
  /** 0–100; undefined: indeterminate (something is happening, how much is left is unknown). */
  value?: number;
  /** The text shown beside the label, e.g. 'Uploading… 40%' or 'Processing…'. */
  valueText?: string;
  className?: string;
}

/**
 * A labelled progress bar (role progressbar). With a value it fills to that percentage; without one the whole bar
 * pulses and leaves aria-valuenow out, which is how assistive technology tells "unknown" from "0 %".
 */
export function ProgressBar({ label, value, valueText, className }: ProgressBarProps) {
  const determinate = value !== undefined;
  const percent = determinate ? Math.min(100, Math.max(0, Math.round(value))) : undefined;
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <div className="flex items-baseline justify-between gap-4 text-sm">
        <span className="font-medium text-ink">{label}</span>
        {valueText ? (
          <span className="text-ink-muted" aria-hidden="true">
            {valueText}
          </span>
        ) : null}
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={valueText}
        className="relative h-2.5 overflow-hidden rounded-full bg-surface-sunken"
      >
        {determinate ? (
          <div
            className="h-full rounded-full bg-brand-600 transition-[width] duration-200"
            style={{ width: `${percent}%` }}
          />
        ) : (
          <div className="h-full w-full animate-pulse rounded-full bg-brand-600/70" />
        )}
      </div>
    </div>
  );
}
