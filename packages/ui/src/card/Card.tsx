import { useId, type ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface CardProps {
  /** Rendered as an h2 that names the section. */
  title?: string;
  children: ReactNode;
  className?: string;
  footer?: ReactNode;
}

/** A white, rounded, shadowed section; its title (h2) names it for assistive technology. */
export function Card({ title, children, className, footer }: CardProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={title ? titleId : undefined}
      className={cn('rounded-lg bg-surface shadow-card', className)}
    >
      {title ? (
        <h2 id={titleId} className="border-b border-line px-6 py-4 text-lg font-semibold text-ink">
          {title}
        </h2>
      ) : null}
      <div className="px-6 py-5">{children}</div>
      {footer ? <div className="flex items-center justify-end gap-3 border-t border-line px-6 py-4">{footer}</div> : null}
    </section>
  );
}
