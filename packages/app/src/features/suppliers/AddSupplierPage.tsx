import { useCallback } from 'react';
import { EMPTY_SUPPLIER_FIELDS, type SupplierFields } from '@inventory/contract/rules';
import { PageHeader } from '@inventory/ui';
import { RequirePermission } from '../../membership/RequirePermission';
import { usePageTitle } from '../../page/usePageTitle';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { SupplierForm } from './SupplierForm';
import { createSupplierRequested, selectSupplierSaving } from './suppliersSlice';

/** /add-supplier: a new supplier; saving opens their page with 'Supplier added successfully'. */
export function AddSupplierPage() {
  usePageTitle('Add Supplier');
  const dispatch = useAppDispatch();
  const saving = useAppSelector(selectSupplierSaving);
  const onSubmit = useCallback((values: SupplierFields) => dispatch(createSupplierRequested(values)), [dispatch]);
  return (
    <div>
      <PageHeader title="Add Supplier" />
      <RequirePermission permission="suppliers:create" backHref="/suppliers" backLabel="Back to the suppliers">
        <SupplierForm initialValues={EMPTY_SUPPLIER_FIELDS} saving={saving} submitLabel="Save Supplier" onSubmit={onSubmit} />
      </RequirePermission>
    </div>
  );
}
