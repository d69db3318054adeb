import { MESSAGES } from '@inventory/contract/rules';
import { getOrderRequested } from './ordersSlice';
import { selectOrder, selectOrderItemStatus, selectOrdersMessage } from './selectors';

/** The order named by /order-detail/:id and /edit-order/:id, for `useRouteItem`. */
export const ORDER_ON_ROUTE = {
  requested: getOrderRequested,
  selectItem: selectOrder,
  selectStatus: selectOrderItemStatus,
  selectMessage: selectOrdersMessage,
};

/** What those screens say until the order is there (ItemLoadState). */
export const ORDER_LOAD_TEXTS = {
  loadingLabel: 'Loading order',
  notFoundText: MESSAGES.orderNotFound,
  backHref: '/orders',
  backLabel: 'Back to the orders',
};
