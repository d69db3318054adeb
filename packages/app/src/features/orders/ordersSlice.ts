import type { Order } from '@inventory/contract';
import { createCatalogueSlice, type CatalogueState } from '../../catalogue/catalogueSlice';
import type { ItemFormValues } from '../../catalogue/itemForm';

export interface OrderUpdate {
  id: string;
  values: ItemFormValues;
}

/** The order slice: the catalogue slice under `orders`; a delete removes the row locally. */
const ordersSlice = createCatalogueSlice<Order, ItemFormValues, OrderUpdate>()({
  name: 'orders',
  itemKey: 'order',
  deleteRemovesRow: true,
});

export type OrdersState = CatalogueState<Order, 'orders', 'order'>;

export const initialOrdersState: OrdersState = ordersSlice.initialState;

export const {
  listRequested: getOrdersRequested,
  itemRequested: getOrderRequested,
  createRequested: createOrderRequested,
  updateRequested: updateOrderRequested,
  deleteRequested: deleteOrderRequested,
  listReceived: ordersReceived,
  listLoadFailed: ordersLoadFailed,
  itemReceived: orderReceived,
  itemNotFound: orderNotFound,
  itemLoadFailed: orderLoadFailed,
  created: orderCreated,
  updated: orderUpdated,
  deleted: orderDeleted,
  changeFailed: ordersRequestFailed,
} = ordersSlice.actions;

export const ordersReducer = ordersSlice.reducer;
