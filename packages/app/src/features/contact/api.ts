import type { ContactDetails, ContactPayload, MessageResponse } from '@inventory/contract/rules';
import { apiClient } from '../../api/client';

/** POST /api/contactus: the server stores the message, mails support and answers `{message}`. */
export async function sendContact(payload: ContactPayload): Promise<MessageResponse> {
  return (await apiClient.post<MessageResponse>('/api/contactus', payload)).data;
}

/** GET /api/contactus: the operator's contact details, each null when not configured. */
export async function fetchContactDetails(): Promise<ContactDetails> {
  return (await apiClient.get<ContactDetails>('/api/contactus')).data;
}
