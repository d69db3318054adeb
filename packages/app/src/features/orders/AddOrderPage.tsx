import { useCallback } from 'react';
import { PageHeader } from '@inventory/ui';
import { RequirePermission } from '../../membership/RequirePermission';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { usePageTitle } from '../../page/usePageTitle';
import { EMPTY_ITEM_VALUES } from '../../catalogue/itemForm';
import { OrderForm } from './OrderForm';
import { createOrderRequested, type OrderFormValues } from './ordersSlice';
import { selectOrderSaving } from './selectors';

/**
 * /add-Order: the Add New Order form (a catalogue product's order takes its stock; too little is the server's 409
 * message as a toast, with everything typed kept); saving goes to /orders with 'Order added successfully'. A role that may not add
 * sees why instead.
 */
export function AddOrderPage() {
  usePageTitle('Add New Order');
  const dispatch = useAppDispatch();
  const saving = useAppSelector(selectOrderSaving);
  const onSubmit = useCallback((values: OrderFormValues) => dispatch(createOrderRequested(values)), [dispatch]);
  return (
    <div>
      <PageHeader title="Add New Order" />
      <RequirePermission permission="catalogue:create" backHref="/orders" backLabel="Back to the orders">
        <OrderForm initialValues={EMPTY_ITEM_VALUES} saving={saving} submitLabel="Save Order" onSubmit={onSubmit} />
      </RequirePermission>
    </div>
  );
}
