import type { PurchaseOrder } from '@inventory/contract/rules';
import { createPagedListSlice, type PagedListState } from '../../catalogue/pagedList';

/** The purchase orders of the supplier shown on their page, newest first; `supplier` is their id. */
export type SupplierPurchaseOrderFilters = { supplier: string };

const supplierPurchaseOrders = createPagedListSlice<PurchaseOrder, SupplierPurchaseOrderFilters>('supplierPurchaseOrders', { supplier: '' });

export type SupplierPurchaseOrdersState = PagedListState<PurchaseOrder, SupplierPurchaseOrderFilters>;
export const initialSupplierPurchaseOrdersState = supplierPurchaseOrders.initialState;
export const supplierPurchaseOrdersName = supplierPurchaseOrders.name;
export const supplierPurchaseOrdersReducer = supplierPurchaseOrders.reducer;
export const supplierPurchaseOrdersActions = supplierPurchaseOrders.actions;

export const selectSupplierPurchaseOrders = (state: { supplierPurchaseOrders: SupplierPurchaseOrdersState }) => state.supplierPurchaseOrders;
