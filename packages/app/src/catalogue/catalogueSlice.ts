import { createSlice, type PayloadAction, type Reducer } from '@reduxjs/toolkit';
import { activeStoreChanged } from '../membership/membershipSlice';
import type { ItemStatus, ListStatus } from './loadStatus';
import {
  initialRequestFlags,
  requestFailed,
  requestStarted,
  requestSucceeded,
  type RequestFlags,
} from './requestFlags';
import type { Versioned } from './versioned';

/** Where a catalogue's list and its one shown item stand, beside the request flags. */
export interface CatalogueProgress extends RequestFlags {
  /** The ETag of the shown item from its GET (or the last PATCH), sent back as If-Match. */
  etag: string | null;
  listStatus: ListStatus;
  itemStatus: ItemStatus;
  /** A create or update is running (the form's Save button and overlay). */
  saving: boolean;
}

/**
 * A catalogue slice's state: the list (newest first, as the server lists them) and the item of the detail or edit
 * screen, under the feature's own names (`products` and `product`, `orders` and `order`).
 */
export type CatalogueState<T, ListKey extends string, ItemKey extends string> = CatalogueProgress &
  Record<ListKey, T[]> &
  Record<ItemKey, T | null>;

/** The state as the reducers see it: the progress fields, and the list and the item under the feature's names. */
type HeldState = CatalogueProgress & Record<string, unknown>;

export interface CatalogueSliceOptions<ListKey extends string, ItemKey extends string> {
  /** The slice's name, which is also where it keeps the list: 'products', 'orders'. */
  name: ListKey;
  /** Where it keeps the shown item: 'product', 'order'. */
  itemKey: ItemKey;
  /**
   * A delete removes the row from the held list at once (orders). Otherwise the list stays as it is until the
   * feature's saga loads it again (products reload theirs after a delete).
   */
  deleteRemovesRow: boolean;
}

/**
 * The one slice of the products and the orders: the same intents and results, with their own item, create and update
 * payload types. `*Requested` actions are intents run by the feature's sagas; the rest are results. Create appends,
 * get-all replaces, get-one sets the shown item (and its ETag), update replaces it in both places. A change of the
 * active store forgets everything held.
 *
 * Called in two steps so the item and payload types are given and the names inferred:
 * `createCatalogueSlice<Product, ProductSubmission, ProductUpdate>()({ name: 'products', itemKey: 'product', … })`.
 */
export function createCatalogueSlice<T extends { _id: string }, CreateIntent, UpdateIntent extends { id: string }>() {
  return <ListKey extends string, ItemKey extends string>({
    name,
    itemKey,
    deleteRemovesRow,
  }: CatalogueSliceOptions<ListKey, ItemKey>) => {
    const initialState: HeldState = {
      ...initialRequestFlags,
      [name]: [],
      [itemKey]: null,
      etag: null,
      listStatus: 'idle',
      itemStatus: 'idle',
      saving: false,
    };
    // The list and the item sit under the feature's names, known here only at run time; these reach them.
    const listOf = (state: HeldState) => state[name] as T[];
    const shownOf = (state: HeldState) => state[itemKey] as T | null;
    const forgetItem = (state: HeldState) => {
      state[itemKey] = null;
      state.etag = null;
    };

    const slice = createSlice({
      name,
      initialState,
      reducers: {
        listRequested(state) {
          requestStarted(state);
          state.listStatus = 'loading';
        },
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

        listReceived(state, action: PayloadAction<T[]>) {
          requestSucceeded(state);
          state[name] = action.payload;
          state.listStatus = 'loaded';
        },
        listLoadFailed(state, action: PayloadAction<string>) {
          requestFailed(state, action.payload);
          state.listStatus = 'failed';
        },
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
        created(state, action: PayloadAction<T>) {
          requestSucceeded(state);
          state.saving = false;
          listOf(state).push(action.payload);
        },
        updated(state, action: PayloadAction<Versioned<T>>) {
          const { item, etag } = action.payload;
          requestSucceeded(state);
          state.saving = false;
          state[itemKey] = item;
          state.etag = etag;
          state[name] = listOf(state).map((held) => (held._id === item._id ? item : held));
        },
        deleted(state, action: PayloadAction<string>) {
          requestSucceeded(state);
          if (!deleteRemovesRow) return;
          state[name] = listOf(state).filter((held) => held._id !== action.payload);
          if (shownOf(state)?._id === action.payload) state[itemKey] = null;
        },
        /** A save or delete failed: the message is recorded (and toasted by the saga); the form keeps its input. */
        changeFailed(state, action: PayloadAction<string>) {
          requestFailed(state, action.payload);
          state.saving = false;
        },
      },
      extraReducers: (builder) => {
        // Another store's catalogue: nothing held belongs to it (the feature's saga loads the list again).
        builder.addCase(activeStoreChanged, () => initialState);
      },
    });

    return {
      actions: slice.actions,
      // The reducers above reach the list and the item by name; from outside they have their real types.
      reducer: slice.reducer as unknown as Reducer<CatalogueState<T, ListKey, ItemKey>>,
      initialState: initialState as CatalogueState<T, ListKey, ItemKey>,
    };
  };
}
