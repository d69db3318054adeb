import { useState } from 'react';
import { BULK_LIMIT, COUNT_CAP, MESSAGES, type ProductBulkBody, type ProductMatching } from '@inventory/contract/rules';
import { Button, buttonVariants, ConfirmDialog, TextField } from '@inventory/ui';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { bulkRequested, selectProductArchive } from './productArchiveSlice';

export interface BulkActionsBarProps {
  /** Rows chosen by hand, or every row the list's query names (`allMatching`). */
  ids: readonly string[];
  allMatching: boolean;
  /** The list's query as a bulk action names it, and how many rows it has. */
  matching: ProductMatching;
  total: number;
  totalExact: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onSelectAllMatching: () => void;
  onClear: () => void;
}

const count = (n: number, exact = true) => `${exact ? n.toLocaleString('en-US') : `${Math.max(n, COUNT_CAP).toLocaleString('en-US')}+`}`;

/** The query of the list as URL parameters (the print view reads them to print every matching product). */
export function matchingParams(matching: ProductMatching): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(matching)) if (value) params.set(key, String(value));
  return params.toString();
}

/**
 * The dashboard's bulk bar (docs/decisions/0033-archived-products-and-bulk-actions.md): how many are chosen, "Select
 * all N matching" (every page of the query, up to the bulk cap), and the actions the role allows: set a category,
 * archive (each product deleted or archived as a single delete decides), print labels. Each asks first.
 */
export function BulkActionsBar({ ids, allMatching, matching, total, totalExact, canEdit, canDelete, onSelectAllMatching, onClear }: BulkActionsBarProps) {
  const dispatch = useAppDispatch();
  const { bulk } = useAppSelector(selectProductArchive);
  const [asking, setAsking] = useState<'category' | 'archive' | null>(null);
  const [category, setCategory] = useState('');
  const chosen = allMatching ? total : ids.length;
  const none = chosen === 0;
  const tooMany = totalExact && total > BULK_LIMIT;
  const products = allMatching ? `all ${count(total, totalExact)} matching products` : `${count(ids.length)} product${ids.length === 1 ? '' : 's'}`;
  const target: Pick<ProductBulkBody, 'ids' | 'matching'> = allMatching ? { matching } : { ids: [...ids] };
  const labelsHref = allMatching ? `/labels?matching=${encodeURIComponent(matchingParams(matching))}` : `/labels?ids=${ids.join(',')}`;
  const run = (body: ProductBulkBody) => {
    dispatch(bulkRequested(body));
    setAsking(null);
    setCategory('');
  };

  return (
    <div role="group" aria-label="Bulk actions" className="flex flex-wrap items-center gap-2 max-sm:w-full">
      <span className="text-sm text-ink-muted" aria-live="polite">
        {allMatching ? `All ${count(total, totalExact)} matching selected` : `${ids.length} selected`}
      </span>
      {!allMatching && total > ids.length ? (
        <Button variant="secondary" onClick={onSelectAllMatching} disabled={tooMany} title={tooMany ? MESSAGES.bulkTooManyHint(BULK_LIMIT) : undefined}>
          Select all {count(total, totalExact)} matching
        </Button>
      ) : null}
      {!none ? (
        <Button variant="secondary" onClick={onClear}>
          Clear
        </Button>
      ) : null}
      {canEdit ? (
        <Button variant="secondary" disabled={none} loading={bulk.running && asking === null} onClick={() => setAsking('category')}>
          Set category
        </Button>
      ) : null}
      {canDelete ? (
        <Button variant="secondary" disabled={none} onClick={() => setAsking('archive')}>
          Archive
        </Button>
      ) : null}
      {none ? (
        <Button disabled>Print labels</Button>
      ) : (
        <Link to={labelsHref} className={buttonVariants({ variant: 'primary' })}>
          Print labels
        </Link>
      )}
      {tooMany && !allMatching ? <span className="text-sm text-ink-muted">{MESSAGES.bulkTooManyHint(BULK_LIMIT)}</span> : null}
      <ConfirmDialog
        open={asking === 'category'}
        title={MESSAGES.bulkCategoryTitle}
        message={MESSAGES.bulkCategoryMessage(products)}
        confirmLabel="Set category"
        tone="primary"
        confirmDisabled={category.trim() === ''}
        onCancel={() => setAsking(null)}
        onConfirm={() => run({ action: 'set-category', category: category.trim(), ...target })}
      >
        <TextField label="Category" name="bulkCategory" value={category} onChange={(event) => setCategory(event.target.value)} />
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === 'archive'}
        title={MESSAGES.bulkArchiveTitle}
        message={MESSAGES.bulkArchiveMessage(products)}
        confirmLabel="Archive"
        tone="danger"
        onCancel={() => setAsking(null)}
        onConfirm={() => run({ action: 'archive', ...target })}
      />
    </div>
  );
}
