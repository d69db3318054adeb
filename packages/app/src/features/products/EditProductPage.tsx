import { useCallback } from 'react';
import { hasImage } from '@inventory/contract/rules';
import { PageHeader } from '@inventory/ui';
import { useLocation } from 'react-router-dom';
import { toItemFormValues } from '../../catalogue/itemForm';
import { ItemLoadState } from '../../catalogue/ItemLoadState';
import { useRouteItem } from '../../catalogue/useRouteItem';
import { usePageTitle } from '../../page/usePageTitle';
import { RequirePermission } from '../../membership/RequirePermission';
import { selectCan } from '../../membership/selectors';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { apiAssetUrl } from './apiAssetUrl';
import { PRODUCT_LOAD_TEXTS, PRODUCT_ON_ROUTE } from './productOnRoute';
import { ProductForm } from './ProductForm';
import { updateProductRequested, type ProductSubmission } from './productsSlice';
import { selectProductSaving } from './selectors';

/**
 * /edit-product/:id: loads the product (and its ETag) first, then the same form as /add-product. A failed save
 * (e.g. 409, changed meanwhile) toasts the server's message and the form keeps what the user typed. Saved, it goes back
 * to where the edit link was followed from (its `state.from`), else to the product. A role that may not edit sees why.
 */
export function EditProductPage() {
  usePageTitle('Edit Product');
  const dispatch = useAppDispatch();
  const { id, item: product, status, message, reload } = useRouteItem(PRODUCT_ON_ROUTE);
  const saving = useAppSelector(selectProductSaving);
  // Only a role that may set the cost gets its field (its answers carry the cost to start from).
  const withCost = useAppSelector(selectCan('cost:update'));
  const returnTo = (useLocation().state as { from?: unknown } | null)?.from;
  const onSubmit = useCallback(
    (submission: ProductSubmission) =>
      dispatch(updateProductRequested({ id, ...submission, ...(typeof returnTo === 'string' ? { returnTo } : {}) })),
    [dispatch, id, returnTo],
  );

  return (
    <div>
      <PageHeader title="Edit Product" />
      <RequirePermission permission="catalogue:update">
        {product ? (
          <ProductForm
            // The form takes the product once; later changes to the store (a failed save) never reset what was typed.
            key={product._id}
            initialValues={toItemFormValues(product)}
            initialDescription={product.description}
            initialReorderPoint={product.reorderPoint == null ? '' : String(product.reorderPoint)}
            initialImageUrl={hasImage(product.image) ? apiAssetUrl(product.image.filePath) : null}
            initialCodes={{ barcode: product.barcode ?? '', mpn: product.mpn ?? '' }}
            withCost={withCost && product.cost !== undefined}
            initialCost={product.cost == null ? '' : String(product.cost)}
            saving={saving}
            onSubmit={onSubmit}
          />
        ) : (
          <ItemLoadState {...PRODUCT_LOAD_TEXTS} status={status} message={message} onRetry={reload} />
        )}
      </RequirePermission>
    </div>
  );
}
