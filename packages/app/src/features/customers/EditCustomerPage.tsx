import { useCallback } from 'react';
import { customerValues, type CustomerFields } from '@inventory/contract/rules';
import { PageHeader } from '@inventory/ui';
import { ItemLoadState } from '../../catalogue/ItemLoadState';
import { useRouteItem } from '../../catalogue/useRouteItem';
import { RequirePermission } from '../../membership/RequirePermission';
import { usePageTitle } from '../../page/usePageTitle';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { CUSTOMER_LOAD_TEXTS, CUSTOMER_ON_ROUTE } from './customerOnRoute';
import { CustomerForm } from './CustomerForm';
import { selectCustomerSaving, updateCustomerRequested } from './customersSlice';

/**
 * /edit-customer/:id: loads the customer (and their ETag), then the form; saving opens their page with 'Customer
 * updated successfully'. A failed save keeps the input (a 409 for an edit made meanwhile is toasted, an email another
 * customer has shows under Email).
 */
export function EditCustomerPage() {
  usePageTitle('Edit Customer');
  const dispatch = useAppDispatch();
  const { id, item: customer, status, message, reload } = useRouteItem(CUSTOMER_ON_ROUTE);
  const saving = useAppSelector(selectCustomerSaving);
  const onSubmit = useCallback((values: CustomerFields) => dispatch(updateCustomerRequested({ id, values })), [dispatch, id]);
  return (
    <div>
      <PageHeader title="Edit Customer" />
      <RequirePermission permission="customers:update" backHref="/customers" backLabel="Back to the customers">
        {customer ? (
          <CustomerForm key={customer._id} initialValues={customerValues(customer)} saving={saving} submitLabel="Save Customer" onSubmit={onSubmit} />
        ) : (
          <ItemLoadState {...CUSTOMER_LOAD_TEXTS} status={status} message={message} onRetry={reload} />
        )}
      </RequirePermission>
    </div>
  );
}
