import type { MovementPage } from '@inventory/contract/rules';
import { isAxiosError } from 'axios';
import { all, call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { toMessage } from '../../api/client';
import { reportFailure, reportLoadFailure } from '../../session/reportFailure';
import { toast } from '../../toasts/toastsSlice';
import * as api from './api';
import { productReceived } from './productsSlice';
import * as stockApi from './stockApi';
import {
  correctionDone,
  correctionFailed,
  correctionRequested,
  movementsLoadFailed,
  movementsReceived,
  movementsRequested,
  olderMovementsRequested,
  selectStock,
  type StockState,
} from './stockSlice';

/** The first page of a product's stock history. */
export function* loadMovementsSaga({ payload: productId }: ReturnType<typeof movementsRequested>): SagaIterator<void> {
  try {
    const page: MovementPage = yield call(stockApi.getMovements, productId, null);
    yield put(movementsReceived({ productId, page, older: false }));
  } catch (error) {
    yield* reportLoadFailure(error, movementsLoadFailed);
  }
}

/** "Show older": the page after the last one shown. */
export function* loadOlderMovementsSaga(): SagaIterator<void> {
  const { productId, next }: StockState = yield select(selectStock);
  if (!productId || !next) return;
  try {
    const page: MovementPage = yield call(stockApi.getMovements, productId, next);
    yield put(movementsReceived({ productId, page, older: true }));
  } catch (error) {
    yield* reportFailure(error, { failedAction: movementsLoadFailed });
  }
}

/**
 * A stock correction: the server's message as a toast, then the product (its new quantity and version) and its
 * history again. A refusal about the change (400, 409 below 0) shows under the field.
 */
export function* correctStockSaga({ payload }: ReturnType<typeof correctionRequested>): SagaIterator<void> {
  try {
    const result: { message: string } = yield call(stockApi.adjustStock, payload.productId, payload.change, payload.reason, payload.note);
    yield put(correctionDone());
    yield put(toast.success(result.message));
  } catch (error) {
    const status = isAxiosError(error) ? error.response?.status : undefined;
    if (status === 400 || status === 409) {
      yield put(correctionFailed({ message: toMessage(error), field: true }));
      return;
    }
    yield* reportFailure(error, { failedAction: (message) => correctionFailed({ message, field: false }) });
    return;
  }
  try {
    yield put(productReceived(yield call(api.getProduct, payload.productId)));
  } catch {
    // The history below still shows the new quantity.
  }
  yield put(movementsRequested(payload.productId));
}

export function* stockSagas(): SagaIterator<void> {
  yield all([
    takeLatest(movementsRequested.type, loadMovementsSaga),
    takeLeading(olderMovementsRequested.type, loadOlderMovementsSaga),
    takeLeading(correctionRequested.type, correctStockSaga),
  ]);
}

