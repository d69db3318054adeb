import { useCallback } from 'react';
import { EMPTY_CUSTOMER_FIELDS, type CustomerFields } from '@inventory/contract/rules';
import { PageHeader } from '@inventory/ui';
import { RequirePermission } from '../../membership/RequirePermission';
import { usePageTitle } from '../../page/usePageTitle';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { CustomerForm } from './CustomerForm';
import { createCustomerRequested, selectCustomerSaving } from './customersSlice';

/** /add-customer: a new customer; saving opens their page with 'Customer added successfully'. */
export function AddCustomerPage() {
  usePageTitle('Add Customer');
  const dispatch = useAppDispatch();
  const saving = useAppSelector(selectCustomerSaving);
  const onSubmit = useCallback((values: CustomerFields) => dispatch(createCustomerRequested(values)), [dispatch]);
  return (
    <div>
      <PageHeader title="Add Customer" />
      <RequirePermission permission="customers:create" backHref="/customers" backLabel="Back to the customers">
        <CustomerForm initialValues={EMPTY_CUSTOMER_FIELDS} saving={saving} submitLabel="Save Customer" onSubmit={onSubmit} />
      </RequirePermission>
    </div>
  );
}
