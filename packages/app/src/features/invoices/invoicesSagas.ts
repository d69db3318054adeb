import { BILLING_MESSAGES, type CreditNote, type Invoice, type Payment } from '@inventory/contract/rules';
import { all, call, fork, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { isNotFound } from '../../api/client';
import { pagedListSaga } from '../../catalogue/pagedListSaga';
import type { Versioned } from '../../catalogue/versioned';
import { getPricing, type Pricing } from '../../documents/pricing';
import { formSettled } from '../../forms/formErrorsSlice';
import { reportFormSuccess } from '../../forms/formSagas';
import { activeStoreChanged } from '../../membership/membershipSlice';
import { navigateTo } from '../../navigation/navigateTo';
import { reportFailure, reportLoadFailure } from '../../session/reportFailure';
import { toast } from '../../toasts/toastsSlice';
import * as api from './invoicesApi';
import { invoiceListActions, invoiceListName, selectInvoiceList } from './invoiceListSlice';
import {
  creditRequested,
  deleteRequested,
  invoiceActionDone,
  invoiceActionFailed,
  invoiceCreateRequested,
  invoiceLoadFailed,
  invoiceNotFound,
  invoicePricingFailed,
  invoicePricingReceived,
  invoicePricingRequested,
  invoiceReceived,
  invoiceRequested,
  invoiceSaved,
  invoiceSaveFailed,
  invoiceUpdateRequested,
  issueRequested,
  paymentRequested,
  selectInvoices,
  sendRequested,
  type InvoicesState,
} from './invoicesSlice';
import { INVOICE_TEXT } from './invoiceTexts';

/** The invoice calls, one saga each: call, record, toast, navigate. The forms and dialogs validated already. */

const watchInvoiceList = pagedListSaga({
  name: invoiceListName,
  actions: invoiceListActions,
  selectState: selectInvoiceList,
  getPage: api.getInvoicePage,
  reloadOn: [invoiceSaved.type, invoiceActionDone.type, activeStoreChanged.type],
});

export function* invoicePricingSaga(): SagaIterator<void> {
  try {
    const pricing: Pricing = yield call(getPricing);
    yield put(invoicePricingReceived(pricing));
  } catch (error) {
    yield* reportLoadFailure(error, invoicePricingFailed);
  }
}

/** The invoice with its credit notes and payments. */
function* fetchInvoice(id: string): SagaIterator<void> {
  const [answer, creditNotes, payments]: [Versioned<Invoice>, CreditNote[], Payment[]] = yield all([
    call(api.getInvoice, id),
    call(api.listCreditNotes, id),
    call(api.listPayments, id),
  ]);
  yield put(invoiceReceived({ invoice: answer.item, etag: answer.etag, creditNotes, payments }));
}

export function* loadInvoiceSaga({ payload: id }: ReturnType<typeof invoiceRequested>): SagaIterator<void> {
  try {
    yield* fetchInvoice(id);
  } catch (error) {
    if (isNotFound(error)) yield put(invoiceNotFound(BILLING_MESSAGES.invoiceNotFound));
    else yield* reportLoadFailure(error, invoiceLoadFailed);
  }
}

export function* createInvoiceSaga({ payload }: ReturnType<typeof invoiceCreateRequested>): SagaIterator<void> {
  yield put(formSettled('invoice'));
  try {
    const invoice: Invoice = yield call(api.createInvoice, payload);
    yield put(invoiceSaved());
    yield* reportFormSuccess('invoice', INVOICE_TEXT.created);
    yield* navigateTo(`/invoices/${invoice._id}`);
  } catch (error) {
    yield* reportFailure(error, { failedAction: invoiceSaveFailed, form: 'invoice' });
  }
}

const selectEtagFor = (id: string) => (state: { invoices: InvoicesState }) => (state.invoices.invoice?._id === id ? state.invoices.etag : null);

export function* updateInvoiceSaga({ payload }: ReturnType<typeof invoiceUpdateRequested>): SagaIterator<void> {
  yield put(formSettled('invoice'));
  try {
    const etag: string | null = yield select(selectEtagFor(payload.id));
    yield call(api.updateInvoice, payload.id, payload.body, etag);
    yield put(invoiceSaved());
    yield* reportFormSuccess('invoice', INVOICE_TEXT.updated);
    yield* navigateTo(`/invoices/${payload.id}`);
  } catch (error) {
    yield* reportFailure(error, { failedAction: invoiceSaveFailed, form: 'invoice' });
  }
}

/** Runs an action on the shown invoice, then shows it again as it now is (its status, what is due, its mail). */
function* acting(id: string, run: () => SagaIterator<string>): SagaIterator<void> {
  try {
    const message: string = yield* run();
    yield* fetchInvoice(id);
    yield put(invoiceActionDone());
    yield put(toast.success(message));
  } catch (error) {
    yield* reportFailure(error, { failedAction: invoiceActionFailed });
  }
}

export function* issueSaga({ payload: id }: ReturnType<typeof issueRequested>): SagaIterator<void> {
  yield* acting(id, function* () {
    const etag: string | null = yield select(selectEtagFor(id));
    const answer: Versioned<Invoice> = yield call(api.issueInvoice, id, etag);
    return INVOICE_TEXT.issued(answer.item.number);
  });
}

export function* sendSaga({ payload: id }: ReturnType<typeof sendRequested>): SagaIterator<void> {
  yield* acting(id, function* () {
    yield call(api.sendInvoice, id);
    return INVOICE_TEXT.mailed;
  });
}

export function* creditSaga({ payload }: ReturnType<typeof creditRequested>): SagaIterator<void> {
  yield* acting(payload.id, function* () {
    const note: CreditNote = yield call(api.createCreditNote, payload.id, payload.body, payload.key);
    return INVOICE_TEXT.credited(note.number);
  });
}

export function* paymentSaga({ payload }: ReturnType<typeof paymentRequested>): SagaIterator<void> {
  yield* acting(payload.id, function* () {
    yield call(api.createPayment, payload.id, payload.body, payload.key);
    return INVOICE_TEXT.paid;
  });
}

export function* deleteSaga({ payload: id }: ReturnType<typeof deleteRequested>): SagaIterator<void> {
  try {
    const { etag }: InvoicesState = yield select(selectInvoices);
    yield call(api.deleteInvoice, id, etag);
    yield put(invoiceActionDone());
    yield put(toast.success(INVOICE_TEXT.deleted));
    yield* navigateTo('/invoices');
  } catch (error) {
    yield* reportFailure(error, { failedAction: invoiceActionFailed });
  }
}

export function* invoicesSagas(): SagaIterator<void> {
  yield all([
    fork(watchInvoiceList),
    takeLatest(invoicePricingRequested, invoicePricingSaga),
    takeLatest(invoiceRequested, loadInvoiceSaga),
    takeLeading(invoiceCreateRequested, createInvoiceSaga),
    takeLeading(invoiceUpdateRequested, updateInvoiceSaga),
    takeLeading(issueRequested, issueSaga),
    takeLeading(sendRequested, sendSaga),
    takeLeading(creditRequested, creditSaga),
    takeLeading(paymentRequested, paymentSaga),
    takeLeading(deleteRequested, deleteSaga),
  ]);
}
