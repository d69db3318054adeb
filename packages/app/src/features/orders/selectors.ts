import { createSelector } from '@reduxjs/toolkit';
import { filterItems } from '../../catalogue/filterItems';
import type { OrdersState } from './ordersSlice';

/** Each selector reads only the orders slice, so it needs no more of the store's shape than that. */
type WithOrders = { orders: OrdersState };

export const selectOrders = (state: WithOrders) => state.orders.orders;
export const selectOrder = (state: WithOrders) => state.orders.order;
export const selectOrdersListStatus = (state: WithOrders) => state.orders.listStatus;
export const selectOrderItemStatus = (state: WithOrders) => state.orders.itemStatus;
export const selectOrderSaving = (state: WithOrders) => state.orders.saving;
export const selectOrdersMessage = (state: WithOrders) => state.orders.message;

/** The orders table's rows for a search text: name or category, ignoring case. */
export const selectFilteredOrders = createSelector(
  [selectOrders, (_state: WithOrders, search: string) => search],
  (orders, search) => filterItems(orders, search),
);
