import { billReportsReducer } from '../features/bill-reports/billReportsSlice';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { apiTokensReducer, initialApiTokensState } from '../features/api-tokens/apiTokensSlice';
import { contactReducer, initialContactState } from '../features/contact/contactSlice';
import { customerListReducer, initialCustomerListState } from '../features/customers/customerListSlice';
import { customerOrdersReducer, initialCustomerOrdersState } from '../features/customers/customerOrdersSlice';
import { customersReducer, initialCustomersState } from '../features/customers/customersSlice';
import { customerPickerReducer, initialCustomerPickerState } from '../customer-picker/customerPicker';
import { categorySuggestionsReducer, initialCategorySuggestionsState } from '../category-suggestions/categorySuggestions';
import { categoriesReducer, initialCategoriesState } from '../features/categories/categoriesSlice';
import { initialSupplierListState, supplierListReducer } from '../features/suppliers/supplierListSlice';
import { initialSupplierProductsState, supplierProductsReducer } from '../features/suppliers/supplierProductsSlice';
import { initialSupplierPurchaseOrdersState, supplierPurchaseOrdersReducer } from '../features/suppliers/supplierPurchaseOrdersSlice';
import { initialSuppliersState, suppliersReducer } from '../features/suppliers/suppliersSlice';
import { initialProductSuppliersState, productSuppliersReducer } from '../product-suppliers/productSuppliersSlice';
import { importReducer, initialImportState } from '../features/import-export/importSlice';
import { initialInvitationState, invitationReducer } from '../features/invitations/invitationSlice';
import { initialOrderListState, orderListReducer } from '../features/orders/orderListSlice';
import { initialOrdersState, ordersReducer } from '../features/orders/ordersSlice';
import { initialProductPickerState, productPickerReducer } from '../product-picker/productPicker';
import { initialSalesState, salesReducer } from '../features/orders/sales/salesSlice';
import { initialProductsState, productsReducer } from '../features/products/productsSlice';
import { initialProductArchiveState, productArchiveReducer } from '../features/products/productArchiveSlice';
import {
  dashboardReducer,
  initialDashboardState,
  initialProductListState,
  productListReducer,
} from '../features/products/productListSlice';
import { initialStockState, stockReducer } from '../features/products/stockSlice';
import { initialProfileState, profileReducer } from '../features/profile/profileSlice';
import {
  initialPurchaseOrderListState,
  purchaseOrderListReducer,
} from '../features/purchase-orders/purchaseOrderListSlice';
import { initialPurchaseOrdersState, purchaseOrdersReducer } from '../features/purchase-orders/purchaseOrdersSlice';
import { initialInvoiceListState, invoiceListReducer } from '../features/invoices/invoiceListSlice';
import { initialInvoicesState, invoicesReducer } from '../features/invoices/invoicesSlice';
import { initialOrderInvoicingState, orderInvoicingReducer } from '../features/orders/sales/orderInvoicingSlice';
import { initialReorderState, reorderReducer } from '../features/reorder/reorderSlice';
import { initialStoreSettingsState, storeSettingsReducer } from '../features/store-settings/storeSettingsSlice';
import { initialTeamState, teamReducer } from '../features/team/teamSlice';
import { initialMembershipState, membershipReducer } from '../membership/membershipSlice';
import { formErrorsReducer, initialFormErrorsState } from '../forms/formErrorsSlice';
import { NAVIGATE_CONTEXT_KEY, type AppNavigate } from '../navigation/navigateTo';
import { authReducer, initialAuthState } from '../session/authSlice';
import { loadName } from '../session/nameStorage';
import { initialLayoutState, layoutReducer } from '../shell/layoutSlice';
import { initialToastsState, toastsReducer } from '../toasts/toastsSlice';
import { rootSaga } from './rootSaga';

const rootReducer = combineReducers({
  auth: authReducer,
  membership: membershipReducer,
  toasts: toastsReducer,
  formErrors: formErrorsReducer,
  layout: layoutReducer,
  products: productsReducer,
  productList: productListReducer,
  dashboard: dashboardReducer,
  productArchive: productArchiveReducer,
  orders: ordersReducer,
  orderList: orderListReducer,
  profile: profileReducer,
  contact: contactReducer,
  team: teamReducer,
  apiTokens: apiTokensReducer,
  invitation: invitationReducer,
  stock: stockReducer,
  productPicker: productPickerReducer,
  sales: salesReducer,
  reorder: reorderReducer,
  billReports: billReportsReducer,
  productImport: importReducer,
  customers: customersReducer,
  customerList: customerListReducer,
  customerOrders: customerOrdersReducer,
  customerPicker: customerPickerReducer,
  storeSettings: storeSettingsReducer,
  categorySuggestions: categorySuggestionsReducer,
  categories: categoriesReducer,
  suppliers: suppliersReducer,
  supplierList: supplierListReducer,
  supplierProducts: supplierProductsReducer,
  supplierPurchaseOrders: supplierPurchaseOrdersReducer,
  productSuppliers: productSuppliersReducer,
  purchaseOrders: purchaseOrdersReducer,
  purchaseOrderList: purchaseOrderListReducer,
  invoices: invoicesReducer,
  invoiceList: invoiceListReducer,
  orderInvoicing: orderInvoicingReducer,
});

/**
 * The whole store's shape. Only the composition root and the test and story harnesses use it: everything else reads
 * through selectors typed by the one slice they read.
 */
export type RootState = ReturnType<typeof rootReducer>;

/** Each slice may be given in part; the rest comes from its initial state. */
export type AppPreloadedState = { [K in keyof RootState]?: Partial<RootState[K]> };

export interface CreateAppStoreOptions {
  preloadedState?: AppPreloadedState;
  /** Where sagas send the user (router.navigate in the app and stories, a spy in tests). */
  navigate?: AppNavigate;
}

/** The store factory used by main.tsx, the stories and the node tests: RTK store + the saga middleware. */
export function createAppStore({ preloadedState = {}, navigate }: CreateAppStoreOptions = {}) {
  const sagaMiddleware = createSagaMiddleware({ context: { [NAVIGATE_CONTEXT_KEY]: navigate } });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: {
      auth: { ...initialAuthState, name: loadName(), ...preloadedState.auth },
      membership: { ...initialMembershipState, ...preloadedState.membership },
      toasts: { ...initialToastsState, ...preloadedState.toasts },
      formErrors: { ...initialFormErrorsState, ...preloadedState.formErrors },
      layout: { ...initialLayoutState, ...preloadedState.layout },
      products: { ...initialProductsState, ...preloadedState.products },
      productList: { ...initialProductListState(), ...preloadedState.productList },
      dashboard: { ...initialDashboardState, ...preloadedState.dashboard },
      productArchive: { ...initialProductArchiveState, ...preloadedState.productArchive },
      orders: { ...initialOrdersState, ...preloadedState.orders },
      orderList: { ...initialOrderListState(), ...preloadedState.orderList },
      profile: { ...initialProfileState, ...preloadedState.profile },
      contact: { ...initialContactState, ...preloadedState.contact },
      team: { ...initialTeamState, ...preloadedState.team },
      apiTokens: { ...initialApiTokensState, ...preloadedState.apiTokens },
      invitation: { ...initialInvitationState, ...preloadedState.invitation },
      stock: { ...initialStockState, ...preloadedState.stock },
      productPicker: { ...initialProductPickerState, ...preloadedState.productPicker },
      sales: { ...initialSalesState, ...preloadedState.sales },
      reorder: { ...initialReorderState, ...preloadedState.reorder },
      productImport: { ...initialImportState, ...preloadedState.productImport },
      customers: { ...initialCustomersState, ...preloadedState.customers },
      customerList: { ...initialCustomerListState(), ...preloadedState.customerList },
      customerOrders: { ...initialCustomerOrdersState(), ...preloadedState.customerOrders },
      customerPicker: { ...initialCustomerPickerState, ...preloadedState.customerPicker },
      storeSettings: { ...initialStoreSettingsState, ...preloadedState.storeSettings },
      categorySuggestions: { ...initialCategorySuggestionsState, ...preloadedState.categorySuggestions },
      categories: { ...initialCategoriesState, ...preloadedState.categories },
      suppliers: { ...initialSuppliersState, ...preloadedState.suppliers },
      supplierList: { ...initialSupplierListState(), ...preloadedState.supplierList },
      supplierProducts: { ...initialSupplierProductsState(), ...preloadedState.supplierProducts },
      supplierPurchaseOrders: { ...initialSupplierPurchaseOrdersState(), ...preloadedState.supplierPurchaseOrders },
      productSuppliers: { ...initialProductSuppliersState, ...preloadedState.productSuppliers },
      purchaseOrders: { ...initialPurchaseOrdersState, ...preloadedState.purchaseOrders },
      purchaseOrderList: { ...initialPurchaseOrderListState(), ...preloadedState.purchaseOrderList },
      invoices: { ...initialInvoicesState, ...preloadedState.invoices },
      invoiceList: { ...initialInvoiceListState(), ...preloadedState.invoiceList },
      orderInvoicing: { ...initialOrderInvoicingState, ...preloadedState.orderInvoicing },
    },
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        thunk: false,
        // A chosen file (profile photo, product image, CSV to import) rides in its intent to the saga that uploads it; reducers never
        // store it.
        serializableCheck: { ignoredActionPaths: ['payload.photoFile', 'payload.image', 'payload.file'] },
      }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(rootSaga);
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
