import {
  MESSAGES,
  validateInvitation,
  type Invitation,
  type Member,
  type MessageResponse,
  type Store,
  type User,
} from '@inventory/contract/rules';
import { isAxiosError } from 'axios';
import { all, call, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type * as StoreNameRule from './storeNameRule';
import { toMessage } from '../../api/client';
import { followActiveStoreSaga } from '../../membership/membershipSagas';
import { activeStoreChanged, activeStoreUpdated, storesRequested } from '../../membership/membershipSlice';
import { navigateTo } from '../../navigation/navigateTo';
import * as sessionApi from '../../session/api';
import { userReceived } from '../../session/authSlice';
import { reportFailure, reportLoadFailure } from '../../session/reportFailure';
import { selectUser } from '../../session/selectors';
import { toast } from '../../toasts/toastsSlice';
import * as api from './api';
import {
  formFailed,
  formSaved,
  invitationRevoked,
  invitationRevokeRequested,
  invitationsLoadFailed,
  invitationsReceived,
  invitationsRequested,
  invited,
  inviteRequested,
  memberChangeFailed,
  memberRemoved,
  memberRemoveRequested,
  membersLoadFailed,
  membersReceived,
  memberUpdated,
  roleChangeRequested,
  storeCreateRequested,
  storeDeleteRequested,
  storeRenameRequested,
  teamRequested,
  type TeamForm,
} from './teamSlice';

/** The Team page's calls, one saga each: validate, call, record, toast, navigate. */

/** 400 and 409 are about what was typed: they show under the field. Anything else is a toast (a 403 also reloads). */
function* reportFormFailure(form: TeamForm, error: unknown): SagaIterator<void> {
  const status = isAxiosError(error) ? error.response?.status : undefined;
  if (status === 400 || status === 409) {
    yield put(formFailed({ form, message: toMessage(error), field: true }));
    return;
  }
  yield* reportFailure(error, { failedAction: (message) => formFailed({ form, message, field: false }) });
}

/** The members (and, for those who manage them, the open invitations); and who "you" are, to mark your row. */
export function* loadTeamSaga({ payload }: ReturnType<typeof teamRequested>): SagaIterator<void> {
  const user: User | null = yield select(selectUser);
  if (!user) {
    try {
      yield put(userReceived(yield call(sessionApi.getUser)));
    } catch {
      // The rows still show; only "You" is not marked.
    }
  }
  try {
    const members: Member[] = yield call(api.getMembers);
    yield put(membersReceived(members));
  } catch (error) {
    yield* reportLoadFailure(error, membersLoadFailed);
    return;
  }
  if (payload.invitations) yield put(invitationsRequested());
}

export function* loadInvitationsSaga(): SagaIterator<void> {
  try {
    const invitations: Invitation[] = yield call(api.getInvitations);
    yield put(invitationsReceived(invitations));
  } catch (error) {
    yield* reportLoadFailure(error, invitationsLoadFailed);
  }
}

export function* changeRoleSaga({ payload }: ReturnType<typeof roleChangeRequested>): SagaIterator<void> {
  try {
    const member: Member = yield call(api.changeRole, payload.userId, payload.role);
    yield put(memberUpdated(member));
    yield put(toast.success(MESSAGES.roleChanged));
    // Your own role may be the one that changed.
    const user: User | null = yield select(selectUser);
    if (user?._id === member.userId) yield put(storesRequested());
  } catch (error) {
    yield* reportFailure(error, { failedAction: () => memberChangeFailed() });
  }
}

/** Removing someone updates the list; leaving moves you to another of your stores and to its dashboard. */
export function* removeMemberSaga({ payload }: ReturnType<typeof memberRemoveRequested>): SagaIterator<void> {
  try {
    const { message }: MessageResponse = yield call(api.removeMember, payload.userId);
    if (!payload.self) {
      yield put(memberRemoved(payload.userId));
      yield put(toast.success(message));
      return;
    }
    yield put(toast.success(message));
    yield call(followActiveStoreSaga);
    yield* navigateTo('/dashboard');
  } catch (error) {
    yield* reportFailure(error, { failedAction: () => memberChangeFailed() });
  }
}

export function* inviteSaga({ payload }: ReturnType<typeof inviteRequested>): SagaIterator<void> {
  const invalid = validateInvitation(payload.email);
  if (invalid) {
    yield put(formFailed({ form: 'invite', message: invalid, field: true }));
    return;
  }
  try {
    const invitation: Invitation = yield call(api.invite, { email: payload.email.trim(), role: payload.role });
    yield put(invited(invitation));
    yield put(toast.success(MESSAGES.invitationSent(invitation.email)));
  } catch (error) {
    yield* reportFormFailure('invite', error);
  }
}

export function* revokeInvitationSaga({
  payload: id,
}: ReturnType<typeof invitationRevokeRequested>): SagaIterator<void> {
  try {
    const { message }: MessageResponse = yield call(api.revokeInvitation, id);
    yield put(invitationRevoked(id));
    yield put(toast.success(message));
  } catch (error) {
    yield* reportFailure(error, { failedAction: () => memberChangeFailed() });
  }
}

function* storeNameProblem(name: string): SagaIterator<string | null> {
  const rule: typeof StoreNameRule = yield call(() => import('./storeNameRule'));
  return rule.storeNameProblem(name);
}

export function* renameStoreSaga({ payload: name }: ReturnType<typeof storeRenameRequested>): SagaIterator<void> {
  try {
    const invalid: string | null = yield* storeNameProblem(name);
    if (invalid) {
      yield put(formFailed({ form: 'rename', message: invalid, field: true }));
      return;
    }
    const store: Store = yield call(api.renameStore, name.trim());
    yield put(activeStoreUpdated(store));
    yield put(formSaved('rename'));
    yield put(toast.success(MESSAGES.storeRenamed));
  } catch (error) {
    yield* reportFormFailure('rename', error);
  }
}

/** A new store: you own it and it becomes the active one (empty); the page then shows its team, you alone. */
export function* createStoreSaga({ payload: name }: ReturnType<typeof storeCreateRequested>): SagaIterator<void> {
  try {
    const invalid: string | null = yield* storeNameProblem(name);
    if (invalid) {
      yield put(formFailed({ form: 'create', message: invalid, field: true }));
      return;
    }
    const store: Store = yield call(api.createStore, name.trim());
    yield put(formSaved('create'));
    yield put(activeStoreChanged(store));
    yield put(toast.success(MESSAGES.storeCreated));
  } catch (error) {
    yield* reportFormFailure('create', error);
  }
}

/** Deletes the active store with everything in it; the server moves the session to another store. */
export function* deleteStoreSaga(): SagaIterator<void> {
  try {
    const { message }: MessageResponse = yield call(api.deleteStore);
    yield put(toast.success(message));
    yield call(followActiveStoreSaga);
    yield* navigateTo('/dashboard');
  } catch (error) {
    yield* reportFailure(error, { failedAction: () => memberChangeFailed() });
  }
}

export function* teamSagas(): SagaIterator<void> {
  yield all([
    takeLatest(teamRequested, loadTeamSaga),
    takeLatest(invitationsRequested, loadInvitationsSaga),
    takeEvery(roleChangeRequested, changeRoleSaga),
    takeEvery(memberRemoveRequested, removeMemberSaga),
    takeLeading(inviteRequested, inviteSaga),
    takeEvery(invitationRevokeRequested, revokeInvitationSaga),
    takeLeading(storeRenameRequested, renameStoreSaga),
    takeLeading(storeCreateRequested, createStoreSaga),
    takeLeading(storeDeleteRequested, deleteStoreSaga),
  ]);
}
