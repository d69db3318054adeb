import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Page, Product, ReorderList, ReorderSuggestionAnswer } from '@inventory/contract/rules';

export type ReorderStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** A row of the list counting what is on order (GET /api/purchase-orders/reorder). */
export type ReorderRow = ReorderList['items'][number];

/**
 * The To reorder page: products at or below their reorder point, a server page at a time, and the CSV export. Roles
 * that see purchase orders get the list counting what is on order (`counted`), choose rows and "Order these".
 */
export interface ReorderState {
  /** Whether the list shown counts what is on order (`counted`) or is stock alone (`items`). */
  countsOnOrder: boolean;
  counted: ReorderRow[];
  /** The products chosen for "Order these", by id. */
  chosen: string[];
  ordering: boolean;
  /** What the last "Order these" made and left out. */
  suggestion: ReorderSuggestionAnswer | null;
  items: Product[];
  total: number;
  next: string | null;
  status: ReorderStatus;
  loadingMore: boolean;
  exporting: boolean;
  message: string;
}

export const initialReorderState: ReorderState = {
  countsOnOrder: false,
  counted: [],
  chosen: [],
  ordering: false,
  suggestion: null,
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
    reorderListRequested(state, action: PayloadAction<{ countsOnOrder: boolean } | undefined>) {
      state.status = 'loading';
      state.loadingMore = false;
      state.countsOnOrder = action.payload?.countsOnOrder ?? false;
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
    reorderCountedReceived(state, action: PayloadAction<{ list: ReorderList; more: boolean }>) {
      const { list, more } = action.payload;
      state.counted = more ? [...state.counted, ...list.items] : list.items;
      state.total = list.total;
      state.next = state.counted.length < list.total ? String(state.counted.length) : null;
      state.status = 'loaded';
      state.loadingMore = false;
      // Rows no longer listed (ordered meanwhile) are no longer chosen.
      const listed = new Set(state.counted.map((row) => row.product._id));
      state.chosen = state.chosen.filter((id) => listed.has(id));
    },
    reorderChoiceToggled(state, action: PayloadAction<{ ids: string[]; chosen: boolean }>) {
      const { ids, chosen } = action.payload;
      const rest = state.chosen.filter((id) => !ids.includes(id));
      state.chosen = chosen ? [...rest, ...ids] : rest;
    },
    orderTheseRequested(state, _action: PayloadAction<string[]>) {
      state.ordering = true;
      state.suggestion = null;
    },
    orderTheseAnswered(state, action: PayloadAction<ReorderSuggestionAnswer>) {
      state.ordering = false;
      state.suggestion = action.payload;
      state.chosen = [];
    },
    orderTheseFailed(state, _action: PayloadAction<string>) {
      state.ordering = false;
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
  reorderCountedReceived,
  reorderChoiceToggled,
  orderTheseRequested,
  orderTheseAnswered,
  orderTheseFailed,
  reorderLoadFailed,
  reorderExportRequested,
  reorderExportFinished,
} = slice.actions;
export const reorderReducer = slice.reducer;

type WithReorder = { reorder: ReorderState };
export const selectReorder = (state: WithReorder) => state.reorder;
