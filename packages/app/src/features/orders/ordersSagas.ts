import { MESSAGES, type Order } from '@inventory/contract/rules';
import { all, call, fork, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { catalogueLoadSagas } from '../../catalogue/catalogueLoadSagas';
import { toItemPayload } from '../../catalogue/itemForm';
import type { Versioned } from '../../catalogue/versioned';
import { navigateTo } from '../../navigation/navigateTo';
import { reportFailure } from '../../session/reportFailure';
import { toast } from '../../toasts/toastsSlice';
import { formSettled } from '../../forms/formErrorsSlice';
import { reportFormSuccess } from '../../forms/formSagas';
import * as api from './api';
import { watchOrderList } from './orderListSagas';
import type { OrderPayload } from './api';
import {
  createOrderRequested,
  deleteOrderRequested,
  getOrderRequested,
  orderCreated,
  orderDeleted,
  orderLoadFailed,
  orderNotFound,
  orderReceived,
  ordersRequestFailed,
  orderUpdated,
  updateOrderRequested,
  type OrderFormValues,
  type OrdersState,
} from './ordersSlice';

/** The order calls, one saga each: call, record, toast, navigate. The forms validated already. */

export const { loadItemSaga: getOrderSaga } = catalogueLoadSagas<Order>({
  getItem: api.getOrder,
  notFoundMessage: MESSAGES.orderNotFound,
  itemReceived: orderReceived,
  itemNotFound: orderNotFound,
  itemLoadFailed: orderLoadFailed,
});

/** The JSON of POST/PATCH: the item fields, plus the product, the customer and the status when the form has them. */
function toOrderPayload(values: OrderFormValues): OrderPayload {
  return {
    ...toItemPayload(values),
    ...(values.productId === undefined ? {} : { productId: values.productId }),
    ...(values.customerId === undefined ? {} : { customerId: values.customerId }),
    ...(values.status === undefined ? {} : { status: values.status }),
  };
}

export function* createOrderSaga({ payload }: ReturnType<typeof createOrderRequested>): SagaIterator<void> {
  yield put(formSettled('order'));
  try {
    const order: Order = yield call(api.createOrder, toOrderPayload(payload));
    yield put(orderCreated(order));
    yield* reportFormSuccess('order', MESSAGES.orderAdded);
    yield* navigateTo('/orders');
  } catch (error) {
    yield* reportFailure(error, { failedAction: ordersRequestFailed, form: 'order' });
  }
}

const selectEtagFor = (id: string) => (state: { orders: OrdersState }) =>
  state.orders.order?._id === id ? state.orders.etag : null;
const selectHeldOrder = (id: string) => (state: { orders: OrdersState }) =>
  state.orders.order?._id === id ? state.orders.order : null;

/** PATCH with the ETag of the GET; a 409 toasts the server's message and the form keeps its input. */
export function* updateOrderSaga({ payload }: ReturnType<typeof updateOrderRequested>): SagaIterator<void> {
  yield put(formSettled('order'));
  try {
    const etag: string | null = yield select(selectEtagFor(payload.id));
    const before: Order | null = yield select(selectHeldOrder(payload.id));
    const answer: Versioned<Order> = yield call(api.updateOrder, payload.id, toOrderPayload(payload.values), etag);
    yield put(orderUpdated(answer));
    const cancelled = payload.values.status === 'cancelled' && (before?.status ?? 'open') !== 'cancelled';
    yield* reportFormSuccess('order', cancelled ? MESSAGES.orderCancelled : MESSAGES.orderUpdated);
    yield* navigateTo('/orders');
  } catch (error) {
    yield* reportFailure(error, { failedAction: ordersRequestFailed, form: 'order' });
  }
}

/** Delete, then remove the row locally and toast. */
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
    fork(watchOrderList),
    takeLatest(getOrderRequested, getOrderSaga),
    takeLeading(createOrderRequested, createOrderSaga),
    takeLeading(updateOrderRequested, updateOrderSaga),
    takeEvery(deleteOrderRequested, deleteOrderSaga),
  ]);
}
