import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Order } from '@inventory/contract';
import type { Versioned } from '../items/api';
import type { ItemFormValues } from '../items/itemForm';
import {
  initialRequestFlags,
  requestFailed,
  requestStarted,
  requestSucceeded,
  type ItemStatus,
  type ListStatus,
  type RequestFlags,
} from '../items/itemStatus';

export interface OrdersState extends RequestFlags {
  orders: Order[];
  /** The order of the detail or edit screen (loaded by its id). */
  order: Order | null;
  /** The ETag of `order` from its GET, sent back as If-Match. */
  etag: string | null;
  listStatus: ListStatus;
  itemStatus: ItemStatus;
  saving: boolean;
}

export const initialOrdersState: OrdersState = {
  ...initialRequestFlags,
  orders: [],
  order: null,
  etag: null,
  listStatus: 'idle',
  itemStatus: 'idle',
  saving: false,
};

export interface OrderUpdate {
  id: string;
  values: ItemFormValues;
}

/**
 * The order slice (SPEC.md §3-§4, DESIGN.md §5). Create appends, get-all replaces, get-one sets the item, delete
 * removes the row locally, update toasts and goes to /orders.
 */
const ordersSlice = createSlice({
  name: 'orders',
  initialState: initialOrdersState,
  reducers: {
    getOrdersRequested(state) {
      requestStarted(state);
      state.listStatus = 'loading';
    },
    getOrderRequested(state, action: PayloadAction<string>) {
      requestStarted(state);
      state.itemStatus = 'loading';
      if (state.order?._id !== action.payload) {
        state.order = null;
        state.etag = null;
      }
    },
    createOrderRequested(state, _action: PayloadAction<ItemFormValues>) {
      requestStarted(state);
      state.saving = true;
    },
    updateOrderRequested(state, _action: PayloadAction<OrderUpdate>) {
      requestStarted(state);
      state.saving = true;
    },
    deleteOrderRequested: (state, _action: PayloadAction<string>) => requestStarted(state),

    ordersReceived(state, action: PayloadAction<Order[]>) {
      requestSucceeded(state);
      state.orders = action.payload;
      state.listStatus = 'loaded';
    },
    ordersLoadFailed(state, action: PayloadAction<string>) {
      requestFailed(state, action.payload);
      state.listStatus = 'failed';
    },
    orderReceived(state, action: PayloadAction<Versioned<Order>>) {
      requestSucceeded(state);
      state.order = action.payload.item;
      state.etag = action.payload.etag;
      state.itemStatus = 'loaded';
    },
    orderNotFound(state, action: PayloadAction<string>) {
      requestFailed(state, action.payload);
      state.order = null;
      state.etag = null;
      state.itemStatus = 'notFound';
    },
    orderLoadFailed(state, action: PayloadAction<string>) {
      requestFailed(state, action.payload);
      state.itemStatus = 'failed';
    },
    orderCreated(state, action: PayloadAction<Order>) {
      requestSucceeded(state);
      state.saving = false;
      state.orders.push(action.payload);
    },
    orderUpdated(state, action: PayloadAction<Versioned<Order>>) {
      requestSucceeded(state);
      state.saving = false;
      state.order = action.payload.item;
      state.etag = action.payload.etag;
      state.orders = state.orders.map((o) => (o._id === action.payload.item._id ? action.payload.item : o));
    },
    orderDeleted(state, action: PayloadAction<string>) {
      requestSucceeded(state);
      state.orders = state.orders.filter((o) => o._id !== action.payload);
      if (state.order?._id === action.payload) state.order = null;
    },
    ordersRequestFailed(state, action: PayloadAction<string>) {
      requestFailed(state, action.payload);
      state.saving = false;
    },
  },
});

export const {
  getOrdersRequested,
  getOrderRequested,
  createOrderRequested,
  updateOrderRequested,
  deleteOrderRequested,
  ordersReceived,
  ordersLoadFailed,
  orderReceived,
  orderNotFound,
  orderLoadFailed,
  orderCreated,
  orderUpdated,
  orderDeleted,
  ordersRequestFailed,
} = ordersSlice.actions;

export const ordersReducer = ordersSlice.reducer;
