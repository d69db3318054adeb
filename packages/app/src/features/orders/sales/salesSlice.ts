import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Order, OrderReturn, Shipment } from '@inventory/contract/rules';
import type { Pricing, ReturnBody, SalesOrderBody, ShipmentBody } from './salesApi';

export type SalesLoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** What is being recorded on the shown order: a shipment, a return or its cancelling. */
export type FulfilmentAction = 'shipment' | 'return' | 'cancel';

/**
 * Orders of several lines (issue 27): the store's pricing the order form computes with, the form's save, and the
 * shipments and returns of the order the detail shows, with what is being recorded on it.
 */
export interface SalesState {
  pricing: Pricing | null;
  pricingStatus: SalesLoadStatus;
  pricingMessage: string;
  saving: boolean;
  /** The order whose shipments and returns are held. */
  orderId: string | null;
  shipments: Shipment[];
  returns: OrderReturn[];
  fulfilmentStatus: SalesLoadStatus;
  fulfilmentMessage: string;
  recording: FulfilmentAction | null;
  /** Counts what was recorded, so a dialog closes on the next one. */
  recorded: number;
}

export const initialSalesState: SalesState = {
  pricing: null,
  pricingStatus: 'idle',
  pricingMessage: '',
  saving: false,
  orderId: null,
  shipments: [],
  returns: [],
  fulfilmentStatus: 'idle',
  fulfilmentMessage: '',
  recording: null,
  recorded: 0,
};

const slice = createSlice({
  name: 'sales',
  initialState: initialSalesState,
  reducers: {
    pricingRequested(state) {
      if (state.pricingStatus !== 'loaded') state.pricingStatus = 'loading';
    },
    pricingReceived(state, action: PayloadAction<Pricing>) {
      state.pricing = action.payload;
      state.pricingStatus = 'loaded';
    },
    pricingFailed(state, action: PayloadAction<string>) {
      state.pricingStatus = 'failed';
      state.pricingMessage = action.payload;
    },
    salesOrderCreateRequested(state, _action: PayloadAction<SalesOrderBody>) {
      state.saving = true;
    },
    salesOrderUpdateRequested(state, _action: PayloadAction<{ id: string; body: SalesOrderBody }>) {
      state.saving = true;
    },
    salesOrderSaved(state) {
      state.saving = false;
    },
    salesOrderSaveFailed(state, _action: PayloadAction<string>) {
      state.saving = false;
    },
    fulfilmentRequested(state, action: PayloadAction<string>) {
      if (state.orderId !== action.payload) {
        state.shipments = [];
        state.returns = [];
      }
      state.orderId = action.payload;
      state.fulfilmentStatus = 'loading';
    },
    fulfilmentReceived(
      state,
      action: PayloadAction<{ orderId: string; shipments: Shipment[]; returns: OrderReturn[] }>,
    ) {
      if (state.orderId !== null && action.payload.orderId !== state.orderId) return;
      state.orderId = action.payload.orderId;
      state.shipments = action.payload.shipments;
      state.returns = action.payload.returns;
      state.fulfilmentStatus = 'loaded';
    },
    fulfilmentFailed(state, action: PayloadAction<string>) {
      state.fulfilmentStatus = 'failed';
      state.fulfilmentMessage = action.payload;
    },
    shipmentRequested(state, _action: PayloadAction<{ orderId: string; body: ShipmentBody }>) {
      state.recording = 'shipment';
    },
    returnRequested(state, _action: PayloadAction<{ orderId: string; body: ReturnBody }>) {
      state.recording = 'return';
    },
    cancelRequested(state, _action: PayloadAction<Order>) {
      state.recording = 'cancel';
    },
    fulfilmentRecorded(state) {
      state.recording = null;
      state.recorded += 1;
    },
    fulfilmentRecordFailed(state, _action: PayloadAction<string>) {
      state.recording = null;
    },
  },
});

export const {
  pricingRequested,
  pricingReceived,
  pricingFailed,
  salesOrderCreateRequested,
  salesOrderUpdateRequested,
  salesOrderSaved,
  salesOrderSaveFailed,
  fulfilmentRequested,
  fulfilmentReceived,
  fulfilmentFailed,
  shipmentRequested,
  returnRequested,
  cancelRequested,
  fulfilmentRecorded,
  fulfilmentRecordFailed,
} = slice.actions;

export const salesReducer = slice.reducer;

type WithSales = { sales: SalesState };
export const selectSales = (state: WithSales) => state.sales;
export const selectPricing = (state: WithSales) => state.sales.pricing;
export const selectSalesSaving = (state: WithSales) => state.sales.saving;
