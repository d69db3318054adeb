import { type HTMLAttributes } from 'react';
import { cn } from '../lib/cn';

export type VisuallyHiddenProps = HTMLAttributes<HTMLSpanElement>;

/** Text read by screen readers but not shown (Tailwind's sr-only). */
export function VisuallyHidden({ className, ...props }: VisuallyHiddenProps) {
  return <span className={cn('sr-only', className)} {...props} />;
}
