import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Category, CategoryListAnswer } from '@inventory/contract/rules';

/**
 * The Categories page: the store's categories with their counts (the whole list, CATEGORY_LIST_MAX at most: the page
 * searches it with the contract's rule, and the merge dialog offers every other one), and the progress of a rename or
 * a merge. `done` counts finished changes, so the page closes its dialog when it moves.
 */
export interface CategoriesState {
  items: Category[];
  total: number;
  status: 'idle' | 'loading' | 'loaded' | 'failed';
  message: string;
  saving: boolean;
  done: number;
}

export const initialCategoriesState: CategoriesState = { items: [], total: 0, status: 'idle', message: '', saving: false, done: 0 };

export interface CategoryRename {
  id: string;
  name: string;
}

export interface CategoryMerge {
  id: string;
  into: string;
}

const slice = createSlice({
  name: 'categories',
  initialState: initialCategoriesState,
  reducers: {
    categoriesRequested(state) {
      state.status = 'loading';
    },
    categoriesReceived(state, action: PayloadAction<CategoryListAnswer>) {
      state.items = action.payload.items;
      state.total = action.payload.total;
      state.status = 'loaded';
      state.message = '';
    },
    categoriesLoadFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.message = action.payload;
    },
    renameCategoryRequested(state, _action: PayloadAction<CategoryRename>) {
      state.saving = true;
    },
    mergeCategoryRequested(state, _action: PayloadAction<CategoryMerge>) {
      state.saving = true;
    },
    categoryChanged(state) {
      state.saving = false;
      state.done += 1;
    },
    categoryChangeFailed(state) {
      state.saving = false;
    },
  },
});

export const {
  categoriesRequested,
  categoriesReceived,
  categoriesLoadFailed,
  renameCategoryRequested,
  mergeCategoryRequested,
  categoryChanged,
  categoryChangeFailed,
} = slice.actions;
export const categoriesReducer = slice.reducer;

export const selectCategories = (state: { categories: CategoriesState }) => state.categories;
