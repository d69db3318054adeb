import type { AuthState } from './authSlice';

/** Each selector reads only the auth slice, so it needs no more of the store's shape than that. */
type WithAuth = { auth: AuthState };

export const selectIsLoggedIn = (state: WithAuth) => state.auth.isLoggedIn;
export const selectName = (state: WithAuth) => state.auth.name;
export const selectUser = (state: WithAuth) => state.auth.user;
export const selectSession = (state: WithAuth) => state.auth.session;
export const selectAuthLoading = (state: WithAuth) => state.auth.isLoading;
export const selectLoggingOut = (state: WithAuth) => state.auth.loggingOut;
