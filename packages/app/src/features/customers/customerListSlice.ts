import type { Customer, CustomerSort } from '@inventory/contract/rules';
import { createPagedListSlice, type PagedListState } from '../../catalogue/pagedList';

/** The customers table's filter: which customers ('' the active ones, 'only' the archived, 'include' both). */
export type CustomerFilters = { archived: string };

const customerList = createPagedListSlice<Customer, CustomerFilters, CustomerSort>('customerList', { archived: '' }, 'name');

export type CustomerListState = PagedListState<Customer, CustomerFilters, CustomerSort>;
export const initialCustomerListState = customerList.initialState;
export const customerListName = customerList.name;
export const customerListReducer = customerList.reducer;
export const customerListActions = customerList.actions;

export const selectCustomerList = (state: { customerList: CustomerListState }) => state.customerList;
