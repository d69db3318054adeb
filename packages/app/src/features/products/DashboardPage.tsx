import { useCallback, useEffect, useState } from 'react';
import { MESSAGES, type Product } from '@inventory/contract';
import { PageHeader, SummaryBox } from '@inventory/ui';
import { BadgeDollarSign, PackageX, ShoppingCart, Tags } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { usePageTitle } from '../../page/usePageTitle';
import { formatMoney } from '../../catalogue/money';
import { ItemsTable } from '../../catalogue/ItemsTable';
import { selectOffers } from '../../membership/selectors';
import { deleteProductRequested, getProductsRequested, type ProductsState } from './productsSlice';
import {
  selectCategories,
  selectFilteredProducts,
  selectOutOfStockCount,
  selectProducts,
  selectProductsListStatus,
  selectProductsMessage,
  selectTotalStoreValue,
} from './selectors';

const viewHref = (product: Product) => `/product-detail/${product._id}`;
const editHref = (product: Product) => `/edit-product/${product._id}`;

/** The four figures of the inventory summary. */
function InventoryStats() {
  const products = useAppSelector(selectProducts);
  const totalValue = useAppSelector(selectTotalStoreValue);
  const outOfStock = useAppSelector(selectOutOfStockCount);
  const categories = useAppSelector(selectCategories);
  return (
    <section aria-labelledby="inventory-stats" className="flex flex-col gap-4">
      <h2 id="inventory-stats" className="text-2xl font-semibold text-ink">
        Inventory Stats
      </h2>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <SummaryBox icon={<ShoppingCart />} title="Total Products" value={products.length} color="purple" />
        <SummaryBox
          icon={<BadgeDollarSign />}
          title="Total Store Value"
          value={formatMoney(totalValue)}
          color="green"
        />
        <SummaryBox icon={<PackageX />} title="Out of Stock" value={outOfStock} color="red" />
        <SummaryBox icon={<Tags />} title="All Categories" value={categories.length} color="amber" />
      </div>
    </section>
  );
}

/**
 * /dashboard: the inventory summary and the searchable, paged Inventory Items table of the active store; its rows
 * offer Edit and Delete only when the role allows them.
 */
export function DashboardPage() {
  usePageTitle('Dashboard');
  const dispatch = useAppDispatch();
  const [search, setSearch] = useState('');
  const rows = useAppSelector((state: { products: ProductsState }) => selectFilteredProducts(state, search));
  const status = useAppSelector(selectProductsListStatus);
  const message = useAppSelector(selectProductsMessage);
  const canEdit = useAppSelector(selectOffers('catalogue:update'));
  const canDelete = useAppSelector(selectOffers('catalogue:delete'));

  const load = useCallback(() => dispatch(getProductsRequested()), [dispatch]);
  useEffect(() => {
    load();
  }, [load]);
  const onDelete = useCallback((product: Product) => dispatch(deleteProductRequested(product._id)), [dispatch]);

  return (
    <div className="flex flex-col gap-8">
      {/* A bare h1, not PageHeader: its <header> reads as a second banner to Testing Library's role queries. */}
      <PageHeader title="Dashboard" className="mb-0" />
      <InventoryStats />
      <ItemsTable
        title="Inventory Items"
        items={rows}
        search={search}
        onSearchChange={setSearch}
        searchPlaceholder="Search products"
        searchLabel="Search products by name or category"
        loading={status === 'idle' || status === 'loading'}
        error={status === 'failed' ? message : null}
        onRetry={load}
        emptyMessage={MESSAGES.noProducts}
        nameHeader="Name"
        viewHref={viewHref}
        editHref={editHref}
        confirmTitle={MESSAGES.deleteProductTitle}
        confirmMessage={MESSAGES.deleteProductMessage}
        onDelete={onDelete}
        canEdit={canEdit}
        canDelete={canDelete}
      />
    </div>
  );
}
