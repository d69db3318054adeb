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
