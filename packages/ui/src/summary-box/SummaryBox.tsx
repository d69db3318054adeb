import { type ReactNode } from 'react';
import { cva } from 'class-variance-authority';
import { cn } from '../lib/cn';

// On a phone the figures are compact, two to a row: no icon, less padding, a smaller value.
const box = cva('flex min-w-0 items-center gap-4 rounded-lg p-5 text-white shadow-card max-sm:gap-2 max-sm:px-3 max-sm:py-2', {
  variants: {
    color: {
      purple: 'bg-box-purple',
      green: 'bg-box-green',
      red: 'bg-box-red',
      amber: 'bg-box-amber',
    },
  },
});

export interface SummaryBoxProps {
  icon?: ReactNode;
  title: string;
  value: ReactNode;
  color: 'purple' | 'green' | 'red' | 'amber';
  className?: string;
}

/** One figure of the dashboard's inventory summary: a coloured box with an icon, a title and a value. */
export function SummaryBox({ icon, title, value, color, className }: SummaryBoxProps) {
  return (
    <div className={cn(box({ color }), className)}>
      {icon ? (
        <span aria-hidden="true" className="inline-flex size-12 shrink-0 max-sm:hidden items-center justify-center rounded-full bg-white/15 [&_svg]:size-7">
          {icon}
        </span>
      ) : null}
      <dl className="m-0 flex min-w-0 flex-col">
        <dt className="text-sm font-medium max-sm:text-xs">{title}</dt>
        <dd className="m-0 truncate text-2xl font-bold max-sm:text-lg">{value}</dd>
      </dl>
    </div>
  );
}
