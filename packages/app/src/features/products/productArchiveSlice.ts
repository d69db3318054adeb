import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProductBulkBody, ProductBulkResult, ProductRemovalAnswer } from '@inventory/contract/rules';
import type { Versioned } from '../../catalogue/versioned';
import type { Product } from '@inventory/contract/rules';
import { activeStoreChanged } from '../../membership/membershipSlice';

/**
 * Archiving products (docs/decisions/0033-archived-products-and-bulk-actions.md): the delete dialog, which first asks
 * the server what a delete would do; restoring; and the dashboard's bulk actions.
 */
export interface RemovalQuestion {
  id: string;
  name: string;
  /** The server's answer: null while it is asked. */
  answer: ProductRemovalAnswer | null;
}

export interface ProductArchiveState {
  removal: RemovalQuestion | null;
  restoring: boolean;
  bulk: { running: boolean; /** Counts finished actions, so the screen can clear its selection after each. */ done: number };
}

export const initialProductArchiveState: ProductArchiveState = { removal: null, restoring: false, bulk: { running: false, done: 0 } };

const productArchiveSlice = createSlice({
  name: 'productArchive',
  initialState: initialProductArchiveState,
  reducers: {
    removalAsked(state, action: PayloadAction<{ id: string; name: string }>) {
      state.removal = { ...action.payload, answer: null };
    },
    removalAnswered(state, action: PayloadAction<{ id: string; answer: ProductRemovalAnswer }>) {
      if (state.removal?.id === action.payload.id) state.removal.answer = action.payload.answer;
    },
    /** Cancelled, confirmed, or the question failed (its toast says why). */
    removalClosed(state) {
      state.removal = null;
    },
    restoreRequested(state, _action: PayloadAction<string>) {
      state.restoring = true;
    },
    restored(state, _action: PayloadAction<Versioned<Product>>) {
      state.restoring = false;
    },
    restoreFailed(state, _action: PayloadAction<string>) {
      state.restoring = false;
    },
    bulkRequested(state, _action: PayloadAction<ProductBulkBody>) {
      state.bulk.running = true;
    },
    bulkDone(state, _action: PayloadAction<ProductBulkResult>) {
      state.bulk.running = false;
      state.bulk.done += 1;
    },
    bulkFailed(state, _action: PayloadAction<string>) {
      state.bulk.running = false;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(activeStoreChanged, () => initialProductArchiveState);
  },
});

export const { removalAsked, removalAnswered, removalClosed, restoreRequested, restored, restoreFailed, bulkRequested, bulkDone, bulkFailed } =
  productArchiveSlice.actions;
export const productArchiveReducer = productArchiveSlice.reducer;

export const selectProductArchive = (state: { productArchive: ProductArchiveState }) => state.productArchive;
