import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { OrderInvoiceBasis, OrderInvoicing } from '@inventory/contract/rules';

/** What of the shown order is invoiced (0044), and the draft being made of it. */
export interface OrderInvoicingState {
  orderId: string | null;
  invoicing: OrderInvoicing | null;
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  making: OrderInvoiceBasis | null;
}

export const initialOrderInvoicingState: OrderInvoicingState = { orderId: null, invoicing: null, status: 'idle', making: null };

const slice = createSlice({
  name: 'orderInvoicing',
  initialState: initialOrderInvoicingState,
  reducers: {
    orderInvoicingRequested(state, action: PayloadAction<string>) {
      if (state.orderId !== action.payload) state.invoicing = null;
      state.orderId = action.payload;
      state.status = 'loading';
    },
    orderInvoicingReceived(state, action: PayloadAction<{ orderId: string; invoicing: OrderInvoicing }>) {
      if (action.payload.orderId !== state.orderId) return;
      state.invoicing = action.payload.invoicing;
      state.status = 'loaded';
    },
    orderInvoicingFailed(state, _action: PayloadAction<string>) {
      state.status = 'failed';
    },
    orderInvoiceRequested(state, action: PayloadAction<{ orderId: string; basis: OrderInvoiceBasis }>) {
      state.making = action.payload.basis;
    },
    orderInvoiceSettled(state) {
      state.making = null;
    },
  },
});

export const { orderInvoicingRequested, orderInvoicingReceived, orderInvoicingFailed, orderInvoiceRequested, orderInvoiceSettled } = slice.actions;
export const orderInvoicingReducer = slice.reducer;
export const selectOrderInvoicing = (state: { orderInvoicing: OrderInvoicingState }) => state.orderInvoicing;
