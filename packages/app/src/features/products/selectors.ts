import { createSelector } from '@reduxjs/toolkit';
import { filterItems } from '../../catalogue/filterItems';
import { distinctCategories, isOutOfStock, totalValue } from './inventoryStats';
import type { ProductsState } from './productsSlice';

/** Each selector reads only the products slice, so it needs no more of the store's shape than that. */
type WithProducts = { products: ProductsState };

export const selectProducts = (state: WithProducts) => state.products.products;
export const selectProduct = (state: WithProducts) => state.products.product;
export const selectProductsListStatus = (state: WithProducts) => state.products.listStatus;
export const selectProductItemStatus = (state: WithProducts) => state.products.itemStatus;
export const selectProductSaving = (state: WithProducts) => state.products.saving;
export const selectProductsMessage = (state: WithProducts) => state.products.message;

/** The dashboard's figures, recomputed only when the list changes. */
export const selectTotalStoreValue = createSelector([selectProducts], (products) => totalValue(products));

export const selectOutOfStockCount = createSelector(
  [selectProducts],
  (products) => products.filter((product) => isOutOfStock(product)).length,
);

export const selectCategories = createSelector([selectProducts], (products) => distinctCategories(products));

/** The dashboard's rows for a search text, recomputed when the text or the products change. */
export const selectFilteredProducts = createSelector(
  [selectProducts, (_state: WithProducts, search: string) => search],
  (products, search) => filterItems(products, search),
);
