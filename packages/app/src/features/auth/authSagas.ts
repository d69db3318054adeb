import {
  MESSAGES,
  validateForgot,
  validateLogin,
  validateRegister,
  validateReset,
  type MessageResponse,
  type User,
} from '@inventory/contract/rules';
import { all, call, put, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { navigateTo } from '../../navigation/navigateTo';
import { safeNextPath } from '../../navigation/safeNextPath';
import {
  forgotRequested,
  forgotSucceeded,
  loggedIn,
  loginRequested,
  registered,
  registerRequested,
  resetRequested,
  resetSucceeded,
} from '../../session/authSlice';
import { reportFailure, reportInvalid } from '../../session/reportFailure';
import { toast } from '../../toasts/toastsSlice';
import * as api from './api';

/** The signed-out pages' calls, one saga each: validate, call, record, toast, navigate. */

export function* loginSaga({ payload }: ReturnType<typeof loginRequested>): SagaIterator<void> {
  const invalid = validateLogin(payload);
  if (invalid) return yield* reportInvalid(invalid);
  try {
    const user: User = yield call(api.login, { email: payload.email.trim(), password: payload.password });
    yield put(loggedIn(user));
    yield put(toast.success(MESSAGES.loggedIn));
    yield* navigateTo(safeNextPath(payload.next) ?? '/dashboard');
  } catch (error) {
    // A 401 here means wrong credentials, not an expired session.
    yield* reportFailure(error, { expireOn401: false });
  }
}

export function* registerSaga({ payload }: ReturnType<typeof registerRequested>): SagaIterator<void> {
  const invalid = validateRegister(payload);
  if (invalid) return yield* reportInvalid(invalid);
  try {
    const { name, email, password } = payload;
    const user: User = yield call(api.register, { name: name.trim(), email: email.trim(), password });
    yield put(registered(user));
    yield put(toast.success(MESSAGES.registered));
    yield* navigateTo(safeNextPath(payload.next) ?? '/dashboard');
  } catch (error) {
    yield* reportFailure(error);
  }
}

export function* forgotSaga({ payload }: ReturnType<typeof forgotRequested>): SagaIterator<void> {
  const invalid = validateForgot(payload);
  if (invalid) return yield* reportInvalid(invalid);
  try {
    const { message }: MessageResponse = yield call(api.forgotPassword, { email: payload.email.trim() });
    yield put(forgotSucceeded(message));
    yield put(toast.success(message));
  } catch (error) {
    yield* reportFailure(error);
  }
}

export function* resetSaga({ payload }: ReturnType<typeof resetRequested>): SagaIterator<void> {
  const { resetToken, password, password2 } = payload;
  const invalid = validateReset({ password, password2 });
  if (invalid) return yield* reportInvalid(invalid);
  try {
    const { message }: MessageResponse = yield call(api.resetPassword, resetToken, { password, password2 });
    yield put(resetSucceeded(message));
    yield put(toast.success(message));
    yield* navigateTo('/login');
  } catch (error) {
    yield* reportFailure(error);
  }
}

export function* authSagas(): SagaIterator<void> {
  yield all([
    takeLeading(loginRequested, loginSaga),
    takeLeading(registerRequested, registerSaga),
    takeLeading(forgotRequested, forgotSaga),
    takeLeading(resetRequested, resetSaga),
  ]);
}
