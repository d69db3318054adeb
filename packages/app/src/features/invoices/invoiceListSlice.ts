import type { InvoiceSummary } from '@inventory/contract/rules';
import { createPagedListSlice, type PagedListState } from '../../catalogue/pagedList';

/** The invoices table's one filter: '' all, draft, a payment status (unpaid … overdue) or credited; its search is a number. */
export type InvoiceFilters = { status: string };

const invoiceList = createPagedListSlice<InvoiceSummary, InvoiceFilters>('invoiceList', { status: '' });

export type InvoiceListState = PagedListState<InvoiceSummary, InvoiceFilters>;
export const initialInvoiceListState = invoiceList.initialState;
export const invoiceListName = invoiceList.name;
export const invoiceListReducer = invoiceList.reducer;
export const invoiceListActions = invoiceList.actions;

export const selectInvoiceList = (state: { invoiceList: InvoiceListState }) => state.invoiceList;
