import type { Invoice, OrderInvoiceBasis, OrderInvoicing } from '@inventory/contract/rules';
import { all, call, put, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { apiClient } from '../../../api/client';
import { navigateTo } from '../../../navigation/navigateTo';
import { reportFailure, reportLoadFailure } from '../../../session/reportFailure';
import { toast } from '../../../toasts/toastsSlice';
import {
  orderInvoiceRequested,
  orderInvoiceSettled,
  orderInvoicingFailed,
  orderInvoicingReceived,
  orderInvoicingRequested,
} from './orderInvoicingSlice';

const base = (orderId: string) => `/api/orders/${encodeURIComponent(orderId)}`;

export async function getOrderInvoicing(orderId: string): Promise<OrderInvoicing> {
  return (await apiClient.get<OrderInvoicing>(`${base(orderId)}/invoicing`)).data;
}

export async function invoiceOrder(orderId: string, basis: OrderInvoiceBasis): Promise<Invoice> {
  return (await apiClient.post<Invoice>(`${base(orderId)}/invoices`, { basis })).data;
}

export function* orderInvoicingSaga({ payload: orderId }: ReturnType<typeof orderInvoicingRequested>): SagaIterator<void> {
  try {
    const invoicing: OrderInvoicing = yield call(getOrderInvoicing, orderId);
    yield put(orderInvoicingReceived({ orderId, invoicing }));
  } catch (error) {
    yield* reportLoadFailure(error, orderInvoicingFailed);
  }
}

/** A draft of the order (all, or what shipped and is not invoiced), opened at once; a 409 says why in a toast. */
export function* orderInvoiceSaga({ payload }: ReturnType<typeof orderInvoiceRequested>): SagaIterator<void> {
  try {
    const invoice: Invoice = yield call(invoiceOrder, payload.orderId, payload.basis);
    yield put(orderInvoiceSettled());
    yield put(toast.success('Draft invoice made from the order'));
    yield* navigateTo(`/invoices/${invoice._id}`);
  } catch (error) {
    yield* reportFailure(error, { failedAction: () => orderInvoiceSettled() });
  }
}

export function* orderInvoicingSagas(): SagaIterator<void> {
  yield all([takeLatest(orderInvoicingRequested, orderInvoicingSaga), takeLeading(orderInvoiceRequested, orderInvoiceSaga)]);
}
