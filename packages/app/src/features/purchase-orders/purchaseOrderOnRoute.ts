import { PURCHASE_MESSAGES } from '@inventory/contract/rules';
import {
  purchaseOrderRequested,
  selectPurchaseOrder,
  selectPurchaseOrderMessage,
  selectPurchaseOrderStatus,
} from './purchaseOrdersSlice';

/** The purchase order named by /purchase-orders/:id, its edit and its receiving screen, for `useRouteItem`. */
export const PURCHASE_ORDER_ON_ROUTE = {
  requested: purchaseOrderRequested,
  selectItem: selectPurchaseOrder,
  selectStatus: selectPurchaseOrderStatus,
  selectMessage: selectPurchaseOrderMessage,
};

/** What those screens say until the order is there (ItemLoadState). */
export const PURCHASE_ORDER_LOAD_TEXTS = {
  loadingLabel: 'Loading purchase order',
  notFoundText: PURCHASE_MESSAGES.notFound,
  backHref: '/purchase-orders',
  backLabel: 'Back to the purchase orders',
};
