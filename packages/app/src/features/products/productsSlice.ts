import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Product } from '@inventory/contract';
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

export interface ProductsState extends RequestFlags {
  /** Newest first, as the server lists them. */
  products: Product[];
  /** The product of the detail or edit screen. */
  product: Product | null;
  /** The ETag of `product` from its GET (or the last PATCH), sent back as If-Match. */
  etag: string | null;
  listStatus: ListStatus;
  itemStatus: ItemStatus;
  /** A create or update is running (the form's Save button and overlay). */
  saving: boolean;
}

export const initialProductsState: ProductsState = {
  ...initialRequestFlags,
  products: [],
  product: null,
  etag: null,
  listStatus: 'idle',
  itemStatus: 'idle',
  saving: false,
};

/** What the product form sends: the four item fields, the description (HTML) and an optional new image. */
export interface ProductFormValues extends ItemFormValues {
  description: string;
}

export interface ProductSubmission {
  values: ProductFormValues;
  image: File | null;
}

export interface ProductUpdate extends ProductSubmission {
  id: string;
}

/**
 * The product slice (SPEC.md §3-§4). `*Requested` actions are intents run by productsSagas.ts; the rest are results.
 * Create appends, get-all replaces, get-one sets the item; update and delete only toast (delete then reloads).
 */
const productsSlice = createSlice({
  name: 'products',
  initialState: initialProductsState,
  reducers: {
    getProductsRequested(state) {
      requestStarted(state);
      state.listStatus = 'loading';
    },
    getProductRequested(state, action: PayloadAction<string>) {
      requestStarted(state);
      state.itemStatus = 'loading';
      if (state.product?._id !== action.payload) {
        state.product = null;
        state.etag = null;
      }
    },
    createProductRequested(state, _action: PayloadAction<ProductSubmission>) {
      requestStarted(state);
      state.saving = true;
    },
    updateProductRequested(state, _action: PayloadAction<ProductUpdate>) {
      requestStarted(state);
      state.saving = true;
    },
    deleteProductRequested: (state, _action: PayloadAction<string>) => requestStarted(state),

    productsReceived(state, action: PayloadAction<Product[]>) {
      requestSucceeded(state);
      state.products = action.payload;
      state.listStatus = 'loaded';
    },
    productsLoadFailed(state, action: PayloadAction<string>) {
      requestFailed(state, action.payload);
      state.listStatus = 'failed';
    },
    productReceived(state, action: PayloadAction<Versioned<Product>>) {
      requestSucceeded(state);
      state.product = action.payload.item;
      state.etag = action.payload.etag;
      state.itemStatus = 'loaded';
    },
    productNotFound(state, action: PayloadAction<string>) {
      requestFailed(state, action.payload);
      state.product = null;
      state.etag = null;
      state.itemStatus = 'notFound';
    },
    productLoadFailed(state, action: PayloadAction<string>) {
      requestFailed(state, action.payload);
      state.itemStatus = 'failed';
    },
    productCreated(state, action: PayloadAction<Product>) {
      requestSucceeded(state);
      state.saving = false;
      state.products.push(action.payload);
    },
    productUpdated(state, action: PayloadAction<Versioned<Product>>) {
      requestSucceeded(state);
      state.saving = false;
      state.product = action.payload.item;
      state.etag = action.payload.etag;
      state.products = state.products.map((p) => (p._id === action.payload.item._id ? action.payload.item : p));
    },
    productDeleted(state) {
      requestSucceeded(state);
    },
    /** A save or delete failed: the message is recorded (and toasted by the saga); the form keeps its input. */
    productsRequestFailed(state, action: PayloadAction<string>) {
      requestFailed(state, action.payload);
      state.saving = false;
    },
  },
});

export const {
  getProductsRequested,
  getProductRequested,
  createProductRequested,
  updateProductRequested,
  deleteProductRequested,
  productsReceived,
  productsLoadFailed,
  productReceived,
  productNotFound,
  productLoadFailed,
  productCreated,
  productUpdated,
  productDeleted,
  productsRequestFailed,
} = productsSlice.actions;

export const productsReducer = productsSlice.reducer;
