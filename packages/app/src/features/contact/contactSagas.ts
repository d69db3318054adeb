import { validateContact, type ContactDetails, type MessageResponse } from '@inventory/contract/rules';
import { all, call, put, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { reportFailure, reportLoadFailure } from '../../session/reportFailure';
import { toast } from '../../toasts/toastsSlice';
import * as api from './api';
import {
  contactDetailsFailed,
  contactDetailsLoaded,
  contactDetailsRequested,
  contactFailed,
  contactInvalid,
  contactRequested,
  contactSent,
} from './contactSlice';

/**
 * Contact Us: field errors without a call; otherwise the server's answer as a success toast and a cleared form, or
 * the error toast with the form kept.
 */
export function* contactSaga({ payload }: ReturnType<typeof contactRequested>): SagaIterator<void> {
  const errors = validateContact(payload);
  if (Object.keys(errors).length > 0) {
    yield put(contactInvalid(errors));
    return;
  }
  try {
    const { message }: MessageResponse = yield call(api.sendContact, {
      subject: payload.subject.trim(),
      message: payload.message.trim(),
    });
    yield put(contactSent());
    yield put(toast.success(message));
  } catch (error) {
    yield* reportFailure(error, { failedAction: contactFailed });
  }
}

/** The operator's contact details for the panel beside the form; a failure shows in the panel, with a retry. */
export function* contactDetailsSaga(): SagaIterator<void> {
  try {
    const details: ContactDetails = yield call(api.fetchContactDetails);
    yield put(contactDetailsLoaded(details));
  } catch (error) {
    yield* reportLoadFailure(error, contactDetailsFailed);
  }
}

export function* contactSagas(): SagaIterator<void> {
  yield all([takeLeading(contactRequested, contactSaga), takeLeading(contactDetailsRequested, contactDetailsSaga)]);
}
