import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PurchaseOrder, Receipt, ReceiptCreated, Supplier } from '@inventory/contract/rules';
import type { ItemStatus } from '../../catalogue/loadStatus';
import type { Versioned } from '../../catalogue/versioned';
import { activeStoreChanged } from '../../membership/membershipSlice';
import type { Currency, PurchaseOrderBody, ReceiptBody } from './purchaseOrdersApi';

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** What is being done to the shown order from its detail: sent, cancelled, mailed or deleted. */
export type PurchaseOrderAction = 'send' | 'cancel' | 'mail' | 'delete';

/**
 * Purchase orders (issue 28): the one order the detail, edit and receiving screens show (with its ETag and receipts),
 * the form's save, the action running on it, the receipt being recorded (and the server's refusal of one), the
 * suppliers the picker and the list's filter offer, and the store's currency the costs are printed in.
 */
export interface PurchaseOrdersState {
  order: PurchaseOrder | null;
  etag: string | null;
  itemStatus: ItemStatus;
  message: string;
  saving: boolean;
  receipts: Receipt[];
  receiptsStatus: LoadStatus;
  acting: PurchaseOrderAction | null;
  receiving: boolean;
  /** Counts the receipts recorded, so the receiving screen starts its counts again after each. */
  receiptsRecorded: number;
  /** The server's refusal of the last receipt (409: more than is outstanding), shown on the receiving screen. */
  receiptRefusal: string | null;
  supplierQuery: string;
  suppliers: Supplier[];
  suppliersStatus: LoadStatus;
  currency: Currency | null;
}

export const initialPurchaseOrdersState: PurchaseOrdersState = {
  order: null,
  etag: null,
  itemStatus: 'idle',
  message: '',
  saving: false,
  receipts: [],
  receiptsStatus: 'idle',
  acting: null,
  receiving: false,
  receiptsRecorded: 0,
  receiptRefusal: null,
  supplierQuery: '',
  suppliers: [],
  suppliersStatus: 'idle',
  currency: null,
};

const slice = createSlice({
  name: 'purchaseOrders',
  initialState: initialPurchaseOrdersState,
  reducers: {
    purchaseOrderRequested(state, action: PayloadAction<string>) {
      state.itemStatus = 'loading';
      if (state.order?._id !== action.payload) {
        state.order = null;
        state.etag = null;
        state.receipts = [];
        state.receiptsStatus = 'idle';
        state.receiptRefusal = null;
      }
    },
    purchaseOrderReceived(state, action: PayloadAction<Versioned<PurchaseOrder>>) {
      state.order = action.payload.item;
      state.etag = action.payload.etag;
      state.itemStatus = 'loaded';
    },
    purchaseOrderNotFound(state, action: PayloadAction<string>) {
      state.order = null;
      state.etag = null;
      state.itemStatus = 'notFound';
      state.message = action.payload;
    },
    purchaseOrderLoadFailed(state, action: PayloadAction<string>) {
      state.itemStatus = 'failed';
      state.message = action.payload;
    },
    purchaseOrderCreateRequested(state, _action: PayloadAction<PurchaseOrderBody>) {
      state.saving = true;
    },
    purchaseOrderUpdateRequested(state, _action: PayloadAction<{ id: string; body: PurchaseOrderBody }>) {
      state.saving = true;
    },
    purchaseOrderSaved(state) {
      state.saving = false;
    },
    purchaseOrderSaveFailed(state, _action: PayloadAction<string>) {
      state.saving = false;
    },
    purchaseOrderStatusRequested(state, action: PayloadAction<{ id: string; status: 'ordered' | 'cancelled' }>) {
      state.acting = action.payload.status === 'ordered' ? 'send' : 'cancel';
    },
    purchaseOrderMailRequested(state, _action: PayloadAction<string>) {
      state.acting = 'mail';
    },
    purchaseOrderDeleteRequested(state, _action: PayloadAction<string>) {
      state.acting = 'delete';
    },
    /** The order as an action left it (its new status and ETag). */
    purchaseOrderUpdated(state, action: PayloadAction<Versioned<PurchaseOrder>>) {
      if (state.order && state.order._id !== action.payload.item._id) return;
      state.order = action.payload.item;
      state.etag = action.payload.etag;
    },
    purchaseOrderDeleted(state, action: PayloadAction<string>) {
      if (state.order?._id === action.payload) {
        state.order = null;
        state.etag = null;
        state.itemStatus = 'idle';
      }
    },
    purchaseOrderActionFinished(state) {
      state.acting = null;
    },
    purchaseOrderActionFailed(state, _action: PayloadAction<string>) {
      state.acting = null;
    },
    receiptsRequested(state, _action: PayloadAction<string>) {
      state.receiptsStatus = 'loading';
    },
    receiptsReceived(state, action: PayloadAction<{ orderId: string; receipts: Receipt[] }>) {
      if (state.order && state.order._id !== action.payload.orderId) return;
      state.receipts = action.payload.receipts;
      state.receiptsStatus = 'loaded';
    },
    receiptsFailed(state, action: PayloadAction<string>) {
      state.receiptsStatus = 'failed';
      state.message = action.payload;
    },
    receiptRequested(state, _action: PayloadAction<{ orderId: string; body: ReceiptBody; key: string }>) {
      state.receiving = true;
      state.receiptRefusal = null;
    },
    receiptRecorded(state, action: PayloadAction<ReceiptCreated>) {
      state.receiving = false;
      state.receiptsRecorded += 1;
      state.order = action.payload.purchaseOrder;
      // The answer carries no ETag: the next action on the order reads it again.
      state.etag = null;
      state.receipts = [...state.receipts, action.payload.receipt];
    },
    receiptRefused(state, action: PayloadAction<string>) {
      state.receiving = false;
      state.receiptRefusal = action.payload;
    },
    receiptFailed(state, _action: PayloadAction<string>) {
      state.receiving = false;
    },
    supplierSearchRequested(state, action: PayloadAction<string>) {
      state.supplierQuery = action.payload;
      state.suppliersStatus = 'loading';
    },
    supplierSearchReceived(state, action: PayloadAction<{ query: string; suppliers: Supplier[] }>) {
      if (action.payload.query !== state.supplierQuery) return;
      state.suppliers = action.payload.suppliers;
      state.suppliersStatus = 'loaded';
    },
    supplierSearchFailed(state, action: PayloadAction<{ query: string; message: string }>) {
      if (action.payload.query !== state.supplierQuery) return;
      state.suppliersStatus = 'failed';
      state.message = action.payload.message;
    },
    currencyRequested() {},
    currencyReceived(state, action: PayloadAction<Currency>) {
      state.currency = action.payload;
    },
  },
  extraReducers: (builder) => {
    // Another store's purchase orders: nothing held belongs to it.
    builder.addCase(activeStoreChanged, () => initialPurchaseOrdersState);
  },
});

export const {
  purchaseOrderRequested,
  purchaseOrderReceived,
  purchaseOrderNotFound,
  purchaseOrderLoadFailed,
  purchaseOrderCreateRequested,
  purchaseOrderUpdateRequested,
  purchaseOrderSaved,
  purchaseOrderSaveFailed,
  purchaseOrderStatusRequested,
  purchaseOrderMailRequested,
  purchaseOrderDeleteRequested,
  purchaseOrderUpdated,
  purchaseOrderDeleted,
  purchaseOrderActionFinished,
  purchaseOrderActionFailed,
  receiptsRequested,
  receiptsReceived,
  receiptsFailed,
  receiptRequested,
  receiptRecorded,
  receiptRefused,
  receiptFailed,
  supplierSearchRequested,
  supplierSearchReceived,
  supplierSearchFailed,
  currencyRequested,
  currencyReceived,
} = slice.actions;

export const purchaseOrdersReducer = slice.reducer;

type WithPurchaseOrders = { purchaseOrders: PurchaseOrdersState };
export const selectPurchaseOrders = (state: WithPurchaseOrders) => state.purchaseOrders;
export const selectPurchaseOrder = (state: WithPurchaseOrders) => state.purchaseOrders.order;
export const selectPurchaseOrderStatus = (state: WithPurchaseOrders) => state.purchaseOrders.itemStatus;
export const selectPurchaseOrderMessage = (state: WithPurchaseOrders) => state.purchaseOrders.message;
