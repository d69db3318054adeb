import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Page, Product } from '@inventory/contract/rules';
import { call, delay, put, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { apiClient, toMessage } from '../api/client';

/**
 * The order form's product picker: a search of the catalogue a page of PICKER_LIMIT at a time (`GET
 * /api/products?limit=8&q=…`), asked as the user types (never the whole list: a store may hold a million products).
 */
export const PICKER_LIMIT = 8;

export type PickerStatus = 'idle' | 'searching' | 'done' | 'failed';

export interface ProductPickerState {
  query: string;
  results: Product[];
  status: PickerStatus;
  message: string;
}

export const initialProductPickerState: ProductPickerState = { query: '', results: [], status: 'idle', message: '' };

const slice = createSlice({
  name: 'productPicker',
  initialState: initialProductPickerState,
  reducers: {
    productSearchRequested(state, action: PayloadAction<string>) {
      state.query = action.payload;
      state.status = 'searching';
    },
    productSearchReceived(state, action: PayloadAction<{ query: string; items: Product[] }>) {
      if (action.payload.query !== state.query) return;
      state.results = action.payload.items;
      state.status = 'done';
    },
    productSearchFailed(state, action: PayloadAction<{ query: string; message: string }>) {
      if (action.payload.query !== state.query) return;
      state.results = [];
      state.status = 'failed';
      state.message = action.payload.message;
    },
    productSearchCleared: () => initialProductPickerState,
  },
});

export const { productSearchRequested, productSearchReceived, productSearchFailed, productSearchCleared } =
  slice.actions;
export const productPickerReducer = slice.reducer;

type WithPicker = { productPicker: ProductPickerState };
export const selectProductPicker = (state: WithPicker) => state.productPicker;

export async function searchProducts(q: string): Promise<Page<Product>> {
  const params: Record<string, string | number> = { limit: PICKER_LIMIT };
  if (q.trim()) params.q = q.trim();
  return (await apiClient.get<Page<Product>>('/api/products', { params })).data;
}

/** Waits for a pause in typing (the latest keystroke wins), then asks the server. */
export function* searchProductsSaga({ payload: query }: ReturnType<typeof productSearchRequested>): SagaIterator<void> {
  yield delay(200);
  try {
    const page: Page<Product> = yield call(searchProducts, query);
    yield put(productSearchReceived({ query, items: page.items }));
  } catch (error) {
    yield put(productSearchFailed({ query, message: toMessage(error) }));
  }
}

export function* productPickerSagas(): SagaIterator<void> {
  yield takeLatest(productSearchRequested, searchProductsSaga);
}
