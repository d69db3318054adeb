import type { PurchaseOrder } from '@inventory/contract/rules';
import { createPagedListSlice, type PagedListState } from '../../catalogue/pagedList';

/** The purchase orders table's filters: a status and a supplier ('' all); its search is a number or a supplier's name. */
export type PurchaseOrderFilters = { status: string; supplierId: string };

const purchaseOrderList = createPagedListSlice<PurchaseOrder, PurchaseOrderFilters>('purchaseOrderList', {
  status: '',
  supplierId: '',
});

export type PurchaseOrderListState = PagedListState<PurchaseOrder, PurchaseOrderFilters>;
export const initialPurchaseOrderListState = purchaseOrderList.initialState;
export const purchaseOrderListName = purchaseOrderList.name;
export const purchaseOrderListReducer = purchaseOrderList.reducer;
export const purchaseOrderListActions = purchaseOrderList.actions;

export const selectPurchaseOrderList = (state: { purchaseOrderList: PurchaseOrderListState }) =>
  state.purchaseOrderList;
