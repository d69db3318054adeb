import { buttonVariants, Card, ErrorState, Spinner } from '@inventory/ui';
import { Link } from 'react-router-dom';
import type { ItemStatus } from './loadStatus';

export interface ItemLoadStateProps {
  status: ItemStatus;
  /** Read by screen readers while loading, e.g. 'Loading product'. */
  loadingLabel: string;
  /** e.g. MESSAGES.productNotFound. */
  notFoundText: string;
  /** The failure's message (status 'failed'). */
  message: string;
  onRetry: () => void;
  backHref: string;
  backLabel: string;
}

/**
 * What a detail or edit screen shows until its item is loaded: a spinner, a not-found message with a way back, or
 * the failure with a retry. Renders nothing once the item is loaded.
 */
export function ItemLoadState({
  status,
  loadingLabel,
  notFoundText,
  message,
  onRetry,
  backHref,
  backLabel,
}: ItemLoadStateProps) {
  if (status === 'loaded') return null;
  if (status === 'notFound') {
    return (
      <Card>
        <div role="alert" className="flex flex-col items-start gap-4">
          <p className="m-0 text-base text-ink">{notFoundText}</p>
          <Link to={backHref} className={buttonVariants({ variant: 'secondary' })}>
            {backLabel}
          </Link>
        </div>
      </Card>
    );
  }
  if (status === 'failed') return <ErrorState message={message} onRetry={onRetry} />;
  return (
    <div className="flex justify-center py-16">
      <Spinner size="lg" label={loadingLabel} />
    </div>
  );
}
