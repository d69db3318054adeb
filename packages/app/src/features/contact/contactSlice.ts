import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ContactDetails, ContactFieldErrors, ContactPayload } from '@inventory/contract/rules';

export interface ContactState {
  sending: boolean;
  /** Field errors of the last attempt (validateContact). */
  errors: ContactFieldErrors;
  /** Messages sent so far; the form starts afresh (cleared) each time it grows. */
  sentCount: number;
  /** The operator's contact details (GET /api/contactus), once loaded. */
  details: ContactDetails | null;
  detailsStatus: 'idle' | 'loading' | 'loaded' | 'failed';
}

export const initialContactState: ContactState = {
  sending: false,
  errors: {},
  sentCount: 0,
  details: null,
  detailsStatus: 'idle',
};

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
    /** Intent (contactSagas.ts): GET /api/contactus. */
    contactDetailsRequested(state) {
      state.detailsStatus = 'loading';
    },
    contactDetailsLoaded(state, action: PayloadAction<ContactDetails>) {
      state.details = action.payload;
      state.detailsStatus = 'loaded';
    },
    contactDetailsFailed(state, _action: PayloadAction<string>) {
      state.detailsStatus = 'failed';
    },
  },
});

export const {
  contactRequested,
  contactInvalid,
  contactSent,
  contactFailed,
  contactDetailsRequested,
  contactDetailsLoaded,
  contactDetailsFailed,
} = contactSlice.actions;
export const contactReducer = contactSlice.reducer;
