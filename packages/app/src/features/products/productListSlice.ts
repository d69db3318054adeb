import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CatalogueSummary, CategoryCount, Product } from '@inventory/contract/rules';
import { createPagedListSlice, type PagedListState } from '../../catalogue/pagedList';
import { activeStoreChanged } from '../../membership/membershipSlice';

/**
 * The dashboard table's filters: a category ('' all), stock ('' all, 'in', 'out', 'low') and archived ('' the active
 * products, 'only', 'include').
 */
export type ProductFilters = { category: string; stock: string; archived: string };

const productList = createPagedListSlice<Product, ProductFilters>('productList', { category: '', stock: '', archived: '' });

export type ProductListState = PagedListState<Product, ProductFilters>;
export const initialProductListState = productList.initialState;
export const productListName = productList.name;
export const productListReducer = productList.reducer;
export const productListActions = productList.actions;

/** The dashboard's figures and the category filter's choices, from the server. */
export interface DashboardState {
  summary: CatalogueSummary | null;
  categories: CategoryCount[];
  status: 'idle' | 'loading' | 'loaded' | 'failed';
}

export const initialDashboardState: DashboardState = { summary: null, categories: [], status: 'idle' };

const dashboardSlice = createSlice({
  name: 'dashboard',
  initialState: initialDashboardState,
  reducers: {
    summaryRequested(state) {
      state.status = 'loading';
    },
    summaryReceived(state, action: PayloadAction<{ summary: CatalogueSummary; categories: CategoryCount[] }>) {
      state.summary = action.payload.summary;
      state.categories = action.payload.categories;
      state.status = 'loaded';
    },
    summaryLoadFailed(state, _action: PayloadAction<string>) {
      state.status = 'failed';
    },
  },
  extraReducers: (builder) => {
    builder.addCase(activeStoreChanged, () => initialDashboardState);
  },
});

export const { summaryRequested, summaryReceived, summaryLoadFailed } = dashboardSlice.actions;
export const dashboardReducer = dashboardSlice.reducer;

type WithList = { productList: ProductListState };
type WithDashboard = { dashboard: DashboardState };
export const selectProductList = (state: WithList) => state.productList;
export const selectDashboard = (state: WithDashboard) => state.dashboard;
