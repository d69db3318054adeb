import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import { filterItems } from '../items/format';

export const selectOrdersState = (state: RootState) => state.orders;
export const selectOrders = (state: RootState) => state.orders.orders;
export const selectOrder = (state: RootState) => state.orders.order;
export const selectOrdersListStatus = (state: RootState) => state.orders.listStatus;
export const selectOrderItemStatus = (state: RootState) => state.orders.itemStatus;
export const selectOrderSaving = (state: RootState) => state.orders.saving;
export const selectOrdersMessage = (state: RootState) => state.orders.message;

/** The orders table's rows for a search text (name or category, ignoring case; DESIGN.md §5). */
export const selectFilteredOrders = createSelector(
  [selectOrders, (_state: RootState, search: string) => search],
  (orders, search) => filterItems(orders, search),
);
