import { MIN_PASSWORD_LENGTH } from './constants';
import { isValidEmail } from './email';
import { MESSAGES } from './messages';
import type {
  ChangePasswordForm,
  ForgotPayload,
  LoginPayload,
  RegisterForm,
  ResetPayload,
  UpdateUserPayload,
} from './types';

/**
 * The forms' validators. Each checks its rules in a fixed order and returns the first failing rule's message, or null.
 * The client toasts that message; the server answers it as a 400.
 */
export type ValidationResult = string | null;

/**
 * Characters that show nothing: zero-width space, non-joiner and joiner, word joiner, BOM, soft hyphen, and the
 * bidi marks, embeddings, overrides and isolates.
 */
const INVISIBLE = /[\u00AD\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g;

/** Bidi embeddings, overrides and isolates: in a single-line field they can make the text read as something else. */
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

/** True when a text shows nothing (empty, spaces, invisible characters only): every "required" rule uses it. */
export function isBlank(value: string | undefined | null): boolean {
  return !value || value.replace(INVISIBLE, '').trim() === '';
}

/** True when a text holds a text-direction control; single-line fields refuse them (MESSAGES.directionControls). */
export function hasDirectionControls(value: string | undefined | null): boolean {
  return !!value && DIRECTION_CONTROLS.test(value);
}

export function validateLogin({ email, password }: LoginPayload): ValidationResult {
  if (isBlank(email) || !password) return MESSAGES.allFieldsRequired;
  if (!isValidEmail(email.trim())) return MESSAGES.invalidEmail;
  return null;
}

export function validateRegister({ name, email, password, password2 }: RegisterForm): ValidationResult {
  if (isBlank(name) || isBlank(email) || !password) return MESSAGES.allFieldsRequired;
  if (hasDirectionControls(name)) return MESSAGES.directionControls('Name');
  if (password.length < MIN_PASSWORD_LENGTH) return MESSAGES.passwordTooShort;
  if (!isValidEmail(email.trim())) return MESSAGES.invalidEmail;
  if (password !== password2) return MESSAGES.passwordsDoNotMatch;
  return null;
}

/** The profile form: a name is required; name and phone are single-line, so no text-direction controls. */
export function validateProfile({ name, phone }: Partial<Pick<UpdateUserPayload, 'name' | 'phone'>>): ValidationResult {
  if (name !== undefined && isBlank(name)) return MESSAGES.nameRequired;
  if (hasDirectionControls(name)) return MESSAGES.directionControls('Name');
  if (hasDirectionControls(phone)) return MESSAGES.directionControls('Phone');
  return null;
}

export function validateForgot({ email }: ForgotPayload): ValidationResult {
  if (isBlank(email)) return MESSAGES.emailRequired;
  if (!isValidEmail(email.trim())) return MESSAGES.invalidEmail;
  return null;
}

export function validateReset({ password, password2 }: ResetPayload): ValidationResult {
  if (!password || password.length < MIN_PASSWORD_LENGTH) return MESSAGES.passwordTooShort;
  if (password !== password2) return MESSAGES.passwordsDoNotMatch;
  return null;
}

export function validateChangePassword({ oldPassword, password, password2 }: ChangePasswordForm): ValidationResult {
  if (!oldPassword || !password) return MESSAGES.allFieldsRequired;
  if (password !== password2) return MESSAGES.newPasswordsDoNotMatch;
  if (password.length < MIN_PASSWORD_LENGTH) return MESSAGES.passwordTooShort;
  return null;
}
