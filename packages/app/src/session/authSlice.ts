import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  ChangePasswordForm,
  ForgotPayload,
  LoginPayload,
  RegisterForm,
  ResetPayload,
  UpdateUserPayload,
  User,
} from '@inventory/contract/rules';

/**
 * Where the protected routes stand: 'unknown' until checked, 'checking' while the login-status call runs,
 * 'valid' once the server says the session is live, 'expired' when it is not.
 */
export type SessionStatus = 'unknown' | 'checking' | 'valid' | 'expired';

export interface AuthState {
  isLoggedIn: boolean;
  /** Persisted in localStorage under 'name' (see nameStorage.ts, written by the persistence saga). */
  name: string;
  user: User | null;
  session: SessionStatus;
  /** The logout call is running (the header's Logout button shows it). */
  loggingOut: boolean;
  isLoading: boolean;
  isError: boolean;
  isSuccess: boolean;
  message: string;
}

export const initialAuthState: AuthState = {
  isLoggedIn: false,
  name: '',
  user: null,
  session: 'unknown',
  loggingOut: false,
  isLoading: false,
  isError: false,
  isSuccess: false,
  message: '',
};

export interface ResetRequest extends ResetPayload {
  resetToken: string;
}

/** Where to go after signing in or registering, instead of /dashboard (`?next=`; checked by `safeNextPath`). */
export interface NextPath {
  next?: string | null;
}

function started(state: AuthState) {
  state.isLoading = true;
  state.isError = false;
  state.isSuccess = false;
  state.message = '';
}

function succeeded(state: AuthState, message = '') {
  state.isLoading = false;
  state.isError = false;
  state.isSuccess = true;
  state.message = message;
}

function signedIn(state: AuthState, user: User) {
  succeeded(state);
  state.isLoggedIn = true;
  state.session = 'valid';
  state.user = user;
  state.name = user.name;
}

function signedOut(state: AuthState) {
  state.loggingOut = false;
  state.isLoggedIn = false;
  state.user = null;
  state.name = '';
}

/**
 * The auth slice: who is signed in, held under `auth` for the whole app. `*Requested` actions are intents handled by
 * sagas (login, register, forgot and reset by the auth pages'; the session check, logout and the account calls by
 * sessionSagas.ts and accountSagas.ts here); the others are the sagas' results.
 */
const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    // Intents (sagas do the work).
    loginRequested: (state, _action: PayloadAction<LoginPayload & NextPath>) => started(state),
    registerRequested: (state, _action: PayloadAction<RegisterForm & NextPath>) => started(state),
    logoutRequested(state) {
      started(state);
      state.loggingOut = true;
    },
    forgotRequested: (state, _action: PayloadAction<ForgotPayload>) => started(state),
    resetRequested: (state, _action: PayloadAction<ResetRequest>) => started(state),
    getUserRequested: (state) => started(state),
    updateUserRequested: (state, _action: PayloadAction<UpdateUserPayload>) => started(state),
    changePasswordRequested: (state, _action: PayloadAction<ChangePasswordForm>) => started(state),
    /** The app's start-up check (landing links): no spinner, no toast. */
    loginStatusRequested: () => undefined,
    /** A protected route's check on load. */
    sessionCheckRequested(state) {
      if (state.session !== 'valid') state.session = 'checking';
    },

    // Results.
    loggedIn: (state, action: PayloadAction<User>) => signedIn(state, action.payload),
    registered: (state, action: PayloadAction<User>) => signedIn(state, action.payload),
    loggedOut(state) {
      succeeded(state);
      signedOut(state);
      state.session = 'unknown';
    },
    loginStatusReceived(state, action: PayloadAction<boolean>) {
      state.isLoggedIn = action.payload;
      if (action.payload) state.session = 'valid';
      else if (state.session === 'valid') state.session = 'unknown';
    },
    sessionExpired(state) {
      state.isLoading = false;
      signedOut(state);
      state.session = 'expired';
    },
    forgotSucceeded: (state, action: PayloadAction<string>) => succeeded(state, action.payload),
    resetSucceeded: (state, action: PayloadAction<string>) => succeeded(state, action.payload),
    passwordChanged: (state, action: PayloadAction<string>) => succeeded(state, action.payload),
    userReceived(state, action: PayloadAction<User>) {
      succeeded(state);
      state.user = action.payload;
      state.name = action.payload.name;
    },
    /**
     * A call answered 403: the role does not allow it, or (`lost`) the user is no longer a member of the store the
     * session worked on (the server has moved the session to another of their stores). The membership sagas reload
     * the stores (and, when lost, the catalogue).
     */
    storeAccessRefused: (_state, _action: PayloadAction<{ lost: boolean }>) => undefined,
    authFailed(state, action: PayloadAction<string>) {
      state.isLoading = false;
      state.loggingOut = false;
      state.isError = true;
      state.isSuccess = false;
      state.message = action.payload;
    },
  },
});

export const {
  loginRequested,
  registerRequested,
  logoutRequested,
  forgotRequested,
  resetRequested,
  getUserRequested,
  updateUserRequested,
  changePasswordRequested,
  loginStatusRequested,
  sessionCheckRequested,
  loggedIn,
  registered,
  loggedOut,
  loginStatusReceived,
  sessionExpired,
  forgotSucceeded,
  resetSucceeded,
  passwordChanged,
  userReceived,
  storeAccessRefused,
  authFailed,
} = authSlice.actions;

export const authReducer = authSlice.reducer;
