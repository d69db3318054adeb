import { useCallback, useState } from 'react';
import { PageHeader } from '@inventory/ui';
import { RequirePermission } from '../../../membership/RequirePermission';
import { usePageTitle } from '../../../page/usePageTitle';
import { useAppDispatch } from '../../../store/hooks';
import { SalesOrderForm } from './SalesOrderForm';
import type { SalesOrderBody } from './salesApi';
import { salesOrderCreateRequested } from './salesSlice';

/**
 * /orders/new: an order of several lines (issue 27). Placing it takes stock for every line or for none: a shortage is
 * the server's 409 naming each short line, as a toast, with everything typed kept; placed, its detail opens with
 * 'Order added successfully'. A role that may not add sees why instead.
 */
export function NewSalesOrderPage() {
  usePageTitle('New Order');
  const dispatch = useAppDispatch();
  const [initialLines] = useState([]);
  const onSubmit = useCallback((body: SalesOrderBody) => dispatch(salesOrderCreateRequested(body)), [dispatch]);
  return (
    <div>
      <PageHeader title="New Order" />
      <RequirePermission permission="catalogue:create" backHref="/orders" backLabel="Back to the orders">
        <SalesOrderForm initialLines={initialLines} submitLabel="Place order" onSubmit={onSubmit} />
      </RequirePermission>
    </div>
  );
}
