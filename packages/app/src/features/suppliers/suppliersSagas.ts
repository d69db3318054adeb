import { MESSAGES, type Supplier, type SupplierRemoved } from '@inventory/contract/rules';
import { all, call, fork, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { catalogueLoadSagas } from '../../catalogue/catalogueLoadSagas';
import { pagedListSaga } from '../../catalogue/pagedListSaga';
import type { Versioned } from '../../catalogue/versioned';
import { formSettled } from '../../forms/formErrorsSlice';
import { reportFormSuccess } from '../../forms/formSagas';
import { activeStoreChanged } from '../../membership/membershipSlice';
import { navigateTo } from '../../navigation/navigateTo';
import { reportFailure } from '../../session/reportFailure';
import { toast } from '../../toasts/toastsSlice';
import * as api from './api';
import { selectSupplierList, supplierListActions, supplierListName } from './supplierListSlice';
import { selectSupplierProducts, supplierProductsActions, supplierProductsName } from './supplierProductsSlice';
import { selectSupplierPurchaseOrders, supplierPurchaseOrdersActions, supplierPurchaseOrdersName } from './supplierPurchaseOrdersSlice';
import {
  createSupplierRequested,
  deleteSupplierRequested,
  getSupplierRequested,
  restoreSupplierRequested,
  selectSupplierEtag,
  supplierCreated,
  supplierDeleted,
  supplierLoadFailed,
  supplierNotFound,
  supplierReceived,
  suppliersRequestFailed,
  supplierUpdated,
  updateSupplierRequested,
} from './suppliersSlice';

/** The supplier calls, one saga each: call, record, toast, navigate. The form validated already. */

export const { loadItemSaga: getSupplierSaga } = catalogueLoadSagas<Supplier>({
  getItem: api.getSupplier,
  notFoundMessage: MESSAGES.supplierNotFound,
  itemReceived: supplierReceived,
  itemNotFound: supplierNotFound,
  itemLoadFailed: supplierLoadFailed,
});

/** The suppliers table, a page at a time; it reloads after a create, an edit, an archive, a restore or a delete. */
const watchSupplierList = pagedListSaga({
  name: supplierListName,
  actions: supplierListActions,
  selectState: selectSupplierList,
  getPage: api.getSupplierPage,
  reloadOn: [supplierCreated.type, supplierUpdated.type, supplierDeleted.type, activeStoreChanged.type],
});

/** The products of the supplier shown on their page. */
const watchSupplierProducts = pagedListSaga({
  name: supplierProductsName,
  actions: supplierProductsActions,
  selectState: selectSupplierProducts,
  getPage: api.getSupplierProductPage,
});

/** The purchase orders of the supplier shown on their page. */
const watchSupplierPurchaseOrders = pagedListSaga({
  name: supplierPurchaseOrdersName,
  actions: supplierPurchaseOrdersActions,
  selectState: selectSupplierPurchaseOrders,
  getPage: api.getSupplierPurchaseOrderPage,
});

export function* createSupplierSaga({ payload }: ReturnType<typeof createSupplierRequested>): SagaIterator<void> {
  yield put(formSettled('supplier'));
  try {
    const supplier: Supplier = yield call(api.createSupplier, payload);
    yield put(supplierCreated(supplier));
    yield* reportFormSuccess('supplier', MESSAGES.supplierAdded);
    yield* navigateTo(`/suppliers/${supplier._id}`);
  } catch (error) {
    yield* reportFailure(error, { failedAction: suppliersRequestFailed, form: 'supplier' });
  }
}

/** PATCH with the ETag of the GET; a 409 (changed meanwhile, or a name another supplier has) keeps the input. */
export function* updateSupplierSaga({ payload }: ReturnType<typeof updateSupplierRequested>): SagaIterator<void> {
  yield put(formSettled('supplier'));
  try {
    const etag: string | null = yield select(selectSupplierEtag);
    const answer: Versioned<Supplier> = yield call(api.updateSupplier, payload.id, payload.values, etag);
    yield put(supplierUpdated(answer));
    yield* reportFormSuccess('supplier', MESSAGES.supplierUpdated);
    yield* navigateTo(`/suppliers/${payload.id}`);
  } catch (error) {
    yield* reportFailure(error, { failedAction: suppliersRequestFailed, form: 'supplier' });
  }
}

/**
 * Delete: the server deletes a supplier no product names (back to the list) or archives one that products name
 * (their page shows them archived); the toast says which.
 */
export function* deleteSupplierSaga({ payload: id }: ReturnType<typeof deleteSupplierRequested>): SagaIterator<void> {
  try {
    const etag: string | null = yield select(selectSupplierEtag);
    const removed: SupplierRemoved = yield call(api.deleteSupplier, id, etag);
    if (removed.outcome === 'deleted') {
      yield put(supplierDeleted(id));
      yield put(toast.success(removed.message));
      yield* navigateTo('/suppliers');
      return;
    }
    const archived: Versioned<Supplier> = yield call(api.getSupplier, id);
    yield put(supplierUpdated(archived));
    yield put(toast.success(removed.message));
  } catch (error) {
    yield* reportFailure(error, { failedAction: suppliersRequestFailed });
  }
}

export function* restoreSupplierSaga({ payload: id }: ReturnType<typeof restoreSupplierRequested>): SagaIterator<void> {
  try {
    const etag: string | null = yield select(selectSupplierEtag);
    const restored: Versioned<Supplier> = yield call(api.restoreSupplier, id, etag);
    yield put(supplierUpdated(restored));
    yield put(toast.success(MESSAGES.supplierRestored));
  } catch (error) {
    yield* reportFailure(error, { failedAction: suppliersRequestFailed });
  }
}

export function* suppliersSagas(): SagaIterator<void> {
  yield all([
    fork(watchSupplierList),
    fork(watchSupplierProducts),
    fork(watchSupplierPurchaseOrders),
    takeLatest(getSupplierRequested, getSupplierSaga),
    takeLeading(createSupplierRequested, createSupplierSaga),
    takeLeading(updateSupplierRequested, updateSupplierSaga),
    takeEvery(deleteSupplierRequested, deleteSupplierSaga),
    takeLeading(restoreSupplierRequested, restoreSupplierSaga),
  ]);
}
