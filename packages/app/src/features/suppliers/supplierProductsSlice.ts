import type { ProductSupplier } from '@inventory/contract/rules';
import { createPagedListSlice, type PagedListState } from '../../catalogue/pagedList';

/** The products of the supplier shown on their page, the links made last first; `supplier` is their id. */
export type SupplierProductFilters = { supplier: string };

const supplierProducts = createPagedListSlice<ProductSupplier, SupplierProductFilters>('supplierProducts', { supplier: '' });

export type SupplierProductsState = PagedListState<ProductSupplier, SupplierProductFilters>;
export const initialSupplierProductsState = supplierProducts.initialState;
export const supplierProductsName = supplierProducts.name;
export const supplierProductsReducer = supplierProducts.reducer;
export const supplierProductsActions = supplierProducts.actions;

export const selectSupplierProducts = (state: { supplierProducts: SupplierProductsState }) => state.supplierProducts;
