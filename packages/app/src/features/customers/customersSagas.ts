import { type Customer, type CustomerRemoved, MESSAGES } from '@inventory/contract/rules';
import { all, call, fork, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { catalogueLoadSagas } from '../../catalogue/catalogueLoadSagas';
import { pagedListSaga } from '../../catalogue/pagedListSaga';
import type { Versioned } from '../../catalogue/versioned';
import { createCustomer } from '../../customer-forms/api';
import { formSettled } from '../../forms/formErrorsSlice';
import { reportFormSuccess } from '../../forms/formSagas';
import { activeStoreChanged } from '../../membership/membershipSlice';
import { navigateTo } from '../../navigation/navigateTo';
import { reportFailure } from '../../session/reportFailure';
import { toast } from '../../toasts/toastsSlice';
import * as api from './api';
import { customerListActions, customerListName, selectCustomerList } from './customerListSlice';
import { customerOrdersActions, customerOrdersName, selectCustomerOrders } from './customerOrdersSlice';
import {
  createCustomerRequested,
  customerCreated,
  customerDeleted,
  customerLoadFailed,
  customerNotFound,
  customerReceived,
  customersRequestFailed,
  customerUpdated,
  deleteCustomerRequested,
  getCustomerRequested,
  restoreCustomerRequested,
  selectCustomerEtag,
  updateCustomerRequested,
} from './customersSlice';

/** The customer calls, one saga each: call, record, toast, navigate. The form validated already. */

export const { loadItemSaga: getCustomerSaga } = catalogueLoadSagas<Customer>({
  getItem: api.getCustomer,
  notFoundMessage: MESSAGES.customerNotFound,
  itemReceived: customerReceived,
  itemNotFound: customerNotFound,
  itemLoadFailed: customerLoadFailed,
});

/** The customers table, a page at a time; it reloads after a create, an edit, an archive, a restore or a delete. */
const watchCustomerList = pagedListSaga({
  name: customerListName,
  actions: customerListActions,
  selectState: selectCustomerList,
  getPage: api.getCustomerPage,
  reloadOn: [customerCreated.type, customerUpdated.type, customerDeleted.type, activeStoreChanged.type],
});

/** The orders of the customer shown on their page. */
const watchCustomerOrders = pagedListSaga({
  name: customerOrdersName,
  actions: customerOrdersActions,
  selectState: selectCustomerOrders,
  getPage: api.getCustomerOrderPage,
});

export function* createCustomerSaga({ payload }: ReturnType<typeof createCustomerRequested>): SagaIterator<void> {
  yield put(formSettled('customer'));
  try {
    const customer: Customer = yield call(createCustomer, payload);
    yield put(customerCreated(customer));
    yield* reportFormSuccess('customer', MESSAGES.customerAdded);
    yield* navigateTo(`/customers/${customer._id}`);
  } catch (error) {
    yield* reportFailure(error, { failedAction: customersRequestFailed, form: 'customer' });
  }
}

/** PATCH with the ETag of the GET; a 409 (changed meanwhile, or an email another customer has) keeps the input. */
export function* updateCustomerSaga({ payload }: ReturnType<typeof updateCustomerRequested>): SagaIterator<void> {
  yield put(formSettled('customer'));
  try {
    const etag: string | null = yield select(selectCustomerEtag);
    const answer: Versioned<Customer> = yield call(api.updateCustomer, payload.id, payload.values, etag);
    yield put(customerUpdated(answer));
    yield* reportFormSuccess('customer', MESSAGES.customerUpdated);
    yield* navigateTo(`/customers/${payload.id}`);
  } catch (error) {
    yield* reportFailure(error, { failedAction: customersRequestFailed, form: 'customer' });
  }
}

/**
 * Delete: the server deletes a customer without orders (back to the list) or archives one with orders (their page
 * shows them archived); the toast says which.
 */
export function* deleteCustomerSaga({ payload: id }: ReturnType<typeof deleteCustomerRequested>): SagaIterator<void> {
  try {
    const etag: string | null = yield select(selectCustomerEtag);
    const removed: CustomerRemoved = yield call(api.deleteCustomer, id, etag);
    if (removed.outcome === 'deleted') {
      yield put(customerDeleted(id));
      yield put(toast.success(removed.message));
      yield* navigateTo('/customers');
      return;
    }
    const archived: Versioned<Customer> = yield call(api.getCustomer, id);
    yield put(customerUpdated(archived));
    yield put(toast.success(removed.message));
  } catch (error) {
    yield* reportFailure(error, { failedAction: customersRequestFailed });
  }
}

export function* restoreCustomerSaga({ payload: id }: ReturnType<typeof restoreCustomerRequested>): SagaIterator<void> {
  try {
    const etag: string | null = yield select(selectCustomerEtag);
    const restored: Versioned<Customer> = yield call(api.restoreCustomer, id, etag);
    yield put(customerUpdated(restored));
    yield put(toast.success(MESSAGES.customerRestored));
  } catch (error) {
    yield* reportFailure(error, { failedAction: customersRequestFailed });
  }
}

export function* customersSagas(): SagaIterator<void> {
  yield all([
    fork(watchCustomerList),
    fork(watchCustomerOrders),
    takeLatest(getCustomerRequested, getCustomerSaga),
    takeLeading(createCustomerRequested, createCustomerSaga),
    takeLeading(updateCustomerRequested, updateCustomerSaga),
    takeEvery(deleteCustomerRequested, deleteCustomerSaga),
    takeLeading(restoreCustomerRequested, restoreCustomerSaga),
  ]);
}
