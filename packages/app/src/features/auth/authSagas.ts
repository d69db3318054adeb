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
import { formSettled } from '../../forms/formErrorsSlice';
import { reportFormSuccess } from '../../forms/formSagas';
import * as api from './api';

/** The signed-out pages' calls, one saga each: validate, call, record, toast, navigate. */

export function* loginSaga({ payload }: ReturnType<typeof loginRequested>): SagaIterator<void> {
  yield put(formSettled('login'));
  const invalid = validateLogin(payload);
  if (invalid) return yield* reportInvalid(invalid, 'login');
  try {
    const user: User = yield call(api.login, { email: payload.email.trim(), password: payload.password });
    yield put(loggedIn(user));
    yield* reportFormSuccess('login', MESSAGES.loggedIn);
    yield* navigateTo(safeNextPath(payload.next) ?? '/dashboard');
  } catch (error) {
    // A 401 here means wrong credentials, not an expired session.
    yield* reportFailure(error, { expireOn401: false, form: 'login' });
  }
}

export function* registerSaga({ payload }: ReturnType<typeof registerRequested>): SagaIterator<void> {
  yield put(formSettled('register'));
  const invalid = validateRegister(payload);
  if (invalid) return yield* reportInvalid(invalid, 'register');
  try {
    const { name, email, password, invitation } = payload;
    const user: User = yield call(api.register, {
      name: name.trim(),
      email: email.trim(),
      password,
      ...(invitation ? { invitation } : {}),
    });
    yield put(registered(user));
    yield* reportFormSuccess('register', MESSAGES.registered);
    // Registered through an invitation, the user is in its store already: its dashboard, not the used link.
    yield* navigateTo(invitation ? '/dashboard' : (safeNextPath(payload.next) ?? '/dashboard'));
  } catch (error) {
    yield* reportFailure(error, { form: 'register' });
  }
}

export function* forgotSaga({ payload }: ReturnType<typeof forgotRequested>): SagaIterator<void> {
  yield put(formSettled('forgot'));
  const invalid = validateForgot(payload);
  if (invalid) return yield* reportInvalid(invalid, 'forgot');
  try {
    const { message }: MessageResponse = yield call(api.forgotPassword, { email: payload.email.trim() });
    yield put(forgotSucceeded(message));
    yield* reportFormSuccess('forgot', message);
  } catch (error) {
    yield* reportFailure(error, { form: 'forgot' });
  }
}

export function* resetSaga({ payload }: ReturnType<typeof resetRequested>): SagaIterator<void> {
  const { resetToken, password, password2 } = payload;
  yield put(formSettled('reset'));
  const invalid = validateReset({ password, password2 });
  if (invalid) return yield* reportInvalid(invalid, 'reset');
  try {
    const { message }: MessageResponse = yield call(api.resetPassword, resetToken, { password, password2 });
    yield put(resetSucceeded(message));
    yield* reportFormSuccess('reset', message);
    yield* navigateTo('/login');
  } catch (error) {
    yield* reportFailure(error, { form: 'reset' });
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
