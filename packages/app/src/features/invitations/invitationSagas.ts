import { MESSAGES, type InvitationPreview, type Store } from '@inventory/contract/rules';
import { isAxiosError } from 'axios';
import { all, call, put, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { toMessage } from '../../api/client';
import { activeStoreChanged } from '../../membership/membershipSlice';
import { navigateTo } from '../../navigation/navigateTo';
import * as sessionApi from '../../session/api';
import { loginStatusReceived } from '../../session/authSlice';
import { reportFailure } from '../../session/reportFailure';
import { toast } from '../../toasts/toastsSlice';
import * as api from './api';
import {
  invitationAccepted,
  invitationAcceptFailed,
  invitationAcceptRequested,
  invitationInvalid,
  invitationLoadFailed,
  invitationReceived,
  invitationRequested,
} from './invitationSlice';

/** What the link offers (no sign-in needed) and whether this browser is signed in, to offer Join or sign-in. */
export function* loadInvitationSaga({ payload: token }: ReturnType<typeof invitationRequested>): SagaIterator<void> {
  let preview: InvitationPreview;
  try {
    preview = yield call(api.previewInvitation, token);
  } catch (error) {
    const status = isAxiosError(error) ? error.response?.status : undefined;
    // 400 (and a malformed token's 404): the link is no good; say what the server says.
    if (status === 400 || status === 404)
      yield put(invitationInvalid(status === 400 ? toMessage(error) : MESSAGES.invitationInvalid));
    else yield put(invitationLoadFailed(toMessage(error)));
    return;
  }
  let signedIn = false;
  try {
    signedIn = yield call(sessionApi.getLoginStatus);
  } catch {
    // Unknown: offer signing in, which works either way.
  }
  yield put(loginStatusReceived(signedIn));
  yield put(invitationReceived({ preview, signedIn }));
}

/** Join: the store becomes the active one, the catalogue is its, and the dashboard opens. */
export function* acceptInvitationSaga({
  payload: token,
}: ReturnType<typeof invitationAcceptRequested>): SagaIterator<void> {
  try {
    const store: Store = yield call(api.acceptInvitation, token);
    yield put(invitationAccepted());
    yield put(activeStoreChanged(store));
    yield put(toast.success(MESSAGES.invitationAccepted(store.name)));
    yield* navigateTo('/dashboard');
  } catch (error) {
    // 403 (signed in with another email) and 400 (no longer valid) are the page's to say; 401 starts the
    // session-expired flow; anything else is a toast.
    const status = isAxiosError(error) ? error.response?.status : undefined;
    if (status === 400 || status === 403) yield put(invitationAcceptFailed(toMessage(error)));
    else yield* reportFailure(error, { failedAction: invitationAcceptFailed });
  }
}

export function* invitationSagas(): SagaIterator<void> {
  yield all([
    takeLatest(invitationRequested, loadInvitationSaga),
    takeLeading(invitationAcceptRequested, acceptInvitationSaga),
  ]);
}
