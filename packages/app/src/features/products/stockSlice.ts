import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CorrectionReason, Movement, MovementPage } from '@inventory/contract/rules';

export type StockHistoryStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** A product's stock history (its movements, newest first, paged) and the stock correction form. */
export interface StockState {
  productId: string | null;
  movements: Movement[];
  /** `next` of the last page: older movements to show; null when there are none. */
  next: string | null;
  status: StockHistoryStatus;
  loadingOlder: boolean;
  message: string;
  correcting: boolean;
  /** The server's refusal of a correction (400, 409), shown under the field. */
  correctionError: string | null;
  /** Counts corrections done: the form remounts empty after each. */
  correctionsDone: number;
}

export const initialStockState: StockState = {
  productId: null,
  movements: [],
  next: null,
  status: 'idle',
  loadingOlder: false,
  message: '',
  correcting: false,
  correctionError: null,
  correctionsDone: 0,
};

export interface CorrectionIntent {
  productId: string;
  change: number;
  reason: CorrectionReason;
  /** Empty: no note. */
  note: string;
}

/** `*Requested` actions are intents run by stockSagas.ts; the rest are results. */
const stockSlice = createSlice({
  name: 'stock',
  initialState: initialStockState,
  reducers: {
    movementsRequested(state, action: PayloadAction<string>) {
      if (state.productId !== action.payload) {
        state.movements = [];
        state.next = null;
        state.correctionError = null;
      }
      state.productId = action.payload;
      state.status = 'loading';
      state.loadingOlder = false;
    },
    olderMovementsRequested(state) {
      state.loadingOlder = true;
    },
    movementsReceived(state, action: PayloadAction<{ productId: string; page: MovementPage; older: boolean }>) {
      if (action.payload.productId !== state.productId) return;
      const { page, older } = action.payload;
      state.movements = older ? [...state.movements, ...page.items] : page.items;
      state.next = page.next;
      state.status = 'loaded';
      state.loadingOlder = false;
    },
    movementsLoadFailed(state, action: PayloadAction<string>) {
      state.message = action.payload;
      if (state.loadingOlder) state.loadingOlder = false;
      else state.status = 'failed';
    },
    correctionRequested(state, _action: PayloadAction<CorrectionIntent>) {
      state.correcting = true;
      state.correctionError = null;
    },
    correctionDone(state) {
      state.correcting = false;
      state.correctionsDone += 1;
    },
    correctionFailed(state, action: PayloadAction<{ message: string; field: boolean }>) {
      state.correcting = false;
      state.correctionError = action.payload.field ? action.payload.message : null;
    },
  },
});

export const {
  movementsRequested,
  olderMovementsRequested,
  movementsReceived,
  movementsLoadFailed,
  correctionRequested,
  correctionDone,
  correctionFailed,
} = stockSlice.actions;

export const stockReducer = stockSlice.reducer;

type WithStock = { stock: StockState };
export const selectStock = (state: WithStock) => state.stock;
