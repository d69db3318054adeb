import type { Supplier, SupplierSort } from '@inventory/contract/rules';
import { createPagedListSlice, type PagedListState } from '../../catalogue/pagedList';

/** The suppliers table's filter: which suppliers ('' the active ones, 'only' the archived, 'include' both). */
export type SupplierFilters = { archived: string };

const supplierList = createPagedListSlice<Supplier, SupplierFilters, SupplierSort>('supplierList', { archived: '' }, 'name');

export type SupplierListState = PagedListState<Supplier, SupplierFilters, SupplierSort>;
export const initialSupplierListState = supplierList.initialState;
export const supplierListName = supplierList.name;
export const supplierListReducer = supplierList.reducer;
export const supplierListActions = supplierList.actions;

export const selectSupplierList = (state: { supplierList: SupplierListState }) => state.supplierList;
