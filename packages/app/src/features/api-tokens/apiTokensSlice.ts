import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiToken, ApiTokenCreated, Role } from '@inventory/contract/rules';
import { activeStoreChanged } from '../../membership/membershipSlice';

export type TokensStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface ApiTokensState {
  tokens: ApiToken[];
  status: TokensStatus;
  /** The last failed load's message. */
  message: string;
  creating: boolean;
  /** The server's refusal of the form (400), shown under the form; what was typed stays. */
  formError: string | null;
  /** The token just made, with its secret: shown once, until dismissed (or another store, or leaving the page). */
  created: ApiTokenCreated | null;
  /** Bumped by each created token, so the form remounts empty. */
  createdCount: number;
  /** The token whose revoke is running. */
  revoking: string | null;
}

export const initialApiTokensState: ApiTokensState = {
  tokens: [],
  status: 'idle',
  message: '',
  creating: false,
  formError: null,
  created: null,
  createdCount: 0,
  revoking: null,
};

export interface TokenIntent {
  name: string;
  role: Role;
  /** A date (YYYY-MM-DD) the token works until (the end of that day, local time), or '' for never. */
  expiresOn: string;
}

/** The API Tokens page: the active store's live tokens, the create form, and the secret of the one just made. */
const apiTokensSlice = createSlice({
  name: 'apiTokens',
  initialState: initialApiTokensState,
  reducers: {
    tokensRequested(state) {
      if (state.status !== 'loaded') state.status = 'loading';
    },
    tokenCreateRequested(state, _action: PayloadAction<TokenIntent>) {
      state.creating = true;
      state.formError = null;
    },
    tokenRevokeRequested(state, action: PayloadAction<string>) {
      state.revoking = action.payload;
    },
    /** The secret was copied or the user is done with it: it is not shown again. */
    createdTokenDismissed(state) {
      state.created = null;
    },

    tokensReceived(state, action: PayloadAction<ApiToken[]>) {
      state.tokens = action.payload;
      state.status = 'loaded';
    },
    tokensLoadFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.message = action.payload;
    },
    tokenCreated(state, action: PayloadAction<ApiTokenCreated>) {
      const { token: _secret, ...listed } = action.payload;
      state.creating = false;
      state.created = action.payload;
      state.createdCount += 1;
      state.tokens = [listed, ...state.tokens];
    },
    tokenCreateFailed(state, action: PayloadAction<{ message: string; field: boolean }>) {
      state.creating = false;
      if (action.payload.field) state.formError = action.payload.message;
    },
    formEdited(state) {
      state.formError = null;
    },
    tokenRevoked(state, action: PayloadAction<string>) {
      state.revoking = null;
      state.tokens = state.tokens.filter((token) => token._id !== action.payload);
      if (state.created?._id === action.payload) state.created = null;
    },
    tokenRevokeFailed(state) {
      state.revoking = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(activeStoreChanged, (state) => ({ ...initialApiTokensState, createdCount: state.createdCount }));
  },
});

export const {
  tokensRequested,
  tokenCreateRequested,
  tokenRevokeRequested,
  createdTokenDismissed,
  tokensReceived,
  tokensLoadFailed,
  tokenCreated,
  tokenCreateFailed,
  formEdited,
  tokenRevoked,
  tokenRevokeFailed,
} = apiTokensSlice.actions;

export const apiTokensReducer = apiTokensSlice.reducer;

type WithApiTokens = { apiTokens: ApiTokensState };

export const selectTokens = (state: WithApiTokens) => state.apiTokens.tokens;
export const selectTokensStatus = (state: WithApiTokens) => state.apiTokens.status;
export const selectTokensMessage = (state: WithApiTokens) => state.apiTokens.message;
export const selectTokenCreating = (state: WithApiTokens) => state.apiTokens.creating;
export const selectTokenFormError = (state: WithApiTokens) => state.apiTokens.formError;
export const selectCreatedToken = (state: WithApiTokens) => state.apiTokens.created;
export const selectCreatedCount = (state: WithApiTokens) => state.apiTokens.createdCount;
export const selectRevoking = (state: WithApiTokens) => state.apiTokens.revoking;
