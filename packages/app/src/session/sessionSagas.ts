import { MESSAGES } from '@inventory/contract/rules';
import { all, call, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { isUnauthorized, toMessage } from '../api/client';
import { navigateTo } from '../navigation/navigateTo';
import { toast } from '../toasts/toastsSlice';
import * as api from './api';
import {
  getUserRequested,
  loggedIn,
  loggedOut,
  loginStatusReceived,
  loginStatusRequested,
  registered,
  sessionCheckRequested,
  sessionExpired,
  userReceived,
} from './authSlice';
import { saveName } from './nameStorage';
import { selectName } from './selectors';

/** App start: ask the server whether the session is live; quietly, for the landing page's links. */
export function* loginStatusSaga(): SagaIterator<void> {
  try {
    const status: boolean = yield call(api.getLoginStatus);
    yield put(loginStatusReceived(status));
  } catch {
    // Unknown status is shown as logged out; the protected routes check again and speak up.
    yield put(loginStatusReceived(false));
  }
}

/** A protected route on load: live session → show it; otherwise the session-expired flow. */
export function* sessionCheckSaga(): SagaIterator<void> {
  try {
    const status: boolean = yield call(api.getLoginStatus);
    if (!status) {
      yield put(sessionExpired());
      return;
    }
    yield put(loginStatusReceived(true));
    const name: string = yield select(selectName);
    if (!name) yield put(getUserRequested());
  } catch (error) {
    if (isUnauthorized(error)) {
      yield put(sessionExpired());
      return;
    }
    yield put(toast.error(toMessage(error)));
    yield put(loginStatusReceived(false));
    yield* navigateTo('/login', { replace: true });
  }
}

/**
 * The session-expired flow, started by a failed check or by a 401 from any call: an info toast and /login. Several
 * calls failing together give one toast: the toast queue drops duplicates.
 */
export function* sessionExpiredSaga(): SagaIterator<void> {
  yield put(toast.info(MESSAGES.sessionExpired));
  yield* navigateTo('/login', { replace: true });
}

/** Keeps localStorage 'name' in step with the auth slice. */
export function* persistNameSaga(): SagaIterator<void> {
  const name: string = yield select(selectName);
  yield call(saveName, name);
}

export function* sessionSagas(): SagaIterator<void> {
  yield all([
    takeLatest(loginStatusRequested, loginStatusSaga),
    takeLatest(sessionCheckRequested, sessionCheckSaga),
    takeEvery(sessionExpired, sessionExpiredSaga),
    takeEvery([loggedIn, registered, userReceived, loggedOut, sessionExpired], persistNameSaga),
  ]);
}
