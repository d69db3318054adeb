import { LIMITS } from './constants';
import { MESSAGES } from './messages';
import { hasDirectionControls, isBlank } from './validation';

/** Contact Us: a subject and a message to support. */
export interface ContactPayload {
  subject: string;
  message: string;
}

export type ContactFieldErrors = Partial<Record<keyof ContactPayload, string>>;

export function validateContact({ subject, message }: ContactPayload): ContactFieldErrors {
  const errors: ContactFieldErrors = {};
  if (isBlank(subject)) errors.subject = MESSAGES.subjectRequired;
  else if (hasDirectionControls(subject)) errors.subject = MESSAGES.directionControls('Subject');
  else if (subject.trim().length > LIMITS.subject) errors.subject = MESSAGES.fieldTooLong('Subject', LIMITS.subject);
  if (isBlank(message)) errors.message = MESSAGES.messageRequired;
  else if (message.trim().length > LIMITS.message) errors.message = MESSAGES.fieldTooLong('Message', LIMITS.message);
  return errors;
}

/**
 * The operator's contact details (CONTACT_EMAIL, CONTACT_PHONE, CONTACT_ADDRESS, CONTACT_SOCIAL on the server), as
 * the Contact page shows them: only what is configured, null for the rest.
 */
export interface ContactDetails {
  email: string | null;
  phone: string | null;
  address: string | null;
  social: string | null;
}

export const NO_CONTACT_DETAILS: ContactDetails = { email: null, phone: null, address: null, social: null };

/** A phone number as written for people: digits, spaces, `+`, `(`, `)`, `-`, `.` and `/`, with at least 3 digits. */
export function isContactPhone(value: string): boolean {
  return /^\+?[\d\s()./-]+$/.test(value) && (value.match(/\d/g)?.length ?? 0) >= 3;
}

/** The `tel:` address of a phone number: its digits, with a leading `+` when it has one. */
export function telHref(phone: string): string {
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;
}
