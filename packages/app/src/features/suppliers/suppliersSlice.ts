import { createAction } from '@reduxjs/toolkit';
import type { Supplier, SupplierFields } from '@inventory/contract/rules';
import { createCatalogueSlice, type CatalogueState } from '../../catalogue/catalogueSlice';

export interface SupplierUpdate {
  id: string;
  values: SupplierFields;
}

/**
 * The supplier of the detail and edit screens, with its load, save and delete progress: the catalogue slice
 * (catalogue/catalogueSlice.ts) under `suppliers`, the shown supplier under `supplier`. Deleting one that products
 * name archives them: the saga then puts `updated` with their archived state.
 */
const suppliersSlice = createCatalogueSlice<Supplier, SupplierFields, SupplierUpdate>()({ name: 'suppliers', itemKey: 'supplier' });

export type SuppliersState = CatalogueState<Supplier, 'supplier'>;
export const initialSuppliersState: SuppliersState = suppliersSlice.initialState;
export const suppliersReducer = suppliersSlice.reducer;

export const {
  itemRequested: getSupplierRequested,
  createRequested: createSupplierRequested,
  updateRequested: updateSupplierRequested,
  deleteRequested: deleteSupplierRequested,
  itemReceived: supplierReceived,
  itemNotFound: supplierNotFound,
  itemLoadFailed: supplierLoadFailed,
  created: supplierCreated,
  updated: supplierUpdated,
  deleted: supplierDeleted,
  changeFailed: suppliersRequestFailed,
} = suppliersSlice.actions;

/** Restore an archived supplier (the one shown). */
export const restoreSupplierRequested = createAction<string>('suppliers/restoreRequested');

type WithSuppliers = { suppliers: SuppliersState };
export const selectSupplier = (state: WithSuppliers) => state.suppliers.supplier;
export const selectSupplierItemStatus = (state: WithSuppliers) => state.suppliers.itemStatus;
export const selectSuppliersMessage = (state: WithSuppliers) => state.suppliers.message;
export const selectSupplierSaving = (state: WithSuppliers) => state.suppliers.saving;
export const selectSupplierEtag = (state: WithSuppliers) => state.suppliers.etag;
