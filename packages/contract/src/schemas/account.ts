import { z } from 'zod';
import { LIMITS, MIN_PASSWORD_LENGTH } from '../constants';
import { echoedFields, withoutEchoed } from './echoed-fields';
import { isValidEmail } from '../email';
import { MESSAGES } from '../messages';
import { isBlank, validateLogin, validateProfile, validateRegister } from '../validation';

/**
 * Request schemas of the account calls (register, sign-in, passwords, profile). Strict objects: unknown keys such as
 * `_id` or `password` on a profile update are refused. Messages are the forms' own, in the forms' order, so a
 * hand-written client gets the same text the UI shows.
 */
/** A text field that must be a string no longer than `max`; emptiness is judged by the forms' validators. */
const boundedText = (max: number, field: string) =>
  z.string({ error: MESSAGES.allFieldsRequired }).max(max, MESSAGES.fieldTooLong(field, max));

const newPassword = z
  .string({ error: MESSAGES.passwordTooShort })
  .min(MIN_PASSWORD_LENGTH, MESSAGES.passwordTooShort)
  .max(LIMITS.password, MESSAGES.fieldTooLong('Password', LIMITS.password));

const password = z
  .string({ error: MESSAGES.allFieldsRequired })
  .min(1, MESSAGES.allFieldsRequired)
  .max(LIMITS.password, MESSAGES.fieldTooLong('Password', LIMITS.password));

/** Runs a form's validator after the shape checks, so the server answers the message the form would show. */
function inSpecOrder<T>(validate: (body: T) => string | null) {
  return (body: T, ctx: z.RefinementCtx) => {
    const message = validate(body);
    if (message) ctx.addIssue({ code: 'custom', message });
  };
}

const normalised = <T extends { email: string }>(body: T): T => ({ ...body, email: body.email.trim().toLowerCase() });

export const registerSchema = z
  .strictObject({
    name: boundedText(LIMITS.name, 'Name'),
    email: boundedText(LIMITS.email, 'Email'),
    password: boundedText(LIMITS.password, 'Password'),
    /** The token of an invitation link the user registers through: they join its store and get no store of their own. */
    invitation: z.string().min(1).max(LIMITS.resetToken, MESSAGES.invitationInvalid).optional(),
  })
  .superRefine(inSpecOrder((body) => validateRegister({ ...body, password2: body.password })))
  .transform((body) => normalised({ ...body, name: body.name.trim() }));

export const loginSchema = z
  .strictObject({
    email: boundedText(LIMITS.email, 'Email'),
    password: boundedText(LIMITS.password, 'Password'),
  })
  .superRefine(inSpecOrder(validateLogin))
  .transform(normalised);

export const forgotSchema = z.strictObject({
  email: z
    .string({ error: MESSAGES.emailRequired })
    .trim()
    .min(1, MESSAGES.emailRequired)
    .refine((value) => !isBlank(value), MESSAGES.emailRequired)
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
  z.string().trim().max(max, MESSAGES.fieldTooLong(field, max)).optional();

/**
 * Read-only fields getuser answers. A client that saves the profile by sending back the user it fetched sends them
 * too: accepted and ignored, whatever their value (the email cannot be changed).
 */
export const USER_ECHOED_FIELDS = ['_id', 'email'] as const;

export const updateUserSchema = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(1, MESSAGES.nameRequired)
      .max(LIMITS.name, MESSAGES.fieldTooLong('Name', LIMITS.name))
      .optional(),
    phone: optionalText(LIMITS.phone, 'Phone'),
    bio: optionalText(LIMITS.bio, 'Bio'),
    photo: z.string().trim().max(LIMITS.photoUrl, MESSAGES.fieldTooLong('Photo', LIMITS.photoUrl)).optional(),
    ...echoedFields(USER_ECHOED_FIELDS),
  })
  .superRefine(inSpecOrder(validateProfile))
  .transform((body) => withoutEchoed(body, USER_ECHOED_FIELDS));

export type RegisterBody = z.infer<typeof registerSchema>;
export type LoginBody = z.infer<typeof loginSchema>;
export type ForgotBody = z.infer<typeof forgotSchema>;
export type ResetBody = z.infer<typeof resetSchema>;
export type ChangePasswordBody = z.infer<typeof changePasswordSchema>;
export type UpdateUserBody = z.infer<typeof updateUserSchema>;
