import { z } from 'zod';
import { LIMITS } from '../constants';
import { isValidEmail } from '../email';
import { MESSAGES } from '../messages';
import { ROLES } from '../stores';
import { isBlank, singleLineProblem } from '../validation';

/** Requests and answers of the stores, members, invitations and API tokens calls (the role rules: stores.ts). */

/** A single-line field's rule (singleLineProblem) as a zod check. */
const singleLine = (field: string) => (value: string, ctx: z.RefinementCtx) => {
  const problem = singleLineProblem(field, value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
};

const roleSchema = z.enum(ROLES, { error: MESSAGES.roleInvalid });

const storeName = z
  .string({ error: MESSAGES.storeNameRequired })
  .trim()
  .min(1, MESSAGES.storeNameRequired)
  .max(LIMITS.storeName, MESSAGES.fieldTooLong('Store name', LIMITS.storeName))
  .refine((value) => !isBlank(value), MESSAGES.storeNameRequired)
  .superRefine(singleLine('Store name'));

export const storeNameSchema = z.strictObject({ name: storeName });
export const storeSwitchSchema = z.strictObject({ storeId: z.uuid({ error: MESSAGES.storeNotFound }) });
export const memberRoleSchema = z.strictObject({ role: roleSchema });
export const memberParamsSchema = z.strictObject({ userId: z.uuid() });

export const invitationCreateSchema = z.strictObject({
  email: z
    .string({ error: MESSAGES.emailRequired })
    .trim()
    .min(1, MESSAGES.emailRequired)
    .max(LIMITS.email, MESSAGES.fieldTooLong('Email', LIMITS.email))
    .refine(isValidEmail, MESSAGES.invalidEmail)
    .transform((value) => value.toLowerCase()),
  role: roleSchema,
});

export const invitationTokenParamsSchema = z.strictObject({
  token: z.string().min(1).max(LIMITS.resetToken, MESSAGES.invitationInvalid),
});

export const tokenCreateSchema = z.strictObject({
  name: z
    .string({ error: MESSAGES.tokenNameRequired })
    .trim()
    .min(1, MESSAGES.tokenNameRequired)
    .max(LIMITS.tokenName, MESSAGES.fieldTooLong('Token name', LIMITS.tokenName))
    .superRefine(singleLine('Token name')),
  role: roleSchema,
  expiresAt: z.iso.datetime({ offset: true, error: MESSAGES.tokenExpiryInvalid }).optional().nullable(),
});

export type StoreNameBody = z.infer<typeof storeNameSchema>;
export type StoreSwitchBody = z.infer<typeof storeSwitchSchema>;
export type MemberRoleBody = z.infer<typeof memberRoleSchema>;
export type InvitationCreateBody = z.infer<typeof invitationCreateSchema>;
export type TokenCreateBody = z.infer<typeof tokenCreateSchema>;

const storeFields = {
  _id: z.uuid(),
  name: z.string().max(LIMITS.storeName),
  role: z.enum(ROLES).describe('Your role in this store'),
};

export const storeResponseSchema = z
  .object(storeFields)
  .meta({ examples: [{ _id: '0b1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e', name: 'Acme IT Supplies', role: 'owner' }] });

export const storeListItemSchema = z.object({
  ...storeFields,
  active: z.boolean().describe('The store your requests work on now'),
});

export const storeListSchema = z.array(storeListItemSchema).describe('Every store you are a member of, by name');

export const memberResponseSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  joinedAt: z.iso.datetime(),
  lastActiveAt: z.iso.datetime().nullable().describe('The last request they made in this store (to 5 minutes)'),
});
export const memberListSchema = z.array(memberResponseSchema).describe("The store's members, owners first");

export const invitationResponseSchema = z.object({
  _id: z.uuid(),
  email: z.string(),
  role: z.enum(ROLES),
  invitedBy: z.string().describe('Name of who sent it'),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export const invitationListSchema = z.array(invitationResponseSchema).describe('Invitations not yet accepted, revoked or expired');

export const invitationPreviewSchema = z.object({
  storeName: z.string(),
  email: z.string().describe('The address invited: accept while signed in with it'),
  role: z.enum(ROLES),
  invitedBy: z.string(),
  expiresAt: z.iso.datetime(),
});

export const apiTokenResponseSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  role: z.enum(ROLES),
  createdBy: z.string().describe('Name of who made it'),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime().nullable(),
  lastUsedAt: z.iso.datetime().nullable().describe('The last request made with it (to the minute)'),
});
export const apiTokenListSchema = z.array(apiTokenResponseSchema).describe("The store's live tokens, newest first");
export const apiTokenCreatedSchema = apiTokenResponseSchema.extend({
  token: z
    .string()
    .describe('The secret, shown only in this answer: send it as `Authorization: Bearer <token>`. Only its hash is kept.'),
});

export type Store = z.infer<typeof storeResponseSchema>;
export type StoreListItem = z.infer<typeof storeListItemSchema>;
export type Member = z.infer<typeof memberResponseSchema>;
export type Invitation = z.infer<typeof invitationResponseSchema>;
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;
export type ApiToken = z.infer<typeof apiTokenResponseSchema>;
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;
