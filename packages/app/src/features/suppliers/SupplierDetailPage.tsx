import { useEffect, useMemo, useState } from 'react';
import { MESSAGES, PAGE_LINKS, type ProductSupplier, type PurchaseOrder, type Supplier, supplierRemoval } from '@inventory/contract/rules';
import { Badge, Button, buttonVariants, Card, ConfirmDialog, DataTable, ErrorState, PageHeader, type DataTableColumn } from '@inventory/ui';
import { Link } from 'react-router-dom';
import { AuditFacts } from '../../catalogue/AuditFacts';
import { Fact } from '../../catalogue/ItemFacts';
import { ItemLoadState } from '../../catalogue/ItemLoadState';
import { formatMoney } from '../../catalogue/money';
import { pagedRows } from '../../catalogue/PagedItemsTable';
import { useRouteItem } from '../../catalogue/useRouteItem';
import { dayText } from '../../dates/dayText';
import { formatDateTime } from '../../dates/formatDateTime';
import { selectCan, selectOffers } from '../../membership/selectors';
import { usePageTitle } from '../../page/usePageTitle';
import { PurchaseStatusBadge } from '../../purchasing/PurchaseStatusBadge';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { leadTimeText } from './SuppliersPage';
import { SUPPLIER_LOAD_TEXTS, SUPPLIER_ON_ROUTE } from './supplierOnRoute';
import { selectSupplierProducts, supplierProductsActions } from './supplierProductsSlice';
import { selectSupplierPurchaseOrders, supplierPurchaseOrdersActions } from './supplierPurchaseOrdersSlice';
import { deleteSupplierRequested, restoreSupplierRequested, selectSupplierSaving } from './suppliersSlice';

const PRODUCT_COLUMNS: DataTableColumn<ProductSupplier>[] = [
  {
    key: 'product',
    header: 'Product',
    sticky: true,
    cell: (link) => (
      <Link to={`/product-detail/${link.product._id}`} className="font-medium text-brand-700 underline-offset-2 hover:underline">
        {link.product.name}
      </Link>
    ),
  },
  { key: 'sku', header: 'SKU', cell: (link) => <span className="whitespace-nowrap">{link.product.sku}</span> },
  { key: 'partNumber', header: 'Their part number', cell: (link) => link.partNumber || '—' },
  { key: 'packSize', header: 'Pack size', cell: (link) => link.packSize },
  { key: 'lastCost', header: 'Last cost', cell: (link) => (link.lastCost === null ? '—' : formatMoney(link.lastCost)) },
  { key: 'preferred', header: 'Preferred', cell: (link) => (link.preferred ? <Badge tone="success">Preferred</Badge> : null) },
];

const purchaseOrderColumns = (seesCosts: boolean): DataTableColumn<PurchaseOrder>[] => [
  {
    key: 'number',
    header: 'Number',
    sticky: true,
    cell: (order) => (
      <Link to={`/purchase-orders/${order._id}`} className="whitespace-nowrap font-medium text-brand-700 underline-offset-2 hover:underline">
        {order.reference}
      </Link>
    ),
  },
  { key: 'status', header: 'Status', cell: (order) => <PurchaseStatusBadge status={order.status} /> },
  { key: 'expected', header: 'Expected', cell: (order) => <span className="whitespace-nowrap">{order.expectedDate ? dayText(order.expectedDate) : '—'}</span> },
  ...(seesCosts ? [{ key: 'total', header: 'Total', cell: (order: PurchaseOrder) => (order.total == null ? '—' : formatMoney(order.total)) }] : []),
];

/** The supplier's purchase orders, newest first, a page at a time (for the roles that see purchase orders). */
function SupplierPurchaseOrdersCard({ supplier }: { supplier: Supplier }) {
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectSupplierPurchaseOrders);
  const seesCosts = useAppSelector(selectOffers('cost:read'));
  useEffect(() => {
    dispatch(supplierPurchaseOrdersActions.filterChanged({ key: 'supplier', value: supplier._id }));
  }, [dispatch, supplier._id]);
  const rows = useMemo(
    () => pagedRows(list.items, list.page, list.query.limit, list.total, list.next !== null),
    [list.items, list.page, list.query.limit, list.total, list.next],
  );
  const columns = useMemo(() => purchaseOrderColumns(seesCosts), [seesCosts]);
  const shown = list.query.filters.supplier === supplier._id;
  return (
    <Card>
      <section aria-labelledby="supplier-purchase-orders-heading" className="flex flex-col gap-4">
        <h2 id="supplier-purchase-orders-heading" className="m-0 text-2xl font-semibold text-ink">
          Purchase orders
        </h2>
        {list.status === 'failed' ? (
          <ErrorState message={list.message ?? ''} onRetry={() => dispatch(supplierPurchaseOrdersActions.reloadRequested())} />
        ) : (
          <DataTable
            columns={columns}
            rows={shown ? rows : []}
            getRowId={(order) => order._id}
            loading={!shown || list.status === 'idle' || list.status === 'loading'}
            emptyMessage="No purchase orders to this supplier yet."
            pageSize={list.query.limit}
            pageLinks={PAGE_LINKS}
            page={list.page}
            onPageChange={(page) => dispatch(supplierPurchaseOrdersActions.pageRequested({ page }))}
            caption={`Purchase orders to ${supplier.name}`}
          />
        )}
      </section>
    </Card>
  );
}

/** Text kept as typed: an address or notes keep their lines. */
const Lines = ({ text }: { text: string }) => <span className="whitespace-pre-line">{text || '—'}</span>;

/** The products that name the supplier, the links made last first, a page at a time. */
function SupplierProductsCard({ supplier }: { supplier: Supplier }) {
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectSupplierProducts);
  useEffect(() => {
    dispatch(supplierProductsActions.filterChanged({ key: 'supplier', value: supplier._id }));
  }, [dispatch, supplier._id]);
  const rows = useMemo(
    () => pagedRows(list.items, list.page, list.query.limit, list.total, list.next !== null),
    [list.items, list.page, list.query.limit, list.total, list.next],
  );
  const count = supplier.products ?? 0;
  const shown = list.query.filters.supplier === supplier._id;
  return (
    <Card>
      <section aria-labelledby="supplier-products-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="supplier-products-heading" className="m-0 text-2xl font-semibold text-ink">
            Products
          </h2>
          <p className="m-0 text-ink">{count === 1 ? '1 product' : `${count.toLocaleString('en-US')} products`}</p>
        </div>
        {list.status === 'failed' ? (
          <ErrorState message={list.message ?? ''} onRetry={() => dispatch(supplierProductsActions.reloadRequested())} />
        ) : (
          <DataTable
            columns={PRODUCT_COLUMNS}
            rows={shown ? rows : []}
            getRowId={(link) => link.product._id}
            loading={!shown || list.status === 'idle' || list.status === 'loading'}
            emptyMessage="No products yet: add this supplier on a product's page."
            pageSize={list.query.limit}
            pageLinks={PAGE_LINKS}
            page={list.page}
            onPageChange={(page) => dispatch(supplierProductsActions.pageRequested({ page }))}
            caption={`Products of ${supplier.name}`}
          />
        )}
      </section>
    </Card>
  );
}

/**
 * /suppliers/:id: the supplier (their fields, who added and last changed them, archived or not), the products they
 * supply with their part numbers, pack sizes and last costs, their purchase orders (number, status, expected date and
 * total, each a link; to the roles that see purchase orders, the total to those that see costs), Edit, and Delete, whose dialog says what will happen: a
 * supplier no product names is deleted, one that products name archived (the contract's supplierRemoval). An archived
 * supplier can be restored.
 */
export function SupplierDetailPage() {
  usePageTitle('Supplier Detail');
  const dispatch = useAppDispatch();
  const { id, item: supplier, status, message, reload } = useRouteItem(SUPPLIER_ON_ROUTE);
  const mayEdit = useAppSelector(selectOffers('suppliers:update'));
  const mayDelete = useAppSelector(selectOffers('suppliers:delete'));
  const saving = useAppSelector(selectSupplierSaving);
  const seesPurchaseOrders = useAppSelector(selectCan('purchasing:receive'));
  const [confirming, setConfirming] = useState(false);
  const products = supplier?.products ?? 0;
  const removal = supplierRemoval(products);

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Supplier Detail"
        actions={
          supplier ? (
            <>
              <Link to="/suppliers" className={buttonVariants({ variant: 'secondary' })}>
                Back to the suppliers
              </Link>
              {mayDelete && supplier.archivedAt ? (
                <Button variant="secondary" onClick={() => dispatch(restoreSupplierRequested(supplier._id))}>
                  Restore
                </Button>
              ) : null}
              {mayDelete && (!supplier.archivedAt || removal === 'delete') ? (
                <Button variant="danger" onClick={() => setConfirming(true)}>
                  {removal === 'delete' ? 'Delete' : 'Archive'}
                </Button>
              ) : null}
              {mayEdit ? (
                <Link to={`/edit-supplier/${id}`} className={buttonVariants({ variant: 'primary' })}>
                  Edit Supplier
                </Link>
              ) : null}
            </>
          ) : null
        }
      />
      {supplier ? (
        <>
          <Card>
            <div className="flex flex-col gap-4">
              {supplier.archivedAt ? (
                <p className="m-0 flex flex-wrap items-center gap-2 text-ink">
                  <Badge tone="neutral">Archived</Badge>
                  <span className="text-ink-muted">Since {formatDateTime(supplier.archivedAt)}: hidden from the list and from new links, kept on their products.</span>
                </p>
              ) : null}
              <dl className="m-0 flex flex-col">
                <Fact label="Name">{supplier.name}</Fact>
                <Fact label="Contact">{supplier.contact || '—'}</Fact>
                <Fact label="Email">
                  {supplier.email ? (
                    <a href={`mailto:${supplier.email}`} className="break-all text-brand-700 underline">
                      {supplier.email}
                    </a>
                  ) : (
                    '—'
                  )}
                </Fact>
                <Fact label="Phone">
                  {supplier.phone ? (
                    <a href={`tel:${supplier.phone.replace(/[^\d+]/g, '')}`} className="text-brand-700 underline">
                      {supplier.phone}
                    </a>
                  ) : (
                    '—'
                  )}
                </Fact>
                <Fact label="Address">
                  <Lines text={supplier.address} />
                </Fact>
                <Fact label="Lead time">{leadTimeText(supplier.leadTimeDays)}</Fact>
                <Fact label="Notes">
                  <Lines text={supplier.notes} />
                </Fact>
                <Fact label="Added">{formatDateTime(supplier.createdAt)}</Fact>
                <AuditFacts createdBy={supplier.createdBy} updatedBy={supplier.updatedBy} />
              </dl>
            </div>
          </Card>
          <SupplierProductsCard supplier={supplier} />
          {seesPurchaseOrders ? <SupplierPurchaseOrdersCard supplier={supplier} /> : null}
          <ConfirmDialog
            open={confirming}
            title={removal === 'delete' ? MESSAGES.deleteSupplierTitle : MESSAGES.archiveSupplierTitle}
            message={`${supplier.name}: ${removal === 'delete' ? MESSAGES.deleteSupplierMessage : MESSAGES.archiveSupplierMessage(products)}`}
            confirmLabel={removal === 'delete' ? 'Delete' : 'Archive'}
            cancelLabel="Keep the supplier"
            tone="danger"
            confirming={saving}
            onConfirm={() => {
              dispatch(deleteSupplierRequested(supplier._id));
              setConfirming(false);
            }}
            onCancel={() => setConfirming(false)}
          />
        </>
      ) : (
        <ItemLoadState {...SUPPLIER_LOAD_TEXTS} status={status} message={message} onRetry={reload} />
      )}
    </div>
  );
}
