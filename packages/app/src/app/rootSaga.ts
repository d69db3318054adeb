import { billReportsSagas } from '../features/bill-reports/billReportsSagas';
import { all, call, spawn } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { apiTokensSagas } from '../features/api-tokens/apiTokensSagas';
import { authSagas } from '../features/auth/authSagas';
import { contactSagas } from '../features/contact/contactSagas';
import { customersSagas } from '../features/customers/customersSagas';
import { customerPickerSagas } from '../customer-picker/customerPicker';
import { categorySuggestionsSagas } from '../category-suggestions/categorySuggestions';
import { categoriesSagas } from '../features/categories/categoriesSagas';
import { importSagas } from '../features/import-export/importSagas';
import { invitationSagas } from '../features/invitations/invitationSagas';
import { ordersSagas } from '../features/orders/ordersSagas';
import { productPickerSagas } from '../product-picker/productPicker';
import { salesSagas } from '../features/orders/sales/salesSagas';
import { productArchiveSagas } from '../features/products/productArchiveSagas';
import { productsSagas } from '../features/products/productsSagas';
import { stockSagas } from '../features/products/stockSagas';
import { profileSagas } from '../features/profile/profileSagas';
import { purchaseOrdersSagas } from '../features/purchase-orders/purchaseOrdersSagas';
import { invoicesSagas } from '../features/invoices/invoicesSagas';
import { orderInvoicingSagas } from '../features/orders/sales/orderInvoicingSagas';
import { reorderSagas } from '../features/reorder/reorderSagas';
import { storeSettingsSagas } from '../features/store-settings/storeSettingsSagas';
import { suppliersSagas } from '../features/suppliers/suppliersSagas';
import { teamSagas } from '../features/team/teamSagas';
import { productSuppliersSagas } from '../product-suppliers/productSuppliersSagas';
import { membershipSagas } from '../membership/membershipSagas';
import { accountSagas } from '../session/accountSagas';
import { sessionSagas } from '../session/sessionSagas';

const featureSagas = [
  authSagas,
  accountSagas,
  sessionSagas,
  membershipSagas,
  profileSagas,
  contactSagas,
  productsSagas,
  productArchiveSagas,
  ordersSagas,
  teamSagas,
  apiTokensSagas,
  invitationSagas,
  stockSagas,
  productPickerSagas,
  salesSagas,
  reorderSagas,
  billReportsSagas,
  importSagas,
  customersSagas,
  customerPickerSagas,
  storeSettingsSagas,
  categorySuggestionsSagas,
  categoriesSagas,
  suppliersSagas,
  productSuppliersSagas,
  purchaseOrdersSagas,
  invoicesSagas,
  orderInvoicingSagas,
];

/**
 * Every effect of the app runs under this saga. Each part is spawned and restarted if it ever throws, so one
 * bug cannot stop the others from answering.
 */
export function* rootSaga(): SagaIterator<void> {
  yield all(
    featureSagas.map((saga) =>
      spawn(function* keepAlive(): SagaIterator<void> {
        for (;;) {
          try {
            yield call(saga);
            break;
          } catch (error) {
            console.error(`saga ${saga.name} crashed; restarting`, error);
          }
        }
      }),
    ),
  );
}
