import type { Product } from '@inventory/contract/rules';
import { Badge, Button } from '@inventory/ui';
import { formatDateTime } from '../../dates/formatDateTime';
import { selectOffers } from '../../membership/selectors';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { restoreRequested, selectProductArchive } from './productArchiveSlice';

/**
 * On an archived product's page: since when, what that means, and Restore for the roles that may delete
 * (docs/decisions/0033-archived-products-and-bulk-actions.md).
 */
export function ArchivedBanner({ product }: { product: Product }) {
  const dispatch = useAppDispatch();
  const mayRestore = useAppSelector(selectOffers('catalogue:delete'));
  const { restoring } = useAppSelector(selectProductArchive);
  if (!product.archivedAt) return null;
  return (
    <section
      aria-label="Archived"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line-strong bg-surface-muted p-4"
    >
      <p className="m-0 flex flex-wrap items-center gap-2 text-ink">
        <Badge tone="neutral">Archived</Badge>
        <span className="text-ink-muted">
          Since {formatDateTime(product.archivedAt)}: hidden from the lists, the order form, the figures and the exports; its
          orders and stock history are kept.
        </span>
      </p>
      {mayRestore ? (
        <Button variant="primary" loading={restoring} loadingText="Restoring…" onClick={() => dispatch(restoreRequested(product._id))}>
          Restore
        </Button>
      ) : null}
    </section>
  );
}
