import { type ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Heading } from '../heading/Heading';

export interface PageHeaderProps {
  /** The page's h1. */
  title: ReactNode;
  /** One line under the title. */
  description?: ReactNode;
  /** Buttons or links at the end of the row (e.g. 'Edit Profile'). */
  actions?: ReactNode;
  className?: string;
}

/** The top of a screen inside the layout: its title, an optional line of context, and its main actions. */
export function PageHeader({ title, description, actions, className }: PageHeaderProps) {
  return (
    // A div, not <header>: screens sit inside the layout's <main>, and the page's banner is the layout's header.
    <div className={cn('mb-4 flex flex-wrap items-end justify-between gap-4 md:mb-6', className)}>
      <div className="min-w-0">
        <Heading level={1} className="break-words">
          {title}
        </Heading>
        {description ? <p className="mt-1 text-sm text-ink-muted">{description}</p> : null}
      </div>
      {actions ? <div className="flex max-w-full min-w-0 flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}
