import type { Order } from '@inventory/contract/rules';
import { createPagedListSlice, type PagedListState } from '../../catalogue/pagedList';

/** The orders of the customer shown on their page, newest first; `customer` is their id. */
export type CustomerOrderFilters = { customer: string };

const customerOrders = createPagedListSlice<Order, CustomerOrderFilters>('customerOrders', { customer: '' });

export type CustomerOrdersState = PagedListState<Order, CustomerOrderFilters>;
export const initialCustomerOrdersState = customerOrders.initialState;
export const customerOrdersName = customerOrders.name;
export const customerOrdersReducer = customerOrders.reducer;
export const customerOrdersActions = customerOrders.actions;

export const selectCustomerOrders = (state: { customerOrders: CustomerOrdersState }) => state.customerOrders;
