import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ChangePasswordForm, UpdateUserPayload } from '@inventory/contract/rules';

/**
 * The profile screens' own progress. The user itself lives in the auth slice (`auth.user`), written by the auth
 * sagas these screens reuse (getuser, updateuser, changepassword).
 */
export type ProfileLoad = 'idle' | 'loading' | 'loaded' | 'failed';

export interface ProfileState {
  load: ProfileLoad;
  /** Save Changes is running (photo upload, then updateuser). */
  saving: boolean;
  /** The change-password call is running. */
  changingPassword: boolean;
}

export const initialProfileState: ProfileState = { load: 'idle', saving: false, changingPassword: false };

/** The edit form's save: the fields, the photo already held, and a newly chosen photo file (uploaded first). */
export interface ProfileSaveRequest extends UpdateUserPayload {
  /** Not kept in the store; the save saga uploads it (the store's serializable check skips this path). */
  photoFile: File | null;
}

const profileSlice = createSlice({
  name: 'profile',
  initialState: initialProfileState,
  reducers: {
    // Intents (profileSagas.ts does the work).
    /** /profile opened (or its Retry): load the user. */
    profileRequested: () => undefined,
    /** /edit-profile opened: load the user only if no email is held; go to /profile if none can be had. */
    editProfileOpened: () => undefined,
    profileSaveRequested(state, _action: PayloadAction<ProfileSaveRequest>) {
      state.saving = true;
    },
    passwordChangeRequested(state, _action: PayloadAction<ChangePasswordForm>) {
      state.changingPassword = true;
    },

    // Progress.
    profileLoadStarted(state) {
      state.load = 'loading';
    },
    profileLoadFinished(state, action: PayloadAction<boolean>) {
      state.load = action.payload ? 'loaded' : 'failed';
    },
    profileSaveFinished(state) {
      state.saving = false;
    },
    passwordChangeFinished(state) {
      state.changingPassword = false;
    },
  },
});

export const {
  profileRequested,
  editProfileOpened,
  profileSaveRequested,
  passwordChangeRequested,
  profileLoadStarted,
  profileLoadFinished,
  profileSaveFinished,
  passwordChangeFinished,
} = profileSlice.actions;

export const profileReducer = profileSlice.reducer;
