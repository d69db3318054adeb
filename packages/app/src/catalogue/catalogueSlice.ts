import { createSlice, type PayloadAction, type Reducer } from '@reduxjs/toolkit';
import { activeStoreChanged } from '../membership/membershipSlice';
import type { ItemStatus } from './loadStatus';
import {
  initialRequestFlags,
  requestFailed,
  requestStarted,
  requestSucceeded,
  type RequestFlags,
} from './requestFlags';
import type { Versioned } from './versioned';

/** Where a catalogue's one shown item (the detail or edit screen's) stands, beside the request flags. */
export interface CatalogueProgress extends RequestFlags {
  /** The ETag of the shown item from its GET (or the last PATCH), sent back as If-Match. */
  etag: string | null;
  itemStatus: ItemStatus;
  /** A create or update is running (the form's Save button and overlay). */
  saving: boolean;
}

/**
 * A catalogue slice's state: the item of the detail or edit screen under the feature's own name (`product`, `order`).
 * Lists are not held here: the screens read them a page at a time (pagedList.ts).
 */
export type CatalogueState<T, ItemKey extends string> = CatalogueProgress & Record<ItemKey, T | null>;

/** The state as the reducers see it: the progress fields, and the item under the feature's name. */
type HeldState = CatalogueProgress & Record<string, unknown>;

export interface CatalogueSliceOptions<ItemKey extends string> {
  /** The slice's name: 'products', 'orders'. */
  name: string;
  /** Where it keeps the shown item: 'product', 'order'. */
  itemKey: ItemKey;
}

/**
 * The one slice of the products and the orders: the same intents and results, with their own item, create and update
 * payload types. `*Requested` actions are intents run by the feature's sagas; the rest are results (the paged lists
 * reload on them). Get-one sets the shown item (and its ETag), update replaces it, a delete of it forgets it. A change
 * of the active store forgets everything held.
 *
 * Called in two steps so the item and payload types are given and the name inferred:
 * `createCatalogueSlice<Product, ProductSubmission, ProductUpdate>()({ name: 'products', itemKey: 'product' })`.
 */
export function createCatalogueSlice<T extends { _id: string }, CreateIntent, UpdateIntent extends { id: string }>() {
  return <ItemKey extends string>({ name, itemKey }: CatalogueSliceOptions<ItemKey>) => {
    const initialState: HeldState = {
      ...initialRequestFlags,
      [itemKey]: null,
      etag: null,
      itemStatus: 'idle',
      saving: false,
    };
    // The item sits under the feature's name, known here only at run time; this reaches it.
    const shownOf = (state: HeldState) => state[itemKey] as T | null;
    const forgetItem = (state: HeldState) => {
      state[itemKey] = null;
      state.etag = null;
    };

    const slice = createSlice({
      name,
      initialState,
      reducers: {
        itemRequested(state, action: PayloadAction<string>) {
          requestStarted(state);
          state.itemStatus = 'loading';
          if (shownOf(state)?._id !== action.payload) forgetItem(state);
        },
        createRequested(state, _action: PayloadAction<CreateIntent>) {
          requestStarted(state);
          state.saving = true;
        },
        updateRequested(state, _action: PayloadAction<UpdateIntent>) {
          requestStarted(state);
          state.saving = true;
        },
        deleteRequested: (state, _action: PayloadAction<string>) => requestStarted(state),

        itemReceived(state, action: PayloadAction<Versioned<T>>) {
          requestSucceeded(state);
          state[itemKey] = action.payload.item;
          state.etag = action.payload.etag;
          state.itemStatus = 'loaded';
        },
        itemNotFound(state, action: PayloadAction<string>) {
          requestFailed(state, action.payload);
          forgetItem(state);
          state.itemStatus = 'notFound';
        },
        itemLoadFailed(state, action: PayloadAction<string>) {
          requestFailed(state, action.payload);
          state.itemStatus = 'failed';
        },
        created(state, _action: PayloadAction<T>) {
          requestSucceeded(state);
          state.saving = false;
        },
        updated(state, action: PayloadAction<Versioned<T>>) {
          const { item, etag } = action.payload;
          requestSucceeded(state);
          state.saving = false;
          state[itemKey] = item;
          state.etag = etag;
        },
        deleted(state, action: PayloadAction<string>) {
          requestSucceeded(state);
          if (shownOf(state)?._id === action.payload) forgetItem(state);
        },
        /** A save or delete failed: the message is recorded (and toasted by the saga); the form keeps its input. */
        changeFailed(state, action: PayloadAction<string>) {
          requestFailed(state, action.payload);
          state.saving = false;
        },
      },
      extraReducers: (builder) => {
        // Another store's catalogue: nothing held belongs to it.
        builder.addCase(activeStoreChanged, () => initialState);
      },
    });

    return {
      actions: slice.actions,
      // The reducers above reach the item by name; from outside they have their real types.
      reducer: slice.reducer as unknown as Reducer<CatalogueState<T, ItemKey>>,
      initialState: initialState as CatalogueState<T, ItemKey>,
    };
  };
}
