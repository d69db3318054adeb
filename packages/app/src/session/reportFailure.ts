import { fieldOfMessage, MESSAGES } from '@inventory/contract/rules';
import { put } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { isForbidden, isUnauthorized, toMessage } from '../api/client';
import { fieldFailed, type FormId } from '../forms/formErrorsSlice';
import { toast } from '../toasts/toastsSlice';
import { authFailed, sessionExpired, storeAccessRefused } from './authSlice';

/** A 403 also tells the membership sagas, which reload the stores (the role may have changed, or the store is gone). */
function* reportForbidden(error: unknown, message: string): SagaIterator<void> {
  if (isForbidden(error)) yield put(storeAccessRefused({ lost: message === MESSAGES.notAMember }));
}

/**
 * A form's failure: under its field when the message concerns one (`fieldOfMessage`), else an error toast that goes
 * with the form's next success. Without a form, a toast.
 */
function* showFailure(message: string, form: FormId | undefined): SagaIterator<void> {
  const field = form ? fieldOfMessage(message) : null;
  if (form && field) yield put(fieldFailed({ form, field, message }));
  else yield put(toast.error(message, form));
}

/**
 * The one way a saga reports a failed call: a 401 starts the session-expired flow (except for login, where 401 means
 * bad credentials); anything else is an error toast with the server's message, else the generic one. A 403 (the role
 * does not allow it, or the store is no longer the user's) also reloads the stores.
 * `failedAction` lets other slices record the message in their own state; `form` shows it under the field it concerns.
 */
export function* reportFailure(
  error: unknown,
  options: { expireOn401?: boolean; failedAction?: (message: string) => { type: string }; form?: FormId } = {},
): SagaIterator<void> {
  const { expireOn401 = true, failedAction = authFailed, form } = options;
  const message = toMessage(error);
  yield put(failedAction(message));
  if (expireOn401 && isUnauthorized(error)) {
    yield put(sessionExpired());
    return;
  }
  yield* showFailure(message, form);
  yield* reportForbidden(error, message);
}

/**
 * A failed load (a list, or the item a screen shows): recorded in the slice, where the screen shows it (error state
 * with retry, or not found); a 401 starts the session-expired flow. No toast: the screen itself says what failed.
 * Failed saves and deletes go through `reportFailure` (error toast) instead.
 */
export function* reportLoadFailure(
  error: unknown,
  failedAction: (message: string) => { type: string },
): SagaIterator<void> {
  const message = toMessage(error);
  yield put(failedAction(message));
  if (isUnauthorized(error)) yield put(sessionExpired());
  yield* reportForbidden(error, message);
}

/** A client-side validation failure: recorded and shown like the server's (under its field, else toasted), no call made. */
export function* reportInvalid(message: string, form?: FormId): SagaIterator<void> {
  yield put(authFailed(message));
  yield* showFailure(message, form);
}
