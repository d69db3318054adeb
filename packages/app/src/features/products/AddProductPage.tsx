import { useCallback } from 'react';
import { PageHeader } from '@inventory/ui';
import { RequirePermission } from '../../membership/RequirePermission';
import { selectCan } from '../../membership/selectors';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { usePageTitle } from '../../page/usePageTitle';
import { EMPTY_ITEM_VALUES } from '../../catalogue/itemForm';
import { ProductForm } from './ProductForm';
import { createProductRequested, type ProductSubmission } from './productsSlice';
import { selectProductSaving } from './selectors';

/**
 * /add-product: the product form; saving goes to /dashboard with 'Product added successfully'. A role that may not add
 * sees why instead.
 */
export function AddProductPage() {
  usePageTitle('Add Product');
  const dispatch = useAppDispatch();
  const saving = useAppSelector(selectProductSaving);
  const withCost = useAppSelector(selectCan('cost:update'));
  const onSubmit = useCallback(
    (submission: ProductSubmission) => dispatch(createProductRequested(submission)),
    [dispatch],
  );
  return (
    <div>
      <PageHeader title="Add Product" />
      <RequirePermission permission="catalogue:create">
        <ProductForm
          initialValues={EMPTY_ITEM_VALUES}
          initialDescription=""
          withSku
          withCost={withCost}
          saving={saving}
          onSubmit={onSubmit}
        />
      </RequirePermission>
    </div>
  );
}
