import { createAction } from '@reduxjs/toolkit';
import type { Customer, CustomerFields } from '@inventory/contract/rules';
import { createCatalogueSlice, type CatalogueState } from '../../catalogue/catalogueSlice';

export interface CustomerUpdate {
  id: string;
  values: CustomerFields;
}

/**
 * The customer of the detail and edit screens, with its load, save and delete progress: the catalogue slice of
 * products and orders (catalogue/catalogueSlice.ts) under `customers`, the shown customer under `customer`. Deleting
 * one with orders archives them: the saga then puts `updated` with their archived state.
 */
const customersSlice = createCatalogueSlice<Customer, CustomerFields, CustomerUpdate>()({ name: 'customers', itemKey: 'customer' });

export type CustomersState = CatalogueState<Customer, 'customer'>;
export const initialCustomersState: CustomersState = customersSlice.initialState;
export const customersReducer = customersSlice.reducer;

export const {
  itemRequested: getCustomerRequested,
  createRequested: createCustomerRequested,
  updateRequested: updateCustomerRequested,
  deleteRequested: deleteCustomerRequested,
  itemReceived: customerReceived,
  itemNotFound: customerNotFound,
  itemLoadFailed: customerLoadFailed,
  created: customerCreated,
  updated: customerUpdated,
  deleted: customerDeleted,
  changeFailed: customersRequestFailed,
} = customersSlice.actions;

/** Restore an archived customer (the one shown). */
export const restoreCustomerRequested = createAction<string>('customers/restoreRequested');

type WithCustomers = { customers: CustomersState };
export const selectCustomer = (state: WithCustomers) => state.customers.customer;
export const selectCustomerItemStatus = (state: WithCustomers) => state.customers.itemStatus;
export const selectCustomersMessage = (state: WithCustomers) => state.customers.message;
export const selectCustomerSaving = (state: WithCustomers) => state.customers.saving;
export const selectCustomerEtag = (state: WithCustomers) => state.customers.etag;
