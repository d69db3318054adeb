import { useCallback, useEffect } from 'react';
import { hasImage, MESSAGES } from '@inventory/contract';
import { PageHeader } from '@inventory/ui';
import { useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { usePageTitle } from '../../app/usePageTitle';
import { apiAssetUrl } from '../items/assets';
import { toItemFormValues } from '../items/itemForm';
import { ItemLoadState } from '../items/ItemLoadState';
import { ProductForm } from './ProductForm';
import { getProductRequested, updateProductRequested, type ProductSubmission } from './productsSlice';
import { selectProduct, selectProductItemStatus, selectProductSaving, selectProductsMessage } from './selectors';

/**
 * /edit-product/:id: loads the product (and its ETag) first, then the same form as /add-product. A failed save
 * (e.g. 409, changed meanwhile) toasts the server's message and the form keeps what the user typed.
 */
export function EditProductPage() {
  usePageTitle('Edit Product');
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const product = useAppSelector(selectProduct);
  const status = useAppSelector(selectProductItemStatus);
  const message = useAppSelector(selectProductsMessage);
  const saving = useAppSelector(selectProductSaving);

  const load = useCallback(() => dispatch(getProductRequested(id)), [dispatch, id]);
  useEffect(() => {
    load();
  }, [load]);
  const onSubmit = useCallback(
    (submission: ProductSubmission) => dispatch(updateProductRequested({ id, ...submission })),
    [dispatch, id],
  );

  const ready = status === 'loaded' && product?._id === id;
  return (
    <div>
      <PageHeader title="Edit Product" />
      {ready ? (
        <ProductForm
          // The form takes the product once; later changes to the store (a failed save) never reset what was typed.
          key={product._id}
          initialValues={toItemFormValues(product)}
          initialDescription={product.description}
          initialImageUrl={hasImage(product.image) ? apiAssetUrl(product.image.filePath) : null}
          saving={saving}
          onSubmit={onSubmit}
        />
      ) : (
        <ItemLoadState
          status={status === 'loaded' ? 'loading' : status}
          loadingLabel="Loading product"
          notFoundText={MESSAGES.productNotFound}
          message={message}
          onRetry={load}
          backHref="/dashboard"
          backLabel="Back to the dashboard"
        />
      )}
    </div>
  );
}
