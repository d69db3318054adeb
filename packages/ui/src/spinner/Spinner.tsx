import { LoaderCircle } from 'lucide-react';
import { cva } from 'class-variance-authority';
import { cn } from '../lib/cn';
import { VisuallyHidden } from '../visually-hidden/VisuallyHidden';

const spinnerIcon = cva('animate-spin text-brand-600', {
  variants: { size: { sm: 'size-4', md: 'size-6', lg: 'size-10' } },
  defaultVariants: { size: 'md' },
});

export interface SpinnerProps {
  size?: 'sm' | 'md' | 'lg';
  /** Read by screen readers; default 'Loading'. */
  label?: string;
  className?: string;
}

/** A spinning indicator announced as a status with a visually hidden label. */
export function Spinner({ size = 'md', label = 'Loading', className }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center', className)}>
      <LoaderCircle aria-hidden="true" className={spinnerIcon({ size })} />
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  );
}

export interface LoadingOverlayProps {
  /** Read by screen readers; default 'Loading'. */
  label?: string;
}

/** A fixed, full-screen translucent overlay with a large spinner, shown while something saves or loads. */
export function LoadingOverlay({ label = 'Loading' }: LoadingOverlayProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-50 flex items-center justify-center bg-surface/70 backdrop-blur-[1px]"
    >
      <LoaderCircle aria-hidden="true" className={spinnerIcon({ size: 'lg' })} />
      <VisuallyHidden>{label}</VisuallyHidden>
    </div>
  );
}
