import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import { distinctCategories, filterItems, isOutOfStock, totalValue } from '../items/format';

export const selectProductsState = (state: RootState) => state.products;
export const selectProducts = (state: RootState) => state.products.products;
export const selectProduct = (state: RootState) => state.products.product;
export const selectProductsListStatus = (state: RootState) => state.products.listStatus;
export const selectProductItemStatus = (state: RootState) => state.products.itemStatus;
export const selectProductSaving = (state: RootState) => state.products.saving;
export const selectProductsMessage = (state: RootState) => state.products.message;

/** Derived values of SPEC.md §3, recomputed only when the list changes. */
export const selectTotalStoreValue = createSelector([selectProducts], (products) => totalValue(products));

export const selectOutOfStockCount = createSelector(
  [selectProducts],
  (products) => products.filter((product) => isOutOfStock(product)).length,
);

export const selectCategories = createSelector([selectProducts], (products) => distinctCategories(products));

/** The dashboard's rows for a search text (SPEC.md §4: recomputed when the text or the products change). */
export const selectFilteredProducts = createSelector(
  [selectProducts, (_state: RootState, search: string) => search],
  (products, search) => filterItems(products, search),
);
