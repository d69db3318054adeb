import { useCallback, useEffect, useMemo } from 'react';
import { MESSAGES, type ListSort, type Product, type ProductMatching } from '@inventory/contract/rules';
import { Button, PageHeader, SummaryBox, buttonVariants } from '@inventory/ui';
import { BadgeDollarSign, PackageMinus, PackageX, Plus, ShoppingCart, Tags, Upload } from 'lucide-react';
import { Link, useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { usePageTitle } from '../../page/usePageTitle';
import { formatMoney } from '../../catalogue/money';
import { PagedItemsTable, type ListFilter } from '../../catalogue/PagedItemsTable';
import { useRowSelection } from '../../catalogue/useRowSelection';
import { ScanButton } from '../../scanning/ScanButton';
import { useSkuSearchEnter } from '../../scanning/useSkuSearchEnter';
import { selectOffers } from '../../membership/selectors';
import { CatalogueCsvActions } from '../../csv-links/CsvLinks';
import { BulkActionsBar } from './BulkActionsBar';
import { removalAsked, selectProductArchive } from './productArchiveSlice';
import { ProductRemovalDialog } from './ProductRemovalDialog';
import { deleteProductRequested } from './productsSlice';
import {
  productListActions,
  selectDashboard,
  selectProductList,
  summaryRequested,
  type ProductFilters,
} from './productListSlice';

const viewHref = (product: Product) => `/product-detail/${product._id}`;

/** The list's search and filters as a bulk action (and the print view) name its rows. */
function matchingOf(q: string, filters: ProductFilters): ProductMatching {
  const matching: ProductMatching = {};
  if (q.trim()) matching.q = q.trim();
  if (filters.category) matching.category = filters.category;
  if (filters.stock) matching.stock = filters.stock as ProductMatching['stock'];
  if (filters.archived) matching.archived = filters.archived as ProductMatching['archived'];
  return matching;
}
const editHref = (product: Product) => `/edit-product/${product._id}`;

/** Which products the table shows: the active ones, the archived ones (restorable from their page), or both. */
const ARCHIVE_OPTIONS = [
  { value: '', label: 'Active' },
  { value: 'only', label: 'Archived' },
  { value: 'include', label: 'All' },
];

const STOCK_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'in', label: 'In stock' },
  { value: 'out', label: 'Out of stock' },
  { value: 'low', label: 'Low stock' },
];

/** The figures of the inventory summary, from the server; Low Stock filters the table to those products. */
function InventoryStats({ onLowStock }: { onLowStock: () => void }) {
  const { summary } = useAppSelector(selectDashboard);
  const stock = useAppSelector(selectProductList).query.filters.stock;
  const figure = (value: number | undefined) => (summary ? value : '–');
  return (
    <section aria-labelledby="inventory-stats" className="flex flex-col gap-4 max-sm:gap-2">
      <h2 id="inventory-stats" className="text-2xl font-semibold text-ink max-sm:sr-only">
        Inventory Stats
      </h2>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-[repeat(auto-fill,minmax(15rem,1fr))] sm:gap-4">
        <SummaryBox
          icon={<ShoppingCart />}
          title="Total Products"
          value={figure(summary?.totalProducts)}
          color="purple"
        />
        <SummaryBox
          icon={<BadgeDollarSign />}
          title="Total Store Value"
          value={summary ? formatMoney(summary.totalStoreValue) : '–'}
          color="green"
        />
        <SummaryBox icon={<PackageX />} title="Out of Stock" value={figure(summary?.outOfStock)} color="red" />
        <SummaryBox icon={<Tags />} title="All Categories" value={figure(summary?.categories)} color="amber" />
        <button
          type="button"
          aria-pressed={stock === 'low'}
          title="Show only low stock products"
          onClick={onLowStock}
          className="rounded-lg text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <SummaryBox
            icon={<PackageMinus />}
            title="Low Stock"
            value={figure(summary?.lowStock)}
            color="amber"
            className={stock === 'low' ? 'h-full ring-2 ring-brand-600' : 'h-full'}
          />
        </button>
      </div>
    </section>
  );
}

/** An empty catalogue's next steps, beside SPEC.md's words: add a product, or import a supplier's CSV. */
function FirstProductActions() {
  return (
    <div className="flex flex-wrap justify-center gap-3">
      <Link to="/add-product" className={buttonVariants({ variant: 'primary' })}>
        <Plus aria-hidden="true" className="size-4" />
        Add Product
      </Link>
      <Link to="/products/import" className={buttonVariants({ variant: 'secondary' })}>
        <Upload aria-hidden="true" className="size-4" />
        Import CSV
      </Link>
    </div>
  );
}

/**
 * /dashboard: the inventory summary and the Inventory Items table of the active store, a page at a time from the
 * server (search, sort, category and stock filters); its rows offer Edit and Delete only when the role allows them.
 */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectProductList);
  const { categories } = useAppSelector(selectDashboard);
  const canCreate = useAppSelector(selectOffers('catalogue:create'));
  const canEdit = useAppSelector(selectOffers('catalogue:update'));
  const canDelete = useAppSelector(selectOffers('catalogue:delete'));

  const reload = useCallback(() => dispatch(productListActions.reloadRequested()), [dispatch]);
  const navigate = useNavigate();
  const openProduct = useCallback((product: Product) => navigate(viewHref(product)), [navigate]);
  const onSearchSubmit = useSkuSearchEnter(openProduct);
  const { selecting, ids: selectedIds, allMatching, selection, toggleSelecting, selectAllMatching, clear } = useRowSelection<Product>();
  const bulkDone = useAppSelector(selectProductArchive).bulk.done;
  useEffect(() => {
    dispatch(productListActions.reloadRequested());
    dispatch(summaryRequested());
  }, [dispatch]);
  // A bulk action done: its rows changed or went, so the selection starts again.
  useEffect(() => {
    if (bulkDone > 0) clear();
  }, [bulkDone, clear]);
  const onDelete = useCallback((product: Product) => dispatch(deleteProductRequested(product._id)), [dispatch]);
  const onDeleteRequest = useCallback((product: Product) => dispatch(removalAsked({ id: product._id, name: product.name })), [dispatch]);
  const onSortChange = useCallback((sort: ListSort) => dispatch(productListActions.sortChanged(sort)), [dispatch]);
  const onFilterChange = useCallback(
    (key: string, value: string) => dispatch(productListActions.filterChanged({ key: key as keyof ProductFilters, value })),
    [dispatch],
  );
  const filters: ListFilter[] = useMemo(
    () => [
      {
        key: 'category',
        label: 'Category',
        value: list.query.filters.category,
        options: [{ value: '', label: 'All categories' }, ...categories.map((c) => ({ value: c.name, label: c.name }))],
      },
      { key: 'stock', label: 'Stock', value: list.query.filters.stock, options: STOCK_OPTIONS },
      { key: 'archived', label: 'Show', value: list.query.filters.archived, options: ARCHIVE_OPTIONS },
    ],
    [categories, list.query.filters.category, list.query.filters.stock, list.query.filters.archived],
  );
  const matching = useMemo(() => matchingOf(list.query.q, list.query.filters), [list.query.q, list.query.filters]);

  return (
    <div className="flex flex-col gap-8 max-sm:gap-4">
      {/* A bare h1, not PageHeader: its <header> reads as a second banner to Testing Library's role queries. */}
      <PageHeader title="Dashboard" className="mb-0" actions={<CatalogueCsvActions />} />
      <InventoryStats
        onLowStock={() =>
          dispatch(
            productListActions.filterChanged({ key: 'stock', value: list.query.filters.stock === 'low' ? '' : 'low' }),
          )
        }
      />
      <PagedItemsTable
        title="Inventory Items"
        items={list.items}
        page={list.page}
        total={list.total}
        totalExact={list.totalExact}
        hasNext={list.next !== null}
        onPageChange={(page) => dispatch(productListActions.pageRequested({ page }))}
        pageSize={list.query.limit}
        onPageSizeChange={(size) => dispatch(productListActions.pageSizeChanged(size))}
        search={list.query.q}
        onSearchChange={(q) => dispatch(productListActions.searchChanged(q))}
        onSearchSubmit={onSearchSubmit}
        selection={selection}
        actions={
          <>
            {selecting ? (
              <BulkActionsBar
                ids={selectedIds}
                allMatching={allMatching}
                matching={matching}
                total={list.total}
                totalExact={list.totalExact}
                canEdit={canEdit}
                canDelete={canDelete}
                onSelectAllMatching={selectAllMatching}
                onClear={clear}
              />
            ) : null}
            <Button
              variant="secondary"
              aria-pressed={selecting}
              onClick={toggleSelecting}
              className="aria-pressed:border-brand-600 aria-pressed:ring-1 aria-pressed:ring-brand-600"
            >
              Select products
            </Button>
            <ScanButton onProduct={openProduct} label="Scan a barcode" />
          </>
        }
        searchPlaceholder="Search products"
        searchLabel="Search products by name or category"
        sort={list.query.sort}
        dir={list.query.dir}
        onSortChange={onSortChange}
        filters={filters}
        onFilterChange={onFilterChange}
        noun="product"
        loading={list.status === 'idle' || list.status === 'loading'}
        error={list.status === 'failed' ? list.message : null}
        onRetry={reload}
        emptyMessage={MESSAGES.noProducts}
        emptyAction={canCreate ? <FirstProductActions /> : undefined}
        noMatchMessage="No products match this search or these filters."
        nameHeader="Name"
        viewHref={viewHref}
        editHref={editHref}
        confirmTitle={MESSAGES.deleteProductTitle}
        confirmMessage={MESSAGES.deleteProductMessage}
        onDelete={onDelete}
        onDeleteRequest={onDeleteRequest}
        canEdit={canEdit}
        canDelete={canDelete}
      />
      <ProductRemovalDialog />
    </div>
  );
}
