import {
  MESSAGES,
  validateTokenExpiry,
  type ApiToken,
  type ApiTokenCreated,
  type MessageResponse,
} from '@inventory/contract/rules';
import { isAxiosError } from 'axios';
import { all, call, put, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { toMessage } from '../../api/client';
import { reportFailure, reportLoadFailure } from '../../session/reportFailure';
import { toast } from '../../toasts/toastsSlice';
import * as api from './api';
import {
  tokenCreated,
  tokenCreateFailed,
  tokenCreateRequested,
  tokenRevoked,
  tokenRevokeFailed,
  tokenRevokeRequested,
  tokensLoadFailed,
  tokensReceived,
  tokensRequested,
} from './apiTokensSlice';
import { expiryOf } from './expiry';

/** The API Tokens page's calls: list, create (the secret is answered once), revoke. */

export function* loadTokensSaga(): SagaIterator<void> {
  try {
    const tokens: ApiToken[] = yield call(api.getTokens);
    yield put(tokensReceived(tokens));
  } catch (error) {
    yield* reportLoadFailure(error, tokensLoadFailed);
  }
}

export function* createTokenSaga({ payload }: ReturnType<typeof tokenCreateRequested>): SagaIterator<void> {
  const name = payload.name.trim();
  if (name === '') {
    yield put(tokenCreateFailed({ message: MESSAGES.tokenNameRequired, field: true }));
    return;
  }
  const expiresAt = expiryOf(payload.expiresOn);
  const invalid = validateTokenExpiry(expiresAt, new Date());
  if (invalid) {
    yield put(tokenCreateFailed({ message: invalid, field: true }));
    return;
  }
  try {
    const created: ApiTokenCreated = yield call(api.createToken, { name, role: payload.role, expiresAt });
    yield put(tokenCreated(created));
    yield put(toast.success(MESSAGES.tokenCreated));
  } catch (error) {
    if (isAxiosError(error) && error.response?.status === 400) {
      yield put(tokenCreateFailed({ message: toMessage(error), field: true }));
      return;
    }
    yield* reportFailure(error, { failedAction: (message) => tokenCreateFailed({ message, field: false }) });
  }
}

export function* revokeTokenSaga({ payload: id }: ReturnType<typeof tokenRevokeRequested>): SagaIterator<void> {
  try {
    const { message }: MessageResponse = yield call(api.revokeToken, id);
    yield put(tokenRevoked(id));
    yield put(toast.success(message));
  } catch (error) {
    yield* reportFailure(error, { failedAction: () => tokenRevokeFailed() });
  }
}

export function* apiTokensSagas(): SagaIterator<void> {
  yield all([
    takeLatest(tokensRequested, loadTokensSaga),
    takeLeading(tokenCreateRequested, createTokenSaga),
    takeEvery(tokenRevokeRequested, revokeTokenSaga),
  ]);
}
