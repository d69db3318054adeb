import { TriangleAlert, RefreshCw } from 'lucide-react';
import { Button } from '../button/Button';
import { cn } from '../lib/cn';

export interface ErrorStateProps {
  message: string;
  /** Shows a retry button when given. */
  onRetry?: () => void;
  retryLabel?: string;
  className?: string;
}

/** What a screen shows when its data failed to load; announced as an alert. */
export function ErrorState({ message, onRetry, retryLabel = 'Try again', className }: ErrorStateProps) {
  return (
    <div
      role="alert"
      className={cn('flex flex-col items-center gap-3 rounded-lg bg-danger-soft px-4 py-8 text-center', className)}
    >
      <TriangleAlert aria-hidden="true" className="size-10 text-danger" />
      <p className="m-0 text-base font-medium text-danger">{message}</p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          <RefreshCw aria-hidden="true" className="size-4" />
          {retryLabel}
        </Button>
      ) : null}
    </div>
  );
}
