import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ContactFieldErrors, ContactPayload } from '@inventory/contract/rules';

export interface ContactState {
  sending: boolean;
  /** Field errors of the last attempt (validateContact). */
  errors: ContactFieldErrors;
  /** Messages sent so far; the form starts afresh (cleared) each time it grows. */
  sentCount: number;
}

export const initialContactState: ContactState = { sending: false, errors: {}, sentCount: 0 };

const contactSlice = createSlice({
  name: 'contact',
  initialState: initialContactState,
  reducers: {
    /** Intent (contactSagas.ts): validate, then POST /api/contactus. */
    contactRequested(state, _action: PayloadAction<ContactPayload>) {
      state.sending = true;
      state.errors = {};
    },
    contactInvalid(state, action: PayloadAction<ContactFieldErrors>) {
      state.sending = false;
      state.errors = action.payload;
    },
    contactSent(state) {
      state.sending = false;
      state.errors = {};
      state.sentCount += 1;
    },
    contactFailed(state, _action: PayloadAction<string>) {
      state.sending = false;
    },
  },
});

export const { contactRequested, contactInvalid, contactSent, contactFailed } = contactSlice.actions;
export const contactReducer = contactSlice.reducer;
