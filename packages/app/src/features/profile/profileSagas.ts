import { type User } from '@inventory/contract/rules';
import { all, call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { navigateTo } from '../../navigation/navigateTo';
import { changePasswordSaga, getUserSaga, updateUserSaga } from '../../session/accountSagas';
import { changePasswordRequested, updateUserRequested, type SessionStatus } from '../../session/authSlice';
import { reportFailure } from '../../session/reportFailure';
import { selectSession, selectUser } from '../../session/selectors';
import { toast } from '../../toasts/toastsSlice';
import * as api from './api';
import { photoProblem } from './photo';
import {
  editProfileOpened,
  passwordChangeFinished,
  passwordChangeRequested,
  profileLoadFinished,
  profileLoadStarted,
  profileRequested,
  profileSaveFinished,
  profileSaveRequested,
} from './profileSlice';

/**
 * The profile screens: they reuse the session's getuser, updateuser and changepassword sagas (with their toasts and
 * navigation) and add the screens' progress, the photo upload and the edit screen's redirect.
 */

/** Loads the user for /profile: a failure leaves the screen's error state (and the call's toast). */
export function* loadProfileSaga(): SagaIterator<boolean> {
  yield put(profileLoadStarted());
  const ok: boolean = yield call(getUserSaga);
  yield put(profileLoadFinished(ok));
  return ok;
}

/**
 * /edit-profile opened. The screen goes to /profile when no user email is held. A direct visit or a reload
 * holds none yet, so rather than bounce every such visit this loads the user first (the screen shows a spinner, never
 * an empty form) and goes to /profile only when no email can be had, where the load error and its retry show.
 * A 401 is the session-expired flow's to handle (/login), so no redirect then.
 */
export function* editProfileOpenedSaga(): SagaIterator<void> {
  const held: User | null = yield select(selectUser);
  if (held?.email) return;
  yield call(loadProfileSaga);
  const user: User | null = yield select(selectUser);
  const session: SessionStatus = yield select(selectSession);
  if (!user?.email && session !== 'expired') yield* navigateTo('/profile', { replace: true });
}

/**
 * Save Changes: a new photo is checked (type, size) and uploaded first, then updateuser saves the fields with the
 * photo's URL (the held one when no new photo was chosen). A refused photo saves and uploads nothing.
 */
export function* saveProfileSaga({ payload }: ReturnType<typeof profileSaveRequested>): SagaIterator<void> {
  const { photoFile, ...fields } = payload;
  try {
    let photo = fields.photo;
    if (photoFile) {
      const problem = photoProblem(photoFile);
      if (problem) {
        yield put(toast.error(problem, 'profile'));
        return;
      }
      try {
        photo = yield call(api.uploadPhoto, photoFile);
      } catch (error) {
        yield* reportFailure(error, { form: 'profile' });
        return;
      }
    }
    yield call(updateUserSaga, updateUserRequested({ ...fields, photo }));
  } finally {
    yield put(profileSaveFinished());
  }
}

/** The change-password card: the auth saga validates, calls, toasts and goes to /profile. */
export function* changePasswordFromProfileSaga({
  payload,
}: ReturnType<typeof passwordChangeRequested>): SagaIterator<void> {
  try {
    yield call(changePasswordSaga, changePasswordRequested(payload));
  } finally {
    yield put(passwordChangeFinished());
  }
}

export function* profileSagas(): SagaIterator<void> {
  yield all([
    takeLatest(profileRequested, loadProfileSaga),
    takeLatest(editProfileOpened, editProfileOpenedSaga),
    takeLeading(profileSaveRequested, saveProfileSaga),
    takeLeading(passwordChangeRequested, changePasswordFromProfileSaga),
  ]);
}
