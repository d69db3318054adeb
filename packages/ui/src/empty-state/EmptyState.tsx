import { type ReactNode } from 'react';
import { Inbox } from 'lucide-react';
import { cn } from '../lib/cn';

export interface EmptyStateProps {
  message: string;
  /** A next step, e.g. a button or link to add the first item. */
  action?: ReactNode;
  icon?: ReactNode;
  className?: string;
}

/** What a list shows when it has nothing in it. */
export function EmptyState({ message, action, icon, className }: EmptyStateProps) {
  return (
    <div className={cn('flex flex-col items-center gap-3 px-4 py-10 text-center', className)}>
      <span aria-hidden="true" className="text-ink-muted [&_svg]:size-10">
        {icon ?? <Inbox />}
      </span>
      <p className="m-0 text-base text-ink-muted">{message}</p>
      {action ? <div>{action}</div> : null}
    </div>
  );
}
