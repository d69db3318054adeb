import { isAxiosError } from 'axios';
import { put } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { isUnauthorized, toMessage } from '../../api/client';
import { sessionExpired } from '../auth/authSlice';

/**
 * A failed load (a list, or the item a screen shows): recorded in the slice, where the screen shows it (error state
 * with retry, or not found); a 401 starts the session-expired flow. No toast: the screen itself says what failed.
 * Failed saves and deletes go through `reportFailure` (error toast) instead.
 */
export function* reportLoadFailure(
  error: unknown,
  failedAction: (message: string) => { type: string },
): SagaIterator<void> {
  yield put(failedAction(toMessage(error)));
  if (isUnauthorized(error)) yield put(sessionExpired());
}

/** The server answered 404: the item does not exist or is not this user's (DESIGN.md §4). */
export function isNotFound(error: unknown): boolean {
  return isAxiosError(error) && error.response?.status === 404;
}
