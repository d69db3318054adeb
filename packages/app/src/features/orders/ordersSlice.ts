import type { Order, OrderStatus } from '@inventory/contract/rules';
import { createCatalogueSlice, type CatalogueState } from '../../catalogue/catalogueSlice';
import type { ItemFormValues } from '../../catalogue/itemForm';

/** What the order form sends: the four item fields, the catalogue product and the customer (null: none) and, on an edit, the status. */
export interface OrderFormValues extends ItemFormValues {
  productId?: string | null;
  /** The order's customer; null: none. */
  customerId?: string | null;
  status?: OrderStatus;
}

export interface OrderUpdate {
  id: string;
  values: OrderFormValues;
}

/** The order slice: the catalogue slice under `orders`, the shown order under `order`. */
const ordersSlice = createCatalogueSlice<Order, OrderFormValues, OrderUpdate>()({
  name: 'orders',
  itemKey: 'order',
});

export type OrdersState = CatalogueState<Order, 'order'>;

export const initialOrdersState: OrdersState = ordersSlice.initialState;

export const {
  itemRequested: getOrderRequested,
  createRequested: createOrderRequested,
  updateRequested: updateOrderRequested,
  deleteRequested: deleteOrderRequested,
  itemReceived: orderReceived,
  itemNotFound: orderNotFound,
  itemLoadFailed: orderLoadFailed,
  created: orderCreated,
  updated: orderUpdated,
  deleted: orderDeleted,
  changeFailed: ordersRequestFailed,
} = ordersSlice.actions;

export const ordersReducer = ordersSlice.reducer;
