import { useCallback, useState } from 'react';
import { PURCHASE_MESSAGES, PURCHASE_ORDER_STATUS_LABELS, purchaseOrderEditable, type PurchaseOrder } from '@inventory/contract/rules';
import { Card, PageHeader } from '@inventory/ui';
import { Link } from 'react-router-dom';
import { ItemLoadState } from '../../catalogue/ItemLoadState';
import { useRouteItem } from '../../catalogue/useRouteItem';
import { RequirePermission } from '../../membership/RequirePermission';
import { usePageTitle } from '../../page/usePageTitle';
import { useAppDispatch } from '../../store/hooks';
import { PurchaseOrderForm } from './PurchaseOrderForm';
import { purchaseFormLinesOf } from './purchaseOrderLinesForm';
import { PURCHASE_ORDER_LOAD_TEXTS, PURCHASE_ORDER_ON_ROUTE } from './purchaseOrderOnRoute';
import type { PurchaseOrderBody } from './purchaseOrdersApi';
import { purchaseOrderUpdateRequested } from './purchaseOrdersSlice';

function EditableDraft({ order }: { order: PurchaseOrder }) {
  const dispatch = useAppDispatch();
  const [initial] = useState(() => ({
    supplier: { _id: order.supplier._id, name: order.supplier.name },
    expectedDate: order.expectedDate ?? '',
    notes: order.notes,
    lines: purchaseFormLinesOf(order),
  }));
  const onSubmit = useCallback(
    (body: PurchaseOrderBody) => dispatch(purchaseOrderUpdateRequested({ id: order._id, body })),
    [dispatch, order._id],
  );
  return <PurchaseOrderForm initial={initial} submitLabel="Save draft" onSubmit={onSubmit} />;
}

/**
 * /edit-purchase-order/:id: a draft's supplier, date, notes and lines (what was sent to a supplier stays as sent: a
 * sent order says so instead, with a link back to it).
 */
export function EditPurchaseOrderPage() {
  usePageTitle('Edit Purchase Order');
  const { item: order, status, message, reload } = useRouteItem(PURCHASE_ORDER_ON_ROUTE);
  return (
    <div>
      <PageHeader title="Edit Purchase Order" />
      <RequirePermission permission="purchasing:manage" backHref="/purchase-orders" backLabel="Back to the purchase orders">
        {!order ? (
          <ItemLoadState {...PURCHASE_ORDER_LOAD_TEXTS} status={status} message={message} onRetry={reload} />
        ) : purchaseOrderEditable(order.status) ? (
          <EditableDraft order={order} />
        ) : (
          <Card>
            <p className="m-0 text-ink">
              {PURCHASE_MESSAGES.notEditable(PURCHASE_ORDER_STATUS_LABELS[order.status].toLowerCase())}{' '}
              <Link to={`/purchase-orders/${order._id}`} className="font-medium text-brand-600 underline">
                View {order.reference}
              </Link>
            </p>
          </Card>
        )}
      </RequirePermission>
    </div>
  );
}
