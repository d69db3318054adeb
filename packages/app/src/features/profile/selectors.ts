import type { RootState } from '../../app/store';

export const selectProfileLoad = (state: RootState) => state.profile.load;
export const selectProfileSaving = (state: RootState) => state.profile.saving;
export const selectChangingPassword = (state: RootState) => state.profile.changingPassword;
