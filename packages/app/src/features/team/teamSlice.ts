import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Invitation, Member, Role } from '@inventory/contract/rules';
import { activeStoreChanged } from '../../membership/membershipSlice';

export type TeamListStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** Which of the page's forms a failure belongs to, so it shows under that form's field (the input is kept). */
export type TeamForm = 'invite' | 'rename' | 'create';

export interface TeamState {
  members: Member[];
  membersStatus: TeamListStatus;
  /** Open invitations (owners and managers only). */
  invitations: Invitation[];
  invitationsStatus: TeamListStatus;
  /** The last failed load's message. */
  message: string;
  /** The form whose call is running. */
  busyForm: TeamForm | null;
  /** The server's refusal of a form's input (e.g. 409 already invited), shown under its field. */
  formErrors: Partial<Record<TeamForm, string>>;
  /** Counts each form's successes: a form remounts empty (its `key`) after it did its job. */
  formDone: Record<TeamForm, number>;
  /** The member whose role change or removal is running. */
  busyMember: string | null;
  /** Leaving or deleting the store is running. */
  leaving: boolean;
}

export const initialTeamState: TeamState = {
  members: [],
  membersStatus: 'idle',
  invitations: [],
  invitationsStatus: 'idle',
  message: '',
  busyForm: null,
  formErrors: {},
  formDone: { invite: 0, rename: 0, create: 0 },
  busyMember: null,
  leaving: false,
};

export interface InviteIntent {
  email: string;
  role: Role;
}

function formStarted(state: TeamState, form: TeamForm) {
  state.busyForm = form;
  delete state.formErrors[form];
}

function formSucceeded(state: TeamState, form: TeamForm) {
  state.busyForm = null;
  state.formDone[form] += 1;
}

/**
 * The Team page: the active store's members and open invitations, and its forms (invite, rename, create a store).
 * `*Requested` actions are intents run by teamSagas.ts; the rest are results.
 */
const teamSlice = createSlice({
  name: 'team',
  initialState: initialTeamState,
  reducers: {
    teamRequested(state, _action: PayloadAction<{ invitations: boolean }>) {
      if (state.membersStatus !== 'loaded') state.membersStatus = 'loading';
    },
    roleChangeRequested(state, action: PayloadAction<{ userId: string; role: Role }>) {
      state.busyMember = action.payload.userId;
    },
    memberRemoveRequested(state, action: PayloadAction<{ userId: string; self: boolean }>) {
      if (action.payload.self) state.leaving = true;
      else state.busyMember = action.payload.userId;
    },
    inviteRequested: (state, _action: PayloadAction<InviteIntent>) => formStarted(state, 'invite'),
    invitationRevokeRequested: (_state, _action: PayloadAction<string>) => undefined,
    storeRenameRequested: (state, _action: PayloadAction<string>) => formStarted(state, 'rename'),
    storeCreateRequested: (state, _action: PayloadAction<string>) => formStarted(state, 'create'),
    storeDeleteRequested(state) {
      state.leaving = true;
    },

    membersReceived(state, action: PayloadAction<Member[]>) {
      state.members = action.payload;
      state.membersStatus = 'loaded';
    },
    membersLoadFailed(state, action: PayloadAction<string>) {
      state.membersStatus = 'failed';
      state.message = action.payload;
    },
    invitationsRequested(state) {
      if (state.invitationsStatus !== 'loaded') state.invitationsStatus = 'loading';
    },
    invitationsReceived(state, action: PayloadAction<Invitation[]>) {
      state.invitations = action.payload;
      state.invitationsStatus = 'loaded';
    },
    invitationsLoadFailed(state, action: PayloadAction<string>) {
      state.invitationsStatus = 'failed';
      state.message = action.payload;
    },
    memberUpdated(state, action: PayloadAction<Member>) {
      state.busyMember = null;
      state.members = state.members.map((m) => (m.userId === action.payload.userId ? action.payload : m));
    },
    memberRemoved(state, action: PayloadAction<string>) {
      state.busyMember = null;
      state.members = state.members.filter((m) => m.userId !== action.payload);
    },
    memberChangeFailed(state) {
      state.busyMember = null;
      state.leaving = false;
    },
    invited(state, action: PayloadAction<Invitation>) {
      formSucceeded(state, 'invite');
      state.invitations = [action.payload, ...state.invitations];
    },
    invitationRevoked(state, action: PayloadAction<string>) {
      state.invitations = state.invitations.filter((i) => i._id !== action.payload);
    },
    formSaved: (state, action: PayloadAction<TeamForm>) => formSucceeded(state, action.payload),
    /** A form's call failed: the message shows under its field (`field`) or only as a toast. */
    formFailed(state, action: PayloadAction<{ form: TeamForm; message: string; field: boolean }>) {
      state.busyForm = null;
      if (action.payload.field) state.formErrors[action.payload.form] = action.payload.message;
    },
    /** Typing in a form's field clears the server's refusal shown under it. */
    formEdited(state, action: PayloadAction<TeamForm>) {
      delete state.formErrors[action.payload];
    },
  },
  extraReducers: (builder) => {
    // Another store: its members and invitations are loaded afresh; a leave or delete that moved us is over.
    builder.addCase(activeStoreChanged, (state) => ({
      ...initialTeamState,
      formDone: state.formDone,
      busyForm: state.busyForm === 'create' ? null : state.busyForm,
    }));
  },
});

export const {
  teamRequested,
  roleChangeRequested,
  memberRemoveRequested,
  inviteRequested,
  invitationRevokeRequested,
  storeRenameRequested,
  storeCreateRequested,
  storeDeleteRequested,
  membersReceived,
  membersLoadFailed,
  invitationsRequested,
  invitationsReceived,
  invitationsLoadFailed,
  memberUpdated,
  memberRemoved,
  memberChangeFailed,
  invited,
  invitationRevoked,
  formSaved,
  formFailed,
  formEdited,
} = teamSlice.actions;

export const teamReducer = teamSlice.reducer;
