import { MESSAGES, type CatalogueSummary, type CategoryCount, type Product } from '@inventory/contract/rules';
import { all, call, fork, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { catalogueLoadSagas } from '../../catalogue/catalogueLoadSagas';
import type { Versioned } from '../../catalogue/versioned';
import { activeStoreChanged } from '../../membership/membershipSlice';
import { navigateTo } from '../../navigation/navigateTo';
import { safeNextPath } from '../../navigation/safeNextPath';
import { reportFailure, reportLoadFailure } from '../../session/reportFailure';
import { pagedListSaga } from '../../catalogue/pagedListSaga';
import {
  productListActions,
  productListName,
  selectProductList,
  summaryLoadFailed,
  summaryReceived,
  summaryRequested,
  type ProductFilters,
} from './productListSlice';
import { toast } from '../../toasts/toastsSlice';
import { bulkDone } from './productArchiveSlice';
import { formSettled } from '../../forms/formErrorsSlice';
import { reportFormSuccess } from '../../forms/formSagas';
import * as api from './api';
import { productFormData } from './formData';
import {
  createProductRequested,
  deleteProductRequested,
  getProductRequested,
  productCreated,
  productDeleted,
  productLoadFailed,
  productNotFound,
  productReceived,
  productsRequestFailed,
  productUpdated,
  updateProductRequested,
  type ProductsState,
} from './productsSlice';

/** The product calls, one saga each: call, record, toast, navigate. The form validated already. */

export const { loadItemSaga: getProductSaga } = catalogueLoadSagas<Product>({
  getItem: api.getProduct,
  notFoundMessage: MESSAGES.productNotFound,
  itemReceived: productReceived,
  itemNotFound: productNotFound,
  itemLoadFailed: productLoadFailed,
});

export function* createProductSaga({ payload }: ReturnType<typeof createProductRequested>): SagaIterator<void> {
  yield put(formSettled('product'));
  try {
    const form = productFormData(payload.values, payload.image, { withSku: true });
    const product: Product = yield call(api.createProduct, form);
    yield put(productCreated(product));
    yield* reportFormSuccess('product', MESSAGES.productAdded);
    yield* navigateTo('/dashboard');
  } catch (error) {
    yield* reportFailure(error, { failedAction: productsRequestFailed, form: 'product' });
  }
}

const selectEtagFor = (id: string) => (state: { products: ProductsState }) =>
  state.products.product?._id === id ? state.products.etag : null;

/** PATCH with the ETag of the GET; a 409 (changed meanwhile) toasts the server's message and the form keeps its input. */
export function* updateProductSaga({ payload }: ReturnType<typeof updateProductRequested>): SagaIterator<void> {
  yield put(formSettled('product'));
  try {
    const etag: string | null = yield select(selectEtagFor(payload.id));
    const form = productFormData(payload.values, payload.image, { withSku: false });
    const answer: Versioned<Product> = yield call(api.updateProduct, payload.id, form, etag);
    yield put(productUpdated(answer));
    yield* reportFormSuccess('product', MESSAGES.productUpdated);
    // Back where the edit began (the dashboard keeps its page, search and filters), else to the product.
    yield* navigateTo(safeNextPath(payload.returnTo) ?? `/product-detail/${payload.id}`);
  } catch (error) {
    yield* reportFailure(error, { failedAction: productsRequestFailed, form: 'product' });
  }
}

/** Delete and toast; the dashboard's page and figures reload on productDeleted. */
export function* deleteProductSaga({ payload: id }: ReturnType<typeof deleteProductRequested>): SagaIterator<void> {
  try {
    const { outcome }: Awaited<ReturnType<typeof api.deleteProduct>> = yield call(api.deleteProduct, id);
    yield put(productDeleted(id));
    // A product with a history was archived instead (0033): the toast says so.
    yield put(toast.success(outcome === 'archived' ? MESSAGES.productArchived : MESSAGES.productDeleted));
  } catch (error) {
    yield* reportFailure(error, { failedAction: productsRequestFailed });
  }
}

/** The dashboard's table, a page at a time from the server; it reloads its page after a create, an edit or a delete. */
const watchProductList = pagedListSaga<Product, ProductFilters>({
  name: productListName,
  actions: productListActions,
  selectState: selectProductList,
  getPage: api.getProductPage,
  reloadOn: [productCreated.type, productUpdated.type, productDeleted.type, bulkDone.type, activeStoreChanged.type],
});

/** The dashboard's figures and categories; again after every change. */
export function* loadSummarySaga(): SagaIterator<void> {
  try {
    const [summary, categories]: [CatalogueSummary, CategoryCount[]] = yield all([call(api.getSummary), call(api.getCategories)]);
    yield put(summaryReceived({ summary, categories }));
  } catch (error) {
    yield* reportLoadFailure(error, summaryLoadFailed);
  }
}

export function* productsSagas(): SagaIterator<void> {
  yield all([
    fork(watchProductList),
    takeLatest(
      [summaryRequested.type, productCreated.type, productUpdated.type, productDeleted.type, bulkDone.type, activeStoreChanged.type],
      loadSummarySaga,
    ),
    takeLatest(getProductRequested, getProductSaga),
    takeLeading(createProductRequested, createProductSaga),
    takeLeading(updateProductRequested, updateProductSaga),
    takeEvery(deleteProductRequested, deleteProductSaga),
  ]);
}
