import { MIN_PASSWORD_LENGTH } from './constants';
import { isValidEmail } from './email';
import { MESSAGES } from './messages';
import type { ChangePasswordForm, ForgotPayload, LoginPayload, RegisterForm, ResetPayload } from './types';

/**
 * Form validators of SPEC.md §5. Each returns the first failing rule's message in the spec's order, or null.
 * The client toasts that message; the server answers it as a 400.
 */
export type ValidationResult = string | null;

const blank = (value: string | undefined) => !value || value.trim() === '';

export function validateLogin({ email, password }: LoginPayload): ValidationResult {
  if (blank(email) || !password) return MESSAGES.allFieldsRequired;
  if (!isValidEmail(email.trim())) return MESSAGES.invalidEmail;
  return null;
}

export function validateRegister({ name, email, password, password2 }: RegisterForm): ValidationResult {
  if (blank(name) || blank(email) || !password) return MESSAGES.allFieldsRequired;
  if (password.length < MIN_PASSWORD_LENGTH) return MESSAGES.passwordTooShort;
  if (!isValidEmail(email.trim())) return MESSAGES.invalidEmail;
  if (password !== password2) return MESSAGES.passwordsDoNotMatch;
  return null;
}

export function validateForgot({ email }: ForgotPayload): ValidationResult {
  if (blank(email)) return MESSAGES.emailRequired;
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
