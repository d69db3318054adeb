import type { RootState } from '../../app/store';

export const selectContactSending = (state: RootState) => state.contact.sending;
export const selectContactErrors = (state: RootState) => state.contact.errors;
export const selectContactSentCount = (state: RootState) => state.contact.sentCount;
