import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { CATEGORY_SUGGESTIONS, type CategoryListAnswer } from '@inventory/contract/rules';
import { call, delay, put, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { listCategories } from './api';

/**
 * The product form's category suggestions: the store's categories whose name contains what is typed (any case, any
 * accents: the server's rule), CATEGORY_SUGGESTIONS at a time, asked after a pause in typing. A failed search shows
 * no suggestions and says nothing: the field still takes any text, which the server files under the store's spelling.
 */
export interface CategorySuggestionsState {
  query: string;
  names: string[];
}

export const initialCategorySuggestionsState: CategorySuggestionsState = { query: '', names: [] };

const slice = createSlice({
  name: 'categorySuggestions',
  initialState: initialCategorySuggestionsState,
  reducers: {
    categorySuggestionsRequested(state, action: PayloadAction<string>) {
      state.query = action.payload;
    },
    categorySuggestionsReceived(state, action: PayloadAction<{ query: string; names: string[] }>) {
      if (action.payload.query === state.query) state.names = action.payload.names;
    },
    categorySuggestionsCleared: () => initialCategorySuggestionsState,
  },
});

export const { categorySuggestionsRequested, categorySuggestionsReceived, categorySuggestionsCleared } = slice.actions;
export const categorySuggestionsReducer = slice.reducer;

export const selectCategorySuggestions = (state: { categorySuggestions: CategorySuggestionsState }) => state.categorySuggestions;

/** Waits for a pause in typing (the latest keystroke wins), then asks the server. */
export function* suggestCategoriesSaga({ payload: query }: ReturnType<typeof categorySuggestionsRequested>): SagaIterator<void> {
  yield delay(150);
  try {
    const answer: CategoryListAnswer = yield call(listCategories, query, CATEGORY_SUGGESTIONS);
    yield put(categorySuggestionsReceived({ query, names: answer.items.map((category) => category.name) }));
  } catch {
    yield put(categorySuggestionsReceived({ query, names: [] }));
  }
}

export function* categorySuggestionsSagas(): SagaIterator<void> {
  yield takeLatest(categorySuggestionsRequested, suggestCategoriesSaga);
}
