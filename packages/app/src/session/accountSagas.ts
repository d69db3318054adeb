import {
  MESSAGES,
  validateChangePassword,
  validateProfile,
  type MessageResponse,
  type User,
} from '@inventory/contract/rules';
import { all, call, put, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { navigateTo } from '../navigation/navigateTo';
import { formSettled } from '../forms/formErrorsSlice';
import { reportFormSuccess } from '../forms/formSagas';
import * as api from './api';
import {
  changePasswordRequested,
  getUserRequested,
  loggedOut,
  logoutRequested,
  passwordChanged,
  updateUserRequested,
  userReceived,
} from './authSlice';
import { reportFailure, reportInvalid } from './reportFailure';

/** The signed-in user's calls, one saga each: validate, call, record, toast, navigate. */

export function* logoutSaga(): SagaIterator<void> {
  try {
    yield call(api.logout);
    yield put(loggedOut());
    yield* navigateTo('/login');
  } catch (error) {
    yield* reportFailure(error);
  }
}

/*
 * The account calls answer whether they succeeded, so the profile screens' sagas can call them directly and follow
 * up (a spinner, a redirect) without a second copy of the call, toast and navigation.
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
  yield put(formSettled('profile'));
  const invalid = validateProfile({ name, phone });
  if (invalid) {
    yield* reportInvalid(invalid, 'profile');
    return false;
  }
  try {
    const user: User = yield call(api.updateUser, { name: name.trim(), phone: phone.trim(), bio: bio.trim(), photo });
    yield put(userReceived(user));
    yield* reportFormSuccess('profile', MESSAGES.profileUpdated);
    yield* navigateTo('/profile');
    return true;
  } catch (error) {
    yield* reportFailure(error, { form: 'profile' });
    return false;
  }
}

export function* changePasswordSaga({ payload }: ReturnType<typeof changePasswordRequested>): SagaIterator<boolean> {
  yield put(formSettled('changePassword'));
  const invalid = validateChangePassword(payload);
  if (invalid) {
    yield* reportInvalid(invalid, 'changePassword');
    return false;
  }
  try {
    const { oldPassword, password } = payload;
    const { message }: MessageResponse = yield call(api.changePassword, { oldPassword, password });
    yield put(passwordChanged(message));
    yield* reportFormSuccess('changePassword', message);
    yield* navigateTo('/profile');
    return true;
  } catch (error) {
    yield* reportFailure(error, { form: 'changePassword' });
    return false;
  }
}

export function* accountSagas(): SagaIterator<void> {
  yield all([
    takeLeading(logoutRequested, logoutSaga),
    takeLatest(getUserRequested, getUserSaga),
    takeLeading(updateUserRequested, updateUserSaga),
    takeLeading(changePasswordRequested, changePasswordSaga),
  ]);
}
