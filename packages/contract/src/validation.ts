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

/**
 * Control characters (C0 with NUL, tab, CR and LF; DEL; C1) and the Unicode line and paragraph separators: a
 * single-line field or a query parameter never needs one, and a line break would write lines wherever the text is
 * interpolated (a mail's text part).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;

/** True when a text holds a control character (line breaks, tabs, NUL, escapes). */
export function hasControlCharacters(value: string | undefined | null): boolean {
  return !!value && CONTROL_CHARACTERS.test(value);
}

/**
 * The rule of every single-line field (names of stores, products, people, tokens; category, SKU, phone, subject): no
 * control characters and no text-direction controls. The message naming the field, or null.
 */
export function singleLineProblem(field: string, value: string | undefined | null): string | null {
  if (hasControlCharacters(value)) return MESSAGES.controlCharacters(field);
  if (hasDirectionControls(value)) return MESSAGES.directionControls(field);
  return null;
}

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
  const nameProblem = singleLineProblem('Name', name);
  if (nameProblem) return nameProblem;
  if (password.length < MIN_PASSWORD_LENGTH) return MESSAGES.passwordTooShort;
  if (!isValidEmail(email.trim())) return MESSAGES.invalidEmail;
  if (password !== password2) return MESSAGES.passwordsDoNotMatch;
  return null;
}

/** The profile form: a name is required; name and phone are single-line (singleLineProblem). */
export function validateProfile({ name, phone }: Partial<Pick<UpdateUserPayload, 'name' | 'phone'>>): ValidationResult {
  if (name !== undefined && isBlank(name)) return MESSAGES.nameRequired;
  return singleLineProblem('Name', name) ?? singleLineProblem('Phone', phone);
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
