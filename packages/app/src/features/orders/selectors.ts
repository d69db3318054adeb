import type { OrdersState } from './ordersSlice';

/** Each selector reads only the orders slice, so it needs no more of the store's shape than that. */
type WithOrders = { orders: OrdersState };

export const selectOrder = (state: WithOrders) => state.orders.order;
export const selectOrderItemStatus = (state: WithOrders) => state.orders.itemStatus;
export const selectOrderSaving = (state: WithOrders) => state.orders.saving;
export const selectOrdersMessage = (state: WithOrders) => state.orders.message;
