import {
  PURCHASE_MESSAGES,
  type PurchaseOrder,
  type Receipt,
  type ReceiptCreated,
  type Supplier,
} from '@inventory/contract/rules';
import { all, call, delay, fork, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { isConflict, isNotFound, toMessage } from '../../api/client';
import { pagedListSaga } from '../../catalogue/pagedListSaga';
import type { Versioned } from '../../catalogue/versioned';
import { formSettled } from '../../forms/formErrorsSlice';
import { reportFormSuccess } from '../../forms/formSagas';
import { activeStoreChanged } from '../../membership/membershipSlice';
import { navigateTo } from '../../navigation/navigateTo';
import { reportFailure, reportLoadFailure } from '../../session/reportFailure';
import { toast } from '../../toasts/toastsSlice';
import * as api from './purchaseOrdersApi';
import {
  purchaseOrderListActions,
  purchaseOrderListName,
  selectPurchaseOrderList,
} from './purchaseOrderListSlice';
import {
  currencyReceived,
  currencyRequested,
  purchaseOrderActionFailed,
  purchaseOrderActionFinished,
  purchaseOrderCreateRequested,
  purchaseOrderDeleted,
  purchaseOrderDeleteRequested,
  purchaseOrderLoadFailed,
  purchaseOrderMailRequested,
  purchaseOrderNotFound,
  purchaseOrderReceived,
  purchaseOrderRequested,
  purchaseOrderSaved,
  purchaseOrderSaveFailed,
  purchaseOrderStatusRequested,
  purchaseOrderUpdated,
  purchaseOrderUpdateRequested,
  receiptFailed,
  receiptRecorded,
  receiptRefused,
  receiptRequested,
  receiptsFailed,
  receiptsReceived,
  receiptsRequested,
  selectPurchaseOrders,
  supplierSearchFailed,
  supplierSearchReceived,
  supplierSearchRequested,
  type PurchaseOrdersState,
} from './purchaseOrdersSlice';
import { PURCHASE_TEXT } from './purchaseTexts';

/** The purchase-order calls, one saga each: call, record, toast, navigate. The forms validated already. */

/** How many suppliers the picker and the list's filter offer at a time (by name; typing narrows them). */
export const SUPPLIER_CHOICES = 50;

/** The purchase orders table, a page at a time; it reloads after a save, an action, a receipt or a delete. */
const watchPurchaseOrderList = pagedListSaga({
  name: purchaseOrderListName,
  actions: purchaseOrderListActions,
  selectState: selectPurchaseOrderList,
  getPage: api.getPurchaseOrderPage,
  reloadOn: [purchaseOrderSaved.type, purchaseOrderUpdated.type, purchaseOrderDeleted.type, activeStoreChanged.type],
});

export function* loadPurchaseOrderSaga({ payload: id }: ReturnType<typeof purchaseOrderRequested>): SagaIterator<void> {
  try {
    const answer: Versioned<PurchaseOrder> = yield call(api.getPurchaseOrder, id);
    yield put(purchaseOrderReceived(answer));
  } catch (error) {
    if (isNotFound(error)) yield put(purchaseOrderNotFound(PURCHASE_MESSAGES.notFound));
    else yield* reportLoadFailure(error, purchaseOrderLoadFailed);
  }
}

export function* loadReceiptsSaga({ payload: id }: ReturnType<typeof receiptsRequested>): SagaIterator<void> {
  try {
    const receipts: Receipt[] = yield call(api.listReceipts, id);
    yield put(receiptsReceived({ orderId: id, receipts }));
  } catch (error) {
    yield* reportLoadFailure(error, receiptsFailed);
  }
}

export function* createPurchaseOrderSaga({ payload }: ReturnType<typeof purchaseOrderCreateRequested>): SagaIterator<void> {
  yield put(formSettled('purchaseOrder'));
  try {
    const order: PurchaseOrder = yield call(api.createPurchaseOrder, payload);
    yield put(purchaseOrderSaved());
    yield* reportFormSuccess('purchaseOrder', PURCHASE_TEXT.saved(order.reference));
    yield* navigateTo(`/purchase-orders/${order._id}`);
  } catch (error) {
    yield* reportFailure(error, { failedAction: purchaseOrderSaveFailed, form: 'purchaseOrder' });
  }
}

const etagOf = (id: string) => (state: { purchaseOrders: PurchaseOrdersState }) =>
  state.purchaseOrders.order?._id === id ? state.purchaseOrders.etag : null;

/** The ETag to send: the one held, else (after a receipt, whose answer has none) the order's as it is now. */
function* currentEtag(id: string): SagaIterator<string | null> {
  const held: string | null = yield select(etagOf(id));
  if (held) return held;
  const answer: Versioned<PurchaseOrder> = yield call(api.getPurchaseOrder, id);
  return answer.etag;
}

/** PATCH a draft with the ETag of its GET: a 409 (changed meanwhile, or no longer a draft) toasts; the form keeps its input. */
export function* updatePurchaseOrderSaga({ payload }: ReturnType<typeof purchaseOrderUpdateRequested>): SagaIterator<void> {
  yield put(formSettled('purchaseOrder'));
  try {
    const etag: string | null = yield* currentEtag(payload.id);
    const answer: Versioned<PurchaseOrder> = yield call(api.updatePurchaseOrder, payload.id, payload.body, etag);
    yield put(purchaseOrderUpdated(answer));
    yield put(purchaseOrderSaved());
    yield* reportFormSuccess('purchaseOrder', PURCHASE_TEXT.updated(answer.item.reference));
    yield* navigateTo(`/purchase-orders/${payload.id}`);
  } catch (error) {
    yield* reportFailure(error, { failedAction: purchaseOrderSaveFailed, form: 'purchaseOrder' });
  }
}

/** Send (ordered: on order from now) or cancel; the detail stays, showing the order as it now is. */
export function* purchaseOrderStatusSaga({ payload }: ReturnType<typeof purchaseOrderStatusRequested>): SagaIterator<void> {
  try {
    const etag: string | null = yield* currentEtag(payload.id);
    const answer: Versioned<PurchaseOrder> = yield call(api.setPurchaseOrderStatus, payload.id, payload.status, etag);
    yield put(purchaseOrderUpdated(answer));
    yield put(purchaseOrderActionFinished());
    const { reference } = answer.item;
    yield put(toast.success(payload.status === 'ordered' ? PURCHASE_TEXT.sent(reference) : PURCHASE_TEXT.cancelled(reference)));
  } catch (error) {
    yield* reportFailure(error, { failedAction: purchaseOrderActionFailed });
  }
}

export function* mailPurchaseOrderSaga({ payload: id }: ReturnType<typeof purchaseOrderMailRequested>): SagaIterator<void> {
  try {
    const message: string = yield call(api.mailPurchaseOrder, id);
    yield put(purchaseOrderActionFinished());
    yield put(toast.success(message));
  } catch (error) {
    yield* reportFailure(error, { failedAction: purchaseOrderActionFailed });
  }
}

export function* deletePurchaseOrderSaga({ payload: id }: ReturnType<typeof purchaseOrderDeleteRequested>): SagaIterator<void> {
  try {
    const etag: string | null = yield* currentEtag(id);
    yield call(api.deletePurchaseOrder, id, etag);
    yield put(purchaseOrderDeleted(id));
    yield put(purchaseOrderActionFinished());
    yield put(toast.success(PURCHASE_MESSAGES.deleted));
    yield* navigateTo('/purchase-orders');
  } catch (error) {
    yield* reportFailure(error, { failedAction: purchaseOrderActionFailed });
  }
}

/**
 * A receipt: recorded, the order as it now is (its lines' received and outstanding, its status); received in full,
 * its detail opens. A 409 (more than is outstanding, perhaps received meanwhile on another phone) is said on the
 * receiving screen, which keeps its counts, and the order is read again so each line shows what is outstanding now.
 */
export function* receiptSaga({ payload }: ReturnType<typeof receiptRequested>): SagaIterator<void> {
  try {
    const created: ReceiptCreated = yield call(api.createReceipt, payload.orderId, payload.body, payload.key);
    yield put(receiptRecorded(created));
    const units = payload.body.lines.reduce((sum, line) => sum + line.quantity, 0);
    const order = created.purchaseOrder;
    if (order.status === 'received') {
      yield put(toast.success(PURCHASE_TEXT.receivedInFull(order.reference)));
      yield* navigateTo(`/purchase-orders/${order._id}`);
    } else yield put(toast.success(PURCHASE_TEXT.received(units)));
  } catch (error) {
    if (isConflict(error)) {
      yield put(receiptRefused(toMessage(error)));
      try {
        const answer: Versioned<PurchaseOrder> = yield call(api.getPurchaseOrder, payload.orderId);
        yield put(purchaseOrderReceived(answer));
      } catch (reloadError) {
        yield* reportLoadFailure(reloadError, purchaseOrderLoadFailed);
      }
    } else yield* reportFailure(error, { failedAction: receiptFailed });
  }
}

/** The suppliers the picker offers: after a pause in typing (the latest keystroke wins), by name. */
export function* supplierSearchSaga({ payload: query }: ReturnType<typeof supplierSearchRequested>): SagaIterator<void> {
  yield delay(150);
  try {
    const suppliers: Supplier[] = yield call(api.searchSuppliers, query, SUPPLIER_CHOICES);
    yield put(supplierSearchReceived({ query, suppliers }));
  } catch (error) {
    yield put(supplierSearchFailed({ query, message: toMessage(error) }));
  }
}

/** The store's currency, once: costs are printed in it. */
export function* currencySaga(): SagaIterator<void> {
  const { currency }: PurchaseOrdersState = yield select(selectPurchaseOrders);
  if (currency) return;
  try {
    const answer: api.Currency = yield call(api.getCurrency);
    yield put(currencyReceived(answer));
  } catch {
    // Amounts are then printed with 2 decimals and no symbol; the screens work on.
  }
}

export function* purchaseOrdersSagas(): SagaIterator<void> {
  yield all([
    fork(watchPurchaseOrderList),
    takeLatest(purchaseOrderRequested, loadPurchaseOrderSaga),
    takeLatest(receiptsRequested, loadReceiptsSaga),
    takeLeading(purchaseOrderCreateRequested, createPurchaseOrderSaga),
    takeLeading(purchaseOrderUpdateRequested, updatePurchaseOrderSaga),
    takeLeading(purchaseOrderStatusRequested, purchaseOrderStatusSaga),
    takeLeading(purchaseOrderMailRequested, mailPurchaseOrderSaga),
    takeLeading(purchaseOrderDeleteRequested, deletePurchaseOrderSaga),
    takeLeading(receiptRequested, receiptSaga),
    takeLatest(supplierSearchRequested, supplierSearchSaga),
    takeLeading(currencyRequested, currencySaga),
  ]);
}
