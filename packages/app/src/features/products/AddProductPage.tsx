import { useCallback } from 'react';
import { PageHeader } from '@inventory/ui';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { usePageTitle } from '../../page/usePageTitle';
import { EMPTY_ITEM_VALUES } from '../../catalogue/itemForm';
import { ProductForm } from './ProductForm';
import { createProductRequested, type ProductSubmission } from './productsSlice';
import { selectProductSaving } from './selectors';

/** /add-product: the product form; saving goes to /dashboard with 'Product added successfully'. */
export function AddProductPage() {
  usePageTitle('Add Product');
  const dispatch = useAppDispatch();
  const saving = useAppSelector(selectProductSaving);
  const onSubmit = useCallback(
    (submission: ProductSubmission) => dispatch(createProductRequested(submission)),
    [dispatch],
  );
  return (
    <div>
      <PageHeader title="Add Product" />
      <ProductForm initialValues={EMPTY_ITEM_VALUES} initialDescription="" saving={saving} onSubmit={onSubmit} />
    </div>
  );
}
