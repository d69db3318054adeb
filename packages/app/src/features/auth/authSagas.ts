import {
  MESSAGES,
  validateChangePassword,
  validateForgot,
  validateLogin,
  validateRegister,
  validateReset,
  type MessageResponse,
  type User,
} from '@inventory/contract';
import { all, call, put, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { navigateTo } from '../../app/navigation';
import { toast } from '../toasts/toastsSlice';
import * as api from './api';
import {
  changePasswordRequested,
  forgotRequested,
  forgotSucceeded,
  getUserRequested,
  loggedIn,
  loggedOut,
  loginRequested,
  logoutRequested,
  passwordChanged,
  registered,
  registerRequested,
  resetRequested,
  resetSucceeded,
  updateUserRequested,
  userReceived,
} from './authSlice';
import { reportFailure, reportInvalid } from './reportFailure';

/** The user calls of SPEC.md §7, one saga each: validate, call, record, toast, navigate. */

export function* loginSaga({ payload }: ReturnType<typeof loginRequested>): SagaIterator<void> {
  const invalid = validateLogin(payload);
  if (invalid) return yield* reportInvalid(invalid);
  try {
    const user: User = yield call(api.login, { email: payload.email.trim(), password: payload.password });
    yield put(loggedIn(user));
    yield put(toast.success(MESSAGES.loggedIn));
    yield* navigateTo('/dashboard');
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
    yield* navigateTo('/dashboard');
  } catch (error) {
    yield* reportFailure(error);
  }
}

export function* logoutSaga(): SagaIterator<void> {
  try {
    yield call(api.logout);
    yield put(loggedOut());
    yield* navigateTo('/login');
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

/*
 * The profile calls answer whether they succeeded, so the profile screens' sagas (features/profile) can call them
 * directly and follow up (a spinner, a redirect) without a second copy of the call, toast and navigation.
 */

export function* getUserSaga(): SagaIterator<boolean> {
  try {
    const user: User = yield call(api.getUser);
    yield put(userReceived(user));
    return true;
  } catch (error) {
    yield* reportFailure(error);
    return false;
  }
}

export function* updateUserSaga({ payload }: ReturnType<typeof updateUserRequested>): SagaIterator<boolean> {
  const { name, phone, bio, photo } = payload;
  if (!name.trim()) {
    yield* reportInvalid(MESSAGES.nameRequired);
    return false;
  }
  try {
    const user: User = yield call(api.updateUser, { name: name.trim(), phone: phone.trim(), bio: bio.trim(), photo });
    yield put(userReceived(user));
    yield put(toast.success(MESSAGES.profileUpdated));
    yield* navigateTo('/profile');
    return true;
  } catch (error) {
    yield* reportFailure(error);
    return false;
  }
}

export function* changePasswordSaga({ payload }: ReturnType<typeof changePasswordRequested>): SagaIterator<boolean> {
  const invalid = validateChangePassword(payload);
  if (invalid) {
    yield* reportInvalid(invalid);
    return false;
  }
  try {
    const { oldPassword, password } = payload;
    const { message }: MessageResponse = yield call(api.changePassword, { oldPassword, password });
    yield put(passwordChanged(message));
    yield put(toast.success(message));
    yield* navigateTo('/profile');
    return true;
  } catch (error) {
    yield* reportFailure(error);
    return false;
  }
}

export function* authSagas(): SagaIterator<void> {
  yield all([
    takeLeading(loginRequested, loginSaga),
    takeLeading(registerRequested, registerSaga),
    takeLeading(logoutRequested, logoutSaga),
    takeLeading(forgotRequested, forgotSaga),
    takeLeading(resetRequested, resetSaga),
    takeLatest(getUserRequested, getUserSaga),
    takeLeading(updateUserRequested, updateUserSaga),
    takeLeading(changePasswordRequested, changePasswordSaga),
  ]);
}
