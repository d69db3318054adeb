import { type ReactNode } from 'react';
import { cva } from 'class-variance-authority';
import { cn } from '../lib/cn';

export const badgeVariants = cva('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold', {
  variants: {
    tone: {
      success: 'bg-success-soft text-success',
      danger: 'bg-danger-soft text-danger',
      info: 'bg-info-soft text-info',
      neutral: 'bg-surface-sunken text-ink-muted',
    },
  },
  defaultVariants: { tone: 'neutral' },
});

export interface BadgeProps {
  tone: 'success' | 'danger' | 'info' | 'neutral';
  children: ReactNode;
  className?: string;
}

/** A short status label, e.g. In Stock (success) or Out Of Stock (danger). */
export function Badge({ tone, children, className }: BadgeProps) {
  return <span className={cn(badgeVariants({ tone }), className)}>{children}</span>;
}
