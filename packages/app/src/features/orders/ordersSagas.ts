import { MESSAGES, type Order } from '@inventory/contract';
import { all, call, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { navigateTo } from '../../app/navigation';
import type { RootState } from '../../app/store';
import { reportFailure } from '../auth/reportFailure';
import type { Versioned } from '../items/api';
import { toItemPayload } from '../items/itemForm';
import { isNotFound, reportLoadFailure } from '../items/sagaHelpers';
import { toast } from '../toasts/toastsSlice';
import * as api from './api';
import {
  createOrderRequested,
  deleteOrderRequested,
  getOrderRequested,
  getOrdersRequested,
  orderCreated,
  orderDeleted,
  orderLoadFailed,
  orderNotFound,
  orderReceived,
  ordersLoadFailed,
  ordersReceived,
  ordersRequestFailed,
  orderUpdated,
  updateOrderRequested,
} from './ordersSlice';

/** The order calls of SPEC.md §7 with DESIGN.md §5's fixes. The forms validated already. */

export function* getOrdersSaga(): SagaIterator<void> {
  try {
    const orders: Order[] = yield call(api.getOrders);
    yield put(ordersReceived(orders));
  } catch (error) {
    // DESIGN.md §5: a failed list shows a message (the table's error state), not only a log line.
    yield* reportLoadFailure(error, ordersLoadFailed);
  }
}

export function* getOrderSaga({ payload: id }: ReturnType<typeof getOrderRequested>): SagaIterator<void> {
  try {
    const answer: Versioned<Order> = yield call(api.getOrder, id);
    yield put(orderReceived(answer));
  } catch (error) {
    if (isNotFound(error)) yield put(orderNotFound(MESSAGES.orderNotFound));
    else yield* reportLoadFailure(error, orderLoadFailed);
  }
}

export function* createOrderSaga({ payload }: ReturnType<typeof createOrderRequested>): SagaIterator<void> {
  try {
    const order: Order = yield call(api.createOrder, toItemPayload(payload));
    yield put(orderCreated(order));
    yield put(toast.success(MESSAGES.orderAdded));
    yield* navigateTo('/orders');
  } catch (error) {
    yield* reportFailure(error, { failedAction: ordersRequestFailed });
  }
}

const selectEtagFor = (id: string) => (state: RootState) => (state.orders.order?._id === id ? state.orders.etag : null);

/** PATCH with the ETag of the GET; a 409 toasts the server's message and the form keeps its input. */
export function* updateOrderSaga({ payload }: ReturnType<typeof updateOrderRequested>): SagaIterator<void> {
  try {
    const etag: string | null = yield select(selectEtagFor(payload.id));
    const answer: Versioned<Order> = yield call(api.updateOrder, payload.id, toItemPayload(payload.values), etag);
    yield put(orderUpdated(answer));
    yield put(toast.success(MESSAGES.orderUpdated));
    yield* navigateTo('/orders');
  } catch (error) {
    yield* reportFailure(error, { failedAction: ordersRequestFailed });
  }
}

/** Delete, then remove the row locally (SPEC.md §4) and toast. */
export function* deleteOrderSaga({ payload: id }: ReturnType<typeof deleteOrderRequested>): SagaIterator<void> {
  try {
    yield call(api.deleteOrder, id);
    yield put(orderDeleted(id));
    yield put(toast.success(MESSAGES.orderDeleted));
  } catch (error) {
    yield* reportFailure(error, { failedAction: ordersRequestFailed });
  }
}

export function* ordersSagas(): SagaIterator<void> {
  yield all([
    takeLatest(getOrdersRequested, getOrdersSaga),
    takeLatest(getOrderRequested, getOrderSaga),
    takeLeading(createOrderRequested, createOrderSaga),
    takeLeading(updateOrderRequested, updateOrderSaga),
    takeEvery(deleteOrderRequested, deleteOrderSaga),
  ]);
}
