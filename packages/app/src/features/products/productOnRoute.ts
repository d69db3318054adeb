import { MESSAGES } from '@inventory/contract/rules';
import { getProductRequested } from './productsSlice';
import { selectProduct, selectProductItemStatus, selectProductsMessage } from './selectors';

/** The product named by /product-detail/:id and /edit-product/:id, for `useRouteItem`. */
export const PRODUCT_ON_ROUTE = {
  requested: getProductRequested,
  selectItem: selectProduct,
  selectStatus: selectProductItemStatus,
  selectMessage: selectProductsMessage,
};

/** What those screens say until the product is there (ItemLoadState). */
export const PRODUCT_LOAD_TEXTS = {
  loadingLabel: 'Loading product',
  notFoundText: MESSAGES.productNotFound,
  backHref: '/dashboard',
  backLabel: 'Back to the dashboard',
};
