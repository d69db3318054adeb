import { MESSAGES, type Product, type ProductBulkResult, type ProductRemovalAnswer } from '@inventory/contract/rules';
import { all, call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { Versioned } from '../../catalogue/versioned';
import { reportFailure } from '../../session/reportFailure';
import { toast } from '../../toasts/toastsSlice';
import * as api from './api';
import {
  bulkDone,
  bulkFailed,
  bulkRequested,
  removalAnswered,
  removalAsked,
  removalClosed,
  restored,
  restoreFailed,
  restoreRequested,
} from './productArchiveSlice';
import { productUpdated, type ProductsState } from './productsSlice';

/** What deleting the product would do, for the dialog to say before the user confirms; a failure closes it. */
export function* askRemovalSaga({ payload }: ReturnType<typeof removalAsked>): SagaIterator<void> {
  try {
    const answer: ProductRemovalAnswer = yield call(api.getRemoval, payload.id);
    yield put(removalAnswered({ id: payload.id, answer }));
  } catch (error) {
    yield* reportFailure(error, { failedAction: () => removalClosed() });
  }
}

const selectEtagFor = (id: string) => (state: { products: ProductsState }) =>
  state.products.product?._id === id ? state.products.etag : null;

/** An archived product active again: the shown product, the list and the figures follow (productUpdated). */
export function* restoreSaga({ payload: id }: ReturnType<typeof restoreRequested>): SagaIterator<void> {
  try {
    const etag: string | null = yield select(selectEtagFor(id));
    const answer: Versioned<Product> = yield call(api.restoreProduct, id, etag);
    yield put(restored(answer));
    yield put(productUpdated(answer));
    yield put(toast.success(MESSAGES.productRestored));
  } catch (error) {
    yield* reportFailure(error, { failedAction: restoreFailed });
  }
}

/** One action on the chosen (or all matching) products; the server's message is the toast. */
export function* bulkSaga({ payload }: ReturnType<typeof bulkRequested>): SagaIterator<void> {
  try {
    const result: ProductBulkResult = yield call(api.bulkProducts, payload);
    yield put(bulkDone(result));
    yield put(toast.success(result.message));
  } catch (error) {
    yield* reportFailure(error, { failedAction: bulkFailed });
  }
}

export function* productArchiveSagas(): SagaIterator<void> {
  yield all([takeLatest(removalAsked, askRemovalSaga), takeLeading(restoreRequested, restoreSaga), takeLeading(bulkRequested, bulkSaga)]);
}
