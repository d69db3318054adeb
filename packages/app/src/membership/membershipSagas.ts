import { MESSAGES, type Store, type StoreListItem } from '@inventory/contract/rules';
import { all, call, delay, put, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import { navigateTo } from '../navigation/navigateTo';
import { loggedIn, loginStatusReceived, registered, storeAccessRefused } from '../session/authSlice';
import { reportFailure } from '../session/reportFailure';
import { toast } from '../toasts/toastsSlice';
import * as api from './api';
import {
  activeStoreChanged,
  storeSwitchFailed,
  storeSwitchRequested,
  storesLoadFailed,
  storesReceived,
  storesRequested,
} from './membershipSlice';

/** Loads the stores; a failure is quiet (the screens keep working, and the server decides what the role may do). */
export function* loadStoresSaga(): SagaIterator<StoreListItem[] | null> {
  try {
    const stores: StoreListItem[] = yield call(api.getStores);
    yield put(storesReceived(stores));
    return stores;
  } catch {
    yield put(storesLoadFailed());
    return null;
  }
}

/** Switch: the server's answer becomes the active store, every store-scoped screen reloads, and the dashboard opens. */
export function* switchStoreSaga({ payload: storeId }: ReturnType<typeof storeSwitchRequested>): SagaIterator<void> {
  try {
    const store: Store = yield call(api.switchStore, storeId);
    yield put(activeStoreChanged(store));
    yield put(toast.success(MESSAGES.storeSwitched));
    yield* navigateTo('/dashboard');
  } catch (error) {
    yield* reportFailure(error, { failedAction: () => storeSwitchFailed() });
  }
}

/**
 * After the server moved the session (the user left or deleted the store they worked on, or lost it): loads the
 * stores and makes the one now active the app's active store, so every store-scoped screen reloads.
 */
export function* followActiveStoreSaga(): SagaIterator<void> {
  const stores: StoreListItem[] | null = yield call(loadStoresSaga);
  const active = stores?.find((store) => store.active);
  if (active) yield put(activeStoreChanged({ _id: active._id, name: active.name, role: active.role }));
}

/**
 * A 403. When the store is lost (the user was removed, or it was deleted), the server has moved the session to
 * another of their stores: say so, load where they are now, reload the catalogue there and open the dashboard.
 * Otherwise the role may have changed under the screen: reload the stores quietly. Several failures at once count
 * once (the toast queue also drops repeats).
 */
export function* storeAccessRefusedSaga({ payload }: ReturnType<typeof storeAccessRefused>): SagaIterator<void> {
  if (!payload.lost) {
    yield put(storesRequested());
    return;
  }
  yield put(toast.error(MESSAGES.notAMember));
  yield call(followActiveStoreSaga);
  yield* navigateTo('/dashboard');
  // Calls that failed together with this one are not a second loss.
  yield delay(1000);
}

export function* membershipSagas(): SagaIterator<void> {
  yield all([
    takeLatest(
      [storesRequested, loggedIn, registered, activeStoreChanged, loginStatusReceived],
      function* loadWhenSignedIn(action: { type: string; payload?: unknown }): SagaIterator<void> {
        if (loginStatusReceived.match(action) && !action.payload) return;
        yield call(loadStoresSaga);
      },
    ),
    takeLeading(storeSwitchRequested, switchStoreSaga),
    takeLeading(storeAccessRefused, storeAccessRefusedSaga),
  ]);
}
