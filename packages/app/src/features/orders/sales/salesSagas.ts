import { MESSAGES, type Order, type OrderReturn, type Shipment } from '@inventory/contract/rules';
import { all, call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { Versioned } from '../../../catalogue/versioned';
import { formSettled } from '../../../forms/formErrorsSlice';
import { reportFormSuccess } from '../../../forms/formSagas';
import { navigateTo } from '../../../navigation/navigateTo';
import { reportFailure, reportLoadFailure } from '../../../session/reportFailure';
import { toast } from '../../../toasts/toastsSlice';
import * as ordersApi from '../api';
import { orderReceived, orderUpdated, type OrdersState } from '../ordersSlice';
import * as api from './salesApi';
import type { Pricing } from './salesApi';
import {
  cancelRequested,
  fulfilmentFailed,
  fulfilmentReceived,
  fulfilmentRecorded,
  fulfilmentRecordFailed,
  fulfilmentRequested,
  pricingFailed,
  pricingReceived,
  pricingRequested,
  returnRequested,
  salesOrderCreateRequested,
  salesOrderSaved,
  salesOrderSaveFailed,
  salesOrderUpdateRequested,
  shipmentRequested,
} from './salesSlice';
import { SALES_TEXT } from './salesTexts';

/** The calls of orders of several lines: one saga each, call, record, toast, navigate. The forms validated already. */

export function* pricingSaga(): SagaIterator<void> {
  try {
    const pricing: Pricing = yield call(api.getPricing);
    yield put(pricingReceived(pricing));
  } catch (error) {
    yield* reportLoadFailure(error, pricingFailed);
  }
}

export function* createSalesOrderSaga({ payload }: ReturnType<typeof salesOrderCreateRequested>): SagaIterator<void> {
  yield put(formSettled('salesOrder'));
  try {
    const order: Order = yield call(api.createSalesOrder, payload);
    yield put(salesOrderSaved());
    yield* reportFormSuccess('salesOrder', MESSAGES.orderAdded);
    yield* navigateTo(`/order-detail/${order._id}`);
  } catch (error) {
    yield* reportFailure(error, { failedAction: salesOrderSaveFailed, form: 'salesOrder' });
  }
}

const selectEtagFor = (id: string) => (state: { orders: OrdersState }) =>
  state.orders.order?._id === id ? state.orders.etag : null;

/** PATCH with the ETag of the GET: the lines as they are to be; a 409 toasts and the form keeps its input. */
export function* updateSalesOrderSaga({ payload }: ReturnType<typeof salesOrderUpdateRequested>): SagaIterator<void> {
  yield put(formSettled('salesOrder'));
  try {
    const etag: string | null = yield select(selectEtagFor(payload.id));
    const answer: Versioned<Order> = yield call(api.updateSalesOrder, payload.id, payload.body, etag);
    yield put(orderUpdated(answer));
    yield put(salesOrderSaved());
    yield* reportFormSuccess('salesOrder', MESSAGES.orderUpdated);
    yield* navigateTo(`/order-detail/${payload.id}`);
  } catch (error) {
    yield* reportFailure(error, { failedAction: salesOrderSaveFailed, form: 'salesOrder' });
  }
}

export function* fulfilmentSaga({ payload: orderId }: ReturnType<typeof fulfilmentRequested>): SagaIterator<void> {
  try {
    const [shipments, returns]: [Shipment[], OrderReturn[]] = yield all([
      call(api.listShipments, orderId),
      call(api.listReturns, orderId),
    ]);
    yield put(fulfilmentReceived({ orderId, shipments, returns }));
  } catch (error) {
    yield* reportLoadFailure(error, fulfilmentFailed);
  }
}

/** After a shipment or a return: the order again (its lines' quantities and status) and its shipments and returns. */
function* reloadOrder(orderId: string): SagaIterator<void> {
  const answer: Versioned<Order> = yield call(ordersApi.getOrder, orderId);
  yield put(orderReceived(answer));
  yield* fulfilmentSaga(fulfilmentRequested(orderId));
}

export function* shipmentSaga({ payload }: ReturnType<typeof shipmentRequested>): SagaIterator<void> {
  try {
    yield call(api.createShipment, payload.orderId, payload.body);
    yield* reloadOrder(payload.orderId);
    yield put(fulfilmentRecorded());
    yield put(toast.success(SALES_TEXT.shipmentRecorded));
  } catch (error) {
    yield* reportFailure(error, { failedAction: fulfilmentRecordFailed });
  }
}

export function* returnSaga({ payload }: ReturnType<typeof returnRequested>): SagaIterator<void> {
  try {
    yield call(api.createReturn, payload.orderId, payload.body);
    yield* reloadOrder(payload.orderId);
    yield put(fulfilmentRecorded());
    yield put(toast.success(SALES_TEXT.returnRecorded));
  } catch (error) {
    yield* reportFailure(error, { failedAction: fulfilmentRecordFailed });
  }
}

/** Cancels what has not shipped (its stock goes back); the detail stays, showing the order as it now is. */
export function* cancelSaga({ payload: order }: ReturnType<typeof cancelRequested>): SagaIterator<void> {
  try {
    const etag: string | null = yield select(selectEtagFor(order._id));
    const answer: Versioned<Order> = yield call(api.cancelSalesOrder, order, etag);
    yield put(orderUpdated(answer));
    yield put(fulfilmentRecorded());
    yield put(toast.success(MESSAGES.orderCancelled));
  } catch (error) {
    yield* reportFailure(error, { failedAction: fulfilmentRecordFailed });
  }
}

export function* salesSagas(): SagaIterator<void> {
  yield all([
    takeLatest(pricingRequested, pricingSaga),
    takeLeading(salesOrderCreateRequested, createSalesOrderSaga),
    takeLeading(salesOrderUpdateRequested, updateSalesOrderSaga),
    takeLatest(fulfilmentRequested, fulfilmentSaga),
    takeLeading(shipmentRequested, shipmentSaga),
    takeLeading(returnRequested, returnSaga),
    takeLeading(cancelRequested, cancelSaga),
  ]);
}
