import { MESSAGES } from '@inventory/contract/rules';
import { getCustomerRequested, selectCustomer, selectCustomerItemStatus, selectCustomersMessage } from './customersSlice';

/** The customer named by /customers/:id and /edit-customer/:id, for `useRouteItem`. */
export const CUSTOMER_ON_ROUTE = {
  requested: getCustomerRequested,
  selectItem: selectCustomer,
  selectStatus: selectCustomerItemStatus,
  selectMessage: selectCustomersMessage,
};

/** What those screens say until the customer is there (ItemLoadState). */
export const CUSTOMER_LOAD_TEXTS = {
  loadingLabel: 'Loading customer',
  notFoundText: MESSAGES.customerNotFound,
  backHref: '/customers',
  backLabel: 'Back to the customers',
};
