import { z } from 'zod';
import { LIMITS, MIN_PASSWORD_LENGTH } from './constants';
import { isValidEmail } from './email';
import { MESSAGES } from './messages';

/**
 * Request schemas for the API boundary. Strict objects: unknown keys such as `_id` or `password` on a profile update
 * are refused. Messages are the spec's, in the spec's order, so a hand-written client gets the same text the UI shows.
 */
const requiredText = (max: number, field: string) =>
  z
    .string({ error: MESSAGES.allFieldsRequired })
    .trim()
    .min(1, MESSAGES.allFieldsRequired)
    .max(max, MESSAGES.fieldTooLong(field, max));

const email = z
  .string({ error: MESSAGES.allFieldsRequired })
  .trim()
  .min(1, MESSAGES.allFieldsRequired)
  .max(LIMITS.email, MESSAGES.fieldTooLong('Email', LIMITS.email))
  .refine(isValidEmail, MESSAGES.invalidEmail)
  .transform((value) => value.toLowerCase());

const password = z
  .string({ error: MESSAGES.allFieldsRequired })
  .min(1, MESSAGES.allFieldsRequired)
  .max(LIMITS.password, MESSAGES.fieldTooLong('Password', LIMITS.password));

const newPassword = z
  .string({ error: MESSAGES.passwordTooShort })
  .min(MIN_PASSWORD_LENGTH, MESSAGES.passwordTooShort)
  .max(LIMITS.password, MESSAGES.fieldTooLong('Password', LIMITS.password));

export const registerSchema = z.strictObject({
  name: requiredText(LIMITS.name, 'Name'),
  email,
  password: password.pipe(newPassword),
});

export const loginSchema = z.strictObject({ email, password });

export const forgotSchema = z.strictObject({
  email: z
    .string({ error: MESSAGES.emailRequired })
    .trim()
    .min(1, MESSAGES.emailRequired)
    .max(LIMITS.email, MESSAGES.fieldTooLong('Email', LIMITS.email))
    .refine(isValidEmail, MESSAGES.invalidEmail)
    .transform((value) => value.toLowerCase()),
});

export const resetSchema = z
  .strictObject({ password: newPassword, password2: z.string({ error: MESSAGES.passwordsDoNotMatch }) })
  .refine((body) => body.password === body.password2, MESSAGES.passwordsDoNotMatch);

export const resetParamsSchema = z.strictObject({
  resetToken: z.string().min(1).max(LIMITS.resetToken, MESSAGES.resetTokenInvalid),
});

export const changePasswordSchema = z.strictObject({
  oldPassword: password,
  password: password.pipe(newPassword),
});

const optionalText = (max: number, field: string) =>
  z
    .string()
    .trim()
    .max(max, MESSAGES.fieldTooLong(field, max))
    .optional();

export const updateUserSchema = z.strictObject({
  name: z.string().trim().min(1, MESSAGES.nameRequired).max(LIMITS.name, MESSAGES.fieldTooLong('Name', LIMITS.name)).optional(),
  phone: optionalText(LIMITS.phone, 'Phone'),
  bio: optionalText(LIMITS.bio, 'Bio'),
  photo: z.string().trim().max(LIMITS.photoUrl, MESSAGES.fieldTooLong('Photo', LIMITS.photoUrl)).optional(),
});

export type RegisterBody = z.infer<typeof registerSchema>;
export type LoginBody = z.infer<typeof loginSchema>;
export type ForgotBody = z.infer<typeof forgotSchema>;
export type ResetBody = z.infer<typeof resetSchema>;
export type ChangePasswordBody = z.infer<typeof changePasswordSchema>;
export type UpdateUserBody = z.infer<typeof updateUserSchema>;

/** The message of the first issue, for a `{message}` error body. */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return MESSAGES.genericError;
  if (issue.code === 'unrecognized_keys') return `Unexpected field: ${issue.keys.join(', ')}`;
  if (issue.code === 'invalid_type' && issue.path.length === 0) return 'Request body must be a JSON object';
  return issue.message;
}
