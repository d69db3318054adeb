import { MESSAGES, type ProductSupplier, type Supplier } from '@inventory/contract/rules';
import { all, call, put, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { formSettled } from '../forms/formErrorsSlice';
import { reportFormSuccess } from '../forms/formSagas';
import { reportFailure, reportLoadFailure } from '../session/reportFailure';
import { toast } from '../toasts/toastsSlice';
import * as api from './api';
import { choicesReceived, linkFailed, linkRequested, linkSaved, linksLoadFailed, linksReceived, linksRequested, unlinkRequested } from './productSuppliersSlice';

/** The product's suppliers, and (for those who may link) the store's suppliers to choose from. */
export function* loadLinksSaga({ payload: productId }: ReturnType<typeof linksRequested>): SagaIterator<void> {
  try {
    const links: ProductSupplier[] = yield call(api.getProductSuppliers, productId);
    yield put(linksReceived({ productId, links }));
  } catch (error) {
    yield* reportLoadFailure(error, linksLoadFailed);
    return;
  }
  try {
    const choices: Supplier[] = yield call(api.getSupplierChoices);
    yield put(choicesReceived(choices));
  } catch {
    // The list of links stands without them; the form then offers none.
  }
}

/**
 * Add or change a link: a new preferred one takes the flag from the product's other link on the server; the list is
 * read again either way. A refusal about a field (an archived supplier, a pack size) shows under it.
 */
export function* linkSaga({ payload }: ReturnType<typeof linkRequested>): SagaIterator<void> {
  yield put(formSettled('productSupplier'));
  try {
    if (payload.adding) yield call(api.addProductSupplier, payload.productId, payload.supplierId, payload.fields);
    else yield call(api.putProductSupplier, payload.productId, payload.supplierId, payload.fields);
    yield put(linkSaved());
    yield* reportFormSuccess('productSupplier', payload.adding ? MESSAGES.productSupplierAdded : MESSAGES.productSupplierUpdated);
    yield put(linksRequested(payload.productId));
  } catch (error) {
    yield* reportFailure(error, { failedAction: linkFailed, form: 'productSupplier' });
  }
}

export function* unlinkSaga({ payload }: ReturnType<typeof unlinkRequested>): SagaIterator<void> {
  try {
    yield call(api.removeProductSupplier, payload.productId, payload.supplierId);
    yield put(linkSaved());
    yield put(toast.success(MESSAGES.productSupplierRemoved));
    yield put(linksRequested(payload.productId));
  } catch (error) {
    yield* reportFailure(error, { failedAction: linkFailed });
  }
}

export function* productSuppliersSagas(): SagaIterator<void> {
  yield all([takeLatest(linksRequested, loadLinksSaga), takeLeading(linkRequested, linkSaga), takeLeading(unlinkRequested, unlinkSaga)]);
}
