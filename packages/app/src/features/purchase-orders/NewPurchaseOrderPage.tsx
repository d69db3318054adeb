import { useCallback, useState } from 'react';
import { PageHeader } from '@inventory/ui';
import { RequirePermission } from '../../membership/RequirePermission';
import { usePageTitle } from '../../page/usePageTitle';
import { useAppDispatch } from '../../store/hooks';
import { PurchaseOrderForm, type PurchaseOrderFormValues } from './PurchaseOrderForm';
import type { PurchaseOrderBody } from './purchaseOrdersApi';
import { purchaseOrderCreateRequested } from './purchaseOrdersSlice';

const EMPTY: PurchaseOrderFormValues = { supplier: null, expectedDate: '', notes: '', lines: [] };

/**
 * /purchase-orders/new: a draft purchase order, numbered by the store when saved; its detail then opens, where it is
 * sent. A role that may not buy sees why instead.
 */
export function NewPurchaseOrderPage() {
  usePageTitle('New Purchase Order');
  const dispatch = useAppDispatch();
  const [initial] = useState(EMPTY);
  const onSubmit = useCallback((body: PurchaseOrderBody) => dispatch(purchaseOrderCreateRequested(body)), [dispatch]);
  return (
    <div>
      <PageHeader title="New Purchase Order" />
      <RequirePermission permission="purchasing:manage" backHref="/purchase-orders" backLabel="Back to the purchase orders">
        <PurchaseOrderForm initial={initial} submitLabel="Save draft" onSubmit={onSubmit} />
      </RequirePermission>
    </div>
  );
}
