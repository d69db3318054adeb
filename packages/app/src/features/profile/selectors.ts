import type { ProfileState } from './profileSlice';

/** Each selector reads only the profile slice, so it needs no more of the store's shape than that. */
type WithProfile = { profile: ProfileState };

export const selectProfileLoad = (state: WithProfile) => state.profile.load;
export const selectProfileSaving = (state: WithProfile) => state.profile.saving;
export const selectChangingPassword = (state: WithProfile) => state.profile.changingPassword;
