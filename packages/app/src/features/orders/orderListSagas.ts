import type { Order, Page } from '@inventory/contract/rules';
import { apiClient } from '../../api/client';
import { pagedListSaga } from '../../catalogue/pagedListSaga';
import { activeStoreChanged } from '../../membership/membershipSlice';
import { orderListActions, orderListName, selectOrderList, type OrderFilters } from './orderListSlice';
import { orderCreated, orderDeleted, orderUpdated } from './ordersSlice';

/** One page of orders (`GET /api/orders?limit=…`). Only sagas call this. */
export async function getOrderPage(params: Record<string, string | number>, signal: AbortSignal): Promise<Page<Order>> {
  return (await apiClient.get<Page<Order>>('/api/orders', { params, signal })).data;
}

/** The orders table, a page at a time from the server; it reloads its page after a create, an edit or a delete. */
export const watchOrderList = pagedListSaga<Order, OrderFilters>({
  name: orderListName,
  actions: orderListActions,
  selectState: selectOrderList,
  getPage: getOrderPage,
  reloadOn: [orderCreated.type, orderUpdated.type, orderDeleted.type, activeStoreChanged.type],
});
