import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Page, Product } from '@inventory/contract/rules';

export type ReorderStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** The To reorder page: products at or below their reorder point, a server page at a time, and the CSV export. */
export interface ReorderState {
  items: Product[];
  total: number;
  next: string | null;
  status: ReorderStatus;
  loadingMore: boolean;
  exporting: boolean;
  message: string;
}

export const initialReorderState: ReorderState = {
  items: [],
  total: 0,
  next: null,
  status: 'idle',
  loadingMore: false,
  exporting: false,
  message: '',
};

const slice = createSlice({
  name: 'reorder',
  initialState: initialReorderState,
  reducers: {
    reorderListRequested(state) {
      state.status = 'loading';
      state.loadingMore = false;
    },
    reorderMoreRequested(state) {
      state.loadingMore = true;
    },
    reorderPageReceived(state, action: PayloadAction<{ page: Page<Product>; more: boolean }>) {
      const { page, more } = action.payload;
      state.items = more ? [...state.items, ...page.items] : page.items;
      state.total = page.total;
      state.next = page.next;
      state.status = 'loaded';
      state.loadingMore = false;
    },
    reorderLoadFailed(state, action: PayloadAction<string>) {
      state.message = action.payload;
      if (state.loadingMore) state.loadingMore = false;
      else state.status = 'failed';
    },
    reorderExportRequested(state) {
      state.exporting = true;
    },
    reorderExportFinished(state) {
      state.exporting = false;
    },
  },
});

export const {
  reorderListRequested,
  reorderMoreRequested,
  reorderPageReceived,
  reorderLoadFailed,
  reorderExportRequested,
  reorderExportFinished,
} = slice.actions;
export const reorderReducer = slice.reducer;

type WithReorder = { reorder: ReorderState };
export const selectReorder = (state: WithReorder) => state.reorder;
