import type { ProductsState } from './productsSlice';

/** Each selector reads only the products slice, so it needs no more of the store's shape than that. */
type WithProducts = { products: ProductsState };

export const selectProduct = (state: WithProducts) => state.products.product;
export const selectProductItemStatus = (state: WithProducts) => state.products.itemStatus;
export const selectProductSaving = (state: WithProducts) => state.products.saving;
export const selectProductsMessage = (state: WithProducts) => state.products.message;
