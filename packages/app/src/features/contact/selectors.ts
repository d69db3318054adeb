import type { ContactState } from './contactSlice';

/** Each selector reads only the contact slice, so it needs no more of the store's shape than that. */
type WithContact = { contact: ContactState };

export const selectContactSending = (state: WithContact) => state.contact.sending;
export const selectContactErrors = (state: WithContact) => state.contact.errors;
export const selectContactSentCount = (state: WithContact) => state.contact.sentCount;
export const selectContactDetails = (state: WithContact) => state.contact.details;
export const selectContactDetailsStatus = (state: WithContact) => state.contact.detailsStatus;
