import { MESSAGES, type User } from '@inventory/contract';
import { describe, expect, it } from 'vitest';
import {
  authFailed,
  authReducer,
  initialAuthState,
  loggedIn,
  loggedOut,
  loginRequested,
  loginStatusReceived,
  sessionCheckRequested,
  sessionExpired,
  userReceived,
  type AuthState,
} from './authSlice';

const user: User = { _id: '1', name: 'Jane Doe', email: 'jane@example.com', phone: '', bio: '', photo: '' };
const signedIn: AuthState = { ...initialAuthState, isLoggedIn: true, name: user.name, user, session: 'valid' };

describe('auth slice', () => {
  it('a request starts loading and clears the last outcome', () => {
    const state = authReducer(
      { ...initialAuthState, isError: true, message: 'old' },
      loginRequested({ email: 'a@b.co', password: 'x' }),
    );
    expect(state).toMatchObject({ isLoading: true, isError: false, isSuccess: false, message: '' });
  });

  it('login records the user, the name and a valid session', () => {
    const state = authReducer({ ...initialAuthState, isLoading: true }, loggedIn(user));
    expect(state).toMatchObject({
      isLoggedIn: true,
      name: 'Jane Doe',
      user,
      session: 'valid',
      isLoading: false,
      isSuccess: true,
    });
  });

  it('a failure keeps the user signed out and records the message', () => {
    const state = authReducer({ ...initialAuthState, isLoading: true }, authFailed(MESSAGES.invalidCredentials));
    expect(state).toMatchObject({
      isLoggedIn: false,
      isLoading: false,
      isError: true,
      message: MESSAGES.invalidCredentials,
    });
  });

  it('logout and session expiry clear the user', () => {
    expect(authReducer(signedIn, loggedOut())).toMatchObject({
      isLoggedIn: false,
      name: '',
      user: null,
      session: 'unknown',
    });
    expect(authReducer(signedIn, sessionExpired())).toMatchObject({
      isLoggedIn: false,
      name: '',
      user: null,
      session: 'expired',
    });
  });

  it('a session check shows "checking" only when the session is not already known valid', () => {
    expect(authReducer(initialAuthState, sessionCheckRequested()).session).toBe('checking');
    expect(authReducer(signedIn, sessionCheckRequested()).session).toBe('valid');
  });

  it('the login status sets isLoggedIn', () => {
    expect(authReducer(initialAuthState, loginStatusReceived(true))).toMatchObject({
      isLoggedIn: true,
      session: 'valid',
    });
    expect(authReducer(signedIn, loginStatusReceived(false))).toMatchObject({ isLoggedIn: false, session: 'unknown' });
  });

  it('the fetched user renames the header', () => {
    expect(authReducer(signedIn, userReceived({ ...user, name: 'Jane D.' })).name).toBe('Jane D.');
  });
});
