import { useCallback } from 'react';
import { type SupplierFields, supplierValues } from '@inventory/contract/rules';
import { PageHeader } from '@inventory/ui';
import { ItemLoadState } from '../../catalogue/ItemLoadState';
import { useRouteItem } from '../../catalogue/useRouteItem';
import { RequirePermission } from '../../membership/RequirePermission';
import { usePageTitle } from '../../page/usePageTitle';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { SUPPLIER_LOAD_TEXTS, SUPPLIER_ON_ROUTE } from './supplierOnRoute';
import { SupplierForm } from './SupplierForm';
import { selectSupplierSaving, updateSupplierRequested } from './suppliersSlice';

/**
 * /edit-supplier/:id: loads the supplier (and their ETag), then the form; saving opens their page with 'Supplier
 * updated successfully'. A failed save keeps the input (a name another supplier has shows under Name).
 */
export function EditSupplierPage() {
  usePageTitle('Edit Supplier');
  const dispatch = useAppDispatch();
  const { id, item: supplier, status, message, reload } = useRouteItem(SUPPLIER_ON_ROUTE);
  const saving = useAppSelector(selectSupplierSaving);
  const onSubmit = useCallback((values: SupplierFields) => dispatch(updateSupplierRequested({ id, values })), [dispatch, id]);
  return (
    <div>
      <PageHeader title="Edit Supplier" />
      <RequirePermission permission="suppliers:update" backHref="/suppliers" backLabel="Back to the suppliers">
        {supplier ? (
          <SupplierForm key={supplier._id} initialValues={supplierValues(supplier)} saving={saving} submitLabel="Save Supplier" onSubmit={onSubmit} />
        ) : (
          <ItemLoadState {...SUPPLIER_LOAD_TEXTS} status={status} message={message} onRetry={reload} />
        )}
      </RequirePermission>
    </div>
  );
}
