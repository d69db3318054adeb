import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { type Customer, type CustomerFields, MESSAGES, type Page } from '@inventory/contract/rules';
import { all, call, delay, put, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { toMessage } from '../api/client';
import { createCustomer, searchCustomers } from '../customer-forms/api';
import { formSettled } from '../forms/formErrorsSlice';
import { reportFormSuccess } from '../forms/formSagas';
import { reportFailure } from '../session/reportFailure';

/**
 * The order form's customer picker: a search of the store's active customers a page of PICKER_LIMIT at a time
 * (`GET /api/customers?limit=8&q=…`), asked as the user types (never the whole list: a store may have a million), and
 * a new customer made without leaving the order (`POST /api/customers`).
 */
export const PICKER_LIMIT = 8;

export interface CustomerPickerState {
  query: string;
  results: Customer[];
  status: 'idle' | 'searching' | 'done' | 'failed';
  message: string;
  /** A new customer is being saved. */
  saving: boolean;
  /** The customer just made, for the picker to choose (then cleared). */
  created: Customer | null;
}

export const initialCustomerPickerState: CustomerPickerState = { query: '', results: [], status: 'idle', message: '', saving: false, created: null };

const slice = createSlice({
  name: 'customerPicker',
  initialState: initialCustomerPickerState,
  reducers: {
    customerSearchRequested(state, action: PayloadAction<string>) {
      state.query = action.payload;
      state.status = 'searching';
    },
    customerSearchReceived(state, action: PayloadAction<{ query: string; items: Customer[] }>) {
      if (action.payload.query !== state.query) return;
      state.results = action.payload.items;
      state.status = 'done';
    },
    customerSearchFailed(state, action: PayloadAction<{ query: string; message: string }>) {
      if (action.payload.query !== state.query) return;
      state.results = [];
      state.status = 'failed';
      state.message = action.payload.message;
    },
    customerSearchCleared: () => initialCustomerPickerState,
    newCustomerRequested(state, _action: PayloadAction<CustomerFields>) {
      state.saving = true;
    },
    newCustomerCreated(state, action: PayloadAction<Customer>) {
      state.saving = false;
      state.created = action.payload;
    },
    newCustomerFailed(state) {
      state.saving = false;
    },
    newCustomerTaken(state) {
      state.created = null;
    },
  },
});

export const {
  customerSearchRequested,
  customerSearchReceived,
  customerSearchFailed,
  customerSearchCleared,
  newCustomerRequested,
  newCustomerCreated,
  newCustomerFailed,
  newCustomerTaken,
} = slice.actions;
export const customerPickerReducer = slice.reducer;

export const selectCustomerPicker = (state: { customerPicker: CustomerPickerState }) => state.customerPicker;

/** Waits for a pause in typing (the latest keystroke wins), then asks the server. */
export function* searchCustomersSaga({ payload: query }: ReturnType<typeof customerSearchRequested>): SagaIterator<void> {
  yield delay(200);
  try {
    const page: Page<Customer> = yield call(searchCustomers, query, PICKER_LIMIT);
    yield put(customerSearchReceived({ query, items: page.items }));
  } catch (error) {
    yield put(customerSearchFailed({ query, message: toMessage(error) }));
  }
}

/** The new customer of the order form: saved, chosen, and said; a failure under its field (an email taken) or toasted. */
export function* newCustomerSaga({ payload }: ReturnType<typeof newCustomerRequested>): SagaIterator<void> {
  yield put(formSettled('orderCustomer'));
  try {
    const customer: Customer = yield call(createCustomer, payload);
    yield put(newCustomerCreated(customer));
    yield* reportFormSuccess('orderCustomer', MESSAGES.customerAdded);
  } catch (error) {
    yield* reportFailure(error, { failedAction: () => newCustomerFailed(), form: 'orderCustomer' });
  }
}

export function* customerPickerSagas(): SagaIterator<void> {
  yield all([takeLatest(customerSearchRequested, searchCustomersSaga), takeLeading(newCustomerRequested, newCustomerSaga)]);
}
