import type { Order } from '@inventory/contract/rules';
import { createPagedListSlice, type PagedListState } from '../../catalogue/pagedList';

/** The orders table's filter: a status ('' all, 'open', 'fulfilled', 'cancelled'). */
export type OrderFilters = { status: string };

const orderList = createPagedListSlice<Order, OrderFilters>('orderList', { status: '' });

export type OrderListState = PagedListState<Order, OrderFilters>;
export const initialOrderListState = orderList.initialState;
export const orderListName = orderList.name;
export const orderListReducer = orderList.reducer;
export const orderListActions = orderList.actions;

export const selectOrderList = (state: { orderList: OrderListState }) => state.orderList;
