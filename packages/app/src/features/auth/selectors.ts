import type { RootState } from '../../app/store';

export const selectAuth = (state: RootState) => state.auth;
export const selectIsLoggedIn = (state: RootState) => state.auth.isLoggedIn;
export const selectName = (state: RootState) => state.auth.name;
export const selectUser = (state: RootState) => state.auth.user;
export const selectSession = (state: RootState) => state.auth.session;
export const selectAuthLoading = (state: RootState) => state.auth.isLoading;
export const selectLoggingOut = (state: RootState) => state.auth.loggingOut;
