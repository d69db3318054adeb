import { MESSAGES, type Product } from '@inventory/contract';
import { all, call, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { navigateTo } from '../../app/navigation';
import type { RootState } from '../../app/store';
import { reportFailure } from '../auth/reportFailure';
import type { Versioned } from '../items/api';
import { isNotFound, reportLoadFailure } from '../items/sagaHelpers';
import { toast } from '../toasts/toastsSlice';
import * as api from './api';
import { productFormData } from './formData';
import {
  createProductRequested,
  deleteProductRequested,
  getProductRequested,
  getProductsRequested,
  productCreated,
  productDeleted,
  productLoadFailed,
  productNotFound,
  productReceived,
  productsLoadFailed,
  productsReceived,
  productsRequestFailed,
  productUpdated,
  updateProductRequested,
} from './productsSlice';

/** The product calls of SPEC.md §7, one saga each: call, record, toast, navigate. The form validated already. */

export function* getProductsSaga(): SagaIterator<void> {
  try {
    const products: Product[] = yield call(api.getProducts);
    yield put(productsReceived(products));
  } catch (error) {
    yield* reportLoadFailure(error, productsLoadFailed);
  }
}

export function* getProductSaga({ payload: id }: ReturnType<typeof getProductRequested>): SagaIterator<void> {
  try {
    const answer: Versioned<Product> = yield call(api.getProduct, id);
    yield put(productReceived(answer));
  } catch (error) {
    if (isNotFound(error)) yield put(productNotFound(MESSAGES.productNotFound));
    else yield* reportLoadFailure(error, productLoadFailed);
  }
}

export function* createProductSaga({ payload }: ReturnType<typeof createProductRequested>): SagaIterator<void> {
  try {
    const form = productFormData(payload.values, payload.image, { withSku: true });
    const product: Product = yield call(api.createProduct, form);
    yield put(productCreated(product));
    yield put(toast.success(MESSAGES.productAdded));
    yield* navigateTo('/dashboard');
  } catch (error) {
    yield* reportFailure(error, { failedAction: productsRequestFailed });
  }
}

const selectEtagFor = (id: string) => (state: RootState) =>
  state.products.product?._id === id ? state.products.etag : null;

/** PATCH with the ETag of the GET; a 409 (changed meanwhile) toasts the server's message and the form keeps its input. */
export function* updateProductSaga({ payload }: ReturnType<typeof updateProductRequested>): SagaIterator<void> {
  try {
    const etag: string | null = yield select(selectEtagFor(payload.id));
    const form = productFormData(payload.values, payload.image, { withSku: false });
    const answer: Versioned<Product> = yield call(api.updateProduct, payload.id, form, etag);
    yield put(productUpdated(answer));
    yield put(toast.success(MESSAGES.productUpdated));
    yield* navigateTo('/dashboard');
  } catch (error) {
    yield* reportFailure(error, { failedAction: productsRequestFailed });
  }
}

/** Delete, toast, then reload the list (SPEC.md §4). */
export function* deleteProductSaga({ payload: id }: ReturnType<typeof deleteProductRequested>): SagaIterator<void> {
  try {
    yield call(api.deleteProduct, id);
    yield put(productDeleted());
    yield put(toast.success(MESSAGES.productDeleted));
    yield put(getProductsRequested());
  } catch (error) {
    yield* reportFailure(error, { failedAction: productsRequestFailed });
  }
}

export function* productsSagas(): SagaIterator<void> {
  yield all([
    takeLatest(getProductsRequested, getProductsSaga),
    takeLatest(getProductRequested, getProductSaga),
    takeLeading(createProductRequested, createProductSaga),
    takeLeading(updateProductRequested, updateProductSaga),
    takeEvery(deleteProductRequested, deleteProductSaga),
  ]);
}
