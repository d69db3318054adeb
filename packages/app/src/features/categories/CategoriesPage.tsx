import { useEffect, useMemo, useState } from 'react';
import { type Category, MESSAGES, queryCategories } from '@inventory/contract/rules';
import { Button, DataTable, ErrorState, SearchInput, type DataTableColumn } from '@inventory/ui';
import { selectOffers } from '../../membership/selectors';
import { usePageTitle } from '../../page/usePageTitle';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { categoriesRequested, mergeCategoryRequested, renameCategoryRequested, selectCategories } from './categoriesSlice';
import { MergeCategoryDialog } from './MergeCategoryDialog';
import { plural } from './plural';
import { RenameCategoryDialog } from './RenameCategoryDialog';

type Open = { kind: 'rename' | 'merge'; category: Category } | null;

/**
 * /categories: the store's categories with how many products each, searched as typed (any case, any accents: the
 * contract's rule over the whole list). Owners and managers rename one (every product takes the new name) or merge it
 * into another (every product moves, and it is gone); the others see the list.
 */
export function CategoriesPage() {
  usePageTitle('Categories');
  const dispatch = useAppDispatch();
  const { items, total, status, message, saving, done } = useAppSelector(selectCategories);
  const canRename = useAppSelector(selectOffers('categories:update'));
  const canMerge = useAppSelector(selectOffers('categories:merge'));
  const [q, setQ] = useState('');
  const [open, setOpen] = useState<Open>(null);

  useEffect(() => {
    dispatch(categoriesRequested());
  }, [dispatch]);
  // A finished rename or merge closes its dialog.
  useEffect(() => setOpen(null), [done]);

  const shown = useMemo(() => queryCategories(items, { q }).items, [items, q]);
  const columns = useMemo((): DataTableColumn<Category>[] => {
    const actions = canRename || canMerge;
    return [
      { key: 'name', header: 'Name', sticky: true, cell: (category) => <span className="font-medium text-ink">{category.name}</span> },
      { key: 'products', header: 'Products', cell: (category) => <span className="whitespace-nowrap">{category.products.toLocaleString('en-US')}</span> },
      ...(actions
        ? [
            {
              key: 'action',
              header: 'Action',
              cell: (category: Category) => (
                <span className="flex flex-wrap gap-2">
                  {canRename ? (
                    <Button variant="secondary" size="sm" aria-label={`Rename ${category.name}`} onClick={() => setOpen({ kind: 'rename', category })}>
                      Rename
                    </Button>
                  ) : null}
                  {canMerge ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Merge ${category.name}`}
                      disabled={items.length < 2}
                      onClick={() => setOpen({ kind: 'merge', category })}
                    >
                      Merge
                    </Button>
                  ) : null}
                </span>
              ),
            },
          ]
        : []),
    ];
  }, [canRename, canMerge, items.length]);

  const loading = status === 'idle' || (status === 'loading' && items.length === 0);
  return (
    <section
      aria-labelledby="categories-heading"
      className="flex flex-col gap-4 rounded-lg bg-surface p-4 shadow-card max-sm:-mx-2 max-sm:gap-3 max-sm:p-3 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="categories-heading" className="text-3xl font-bold tracking-tight text-ink">
          Categories
        </h1>
        <SearchInput className="w-72 max-w-full" value={q} onChange={setQ} placeholder="Search categories" label="Search categories by name" />
      </div>
      <p className="m-0 text-sm text-ink-muted" aria-live="polite">
        {loading || status === 'failed'
          ? ''
          : q.trim()
            ? `${plural(shown.length, 'category', 'categories')} of ${total.toLocaleString('en-US')}`
            : plural(total, 'category', 'categories')}
      </p>
      {status === 'failed' ? (
        <ErrorState message={message} onRetry={() => dispatch(categoriesRequested())} />
      ) : (
        <DataTable
          caption="Categories"
          columns={columns}
          rows={shown}
          getRowId={(category) => category._id}
          loading={loading}
          emptyMessage={q.trim() ? 'No category matches your search' : MESSAGES.noCategories}
          pageSize={Math.max(shown.length, 1)}
        />
      )}
      {open?.kind === 'rename' ? (
        <RenameCategoryDialog
          category={open.category}
          categories={items}
          saving={saving}
          onRename={(name) => dispatch(renameCategoryRequested({ id: open.category._id, name }))}
          onCancel={() => setOpen(null)}
        />
      ) : null}
      {open?.kind === 'merge' ? (
        <MergeCategoryDialog
          category={open.category}
          categories={items}
          saving={saving}
          onMerge={(into) => dispatch(mergeCategoryRequested({ id: open.category._id, into }))}
          onCancel={() => setOpen(null)}
        />
      ) : null}
    </section>
  );
}
