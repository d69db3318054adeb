import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { InvitationPreview } from '@inventory/contract/rules';

/** 'invalid': the server refused the link (unknown, used, revoked or expired); 'failed': it could not be asked. */
export type InvitationStatus = 'idle' | 'loading' | 'loaded' | 'invalid' | 'failed';

export interface InvitationState {
  token: string | null;
  preview: InvitationPreview | null;
  status: InvitationStatus;
  /** Whether this browser is signed in (asked with the preview); null until known. */
  signedIn: boolean | null;
  /** The load's failure, or why joining was refused (e.g. signed in with another email). */
  message: string;
  joining: boolean;
  joinRefused: boolean;
}

export const initialInvitationState: InvitationState = {
  token: null,
  preview: null,
  status: 'idle',
  signedIn: null,
  message: '',
  joining: false,
  joinRefused: false,
};

/** The invitation page: what the link offers, whether you are signed in, and joining. */
const invitationSlice = createSlice({
  name: 'invitation',
  initialState: initialInvitationState,
  reducers: {
    invitationRequested(state, action: PayloadAction<string>) {
      if (state.token !== action.payload) Object.assign(state, initialInvitationState);
      state.token = action.payload;
      state.status = 'loading';
    },
    invitationAcceptRequested(state, _action: PayloadAction<string>) {
      state.joining = true;
      state.joinRefused = false;
      state.message = '';
    },

    invitationReceived(state, action: PayloadAction<{ preview: InvitationPreview; signedIn: boolean }>) {
      state.preview = action.payload.preview;
      state.signedIn = action.payload.signedIn;
      state.status = 'loaded';
    },
    invitationInvalid(state, action: PayloadAction<string>) {
      state.status = 'invalid';
      state.message = action.payload;
    },
    invitationLoadFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.message = action.payload;
    },
    invitationAccepted(state) {
      state.joining = false;
    },
    invitationAcceptFailed(state, action: PayloadAction<string>) {
      state.joining = false;
      state.joinRefused = true;
      state.message = action.payload;
    },
  },
});

export const {
  invitationRequested,
  invitationAcceptRequested,
  invitationReceived,
  invitationInvalid,
  invitationLoadFailed,
  invitationAccepted,
  invitationAcceptFailed,
} = invitationSlice.actions;

export const invitationReducer = invitationSlice.reducer;

type WithInvitation = { invitation: InvitationState };

export const selectInvitation = (state: WithInvitation) => state.invitation;
