import { MESSAGES } from '@inventory/contract/rules';
import { getSupplierRequested, selectSupplier, selectSupplierItemStatus, selectSuppliersMessage } from './suppliersSlice';

/** The supplier named by /suppliers/:id and /edit-supplier/:id, for `useRouteItem`. */
export const SUPPLIER_ON_ROUTE = {
  requested: getSupplierRequested,
  selectItem: selectSupplier,
  selectStatus: selectSupplierItemStatus,
  selectMessage: selectSuppliersMessage,
};

/** What those screens say until the supplier is there (ItemLoadState). */
export const SUPPLIER_LOAD_TEXTS = {
  loadingLabel: 'Loading supplier',
  notFoundText: MESSAGES.supplierNotFound,
  backHref: '/suppliers',
  backLabel: 'Back to the suppliers',
};
