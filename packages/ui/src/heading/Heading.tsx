import { type HTMLAttributes, type ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface HeadingProps extends HTMLAttributes<HTMLHeadingElement> {
  level: 1 | 2 | 3;
  children: ReactNode;
  className?: string;
}

// One step smaller on phones, so a heading's words fit whole on a line.
const sizes = {
  1: 'text-2xl font-bold tracking-tight md:text-3xl',
  2: 'text-xl font-semibold md:text-2xl',
  3: 'text-lg font-semibold',
} as const;

/** A page or section heading: h1, h2 or h3 on the design system's type scale. */
export function Heading({ level, className, children, ...props }: HeadingProps) {
  const Tag = `h${level}` as const;
  return (
    <Tag className={cn('text-ink', sizes[level], className)} {...props}>
      {children}
    </Tag>
  );
}
