import { z } from 'zod';
import { LIMITS } from './constants';
import { isValidEmail } from './email';
import { MESSAGES } from './messages';
import { hasDirectionControls, isBlank } from './validation';

/**
 * Stores and teams: a store owns products, orders and their images; each member has one role in it. The role rules
 * live here once, read by the server (which decides), the app (which hides what a role cannot do) and the mocks.
 */
export const ROLES = ['owner', 'manager', 'staff', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  manager: 'Manager',
  staff: 'Staff',
  viewer: 'Viewer',
};

export const ROLE_SUMMARIES: Record<Role, string> = {
  owner: 'Everything, including members, roles, API tokens and the store itself',
  manager: 'Everything on products and orders; invites and removes staff and viewers',
  staff: 'Adds and edits products and orders; deletes nothing',
  viewer: 'Reads only',
};

/** Higher is more. A token's role, and a role a manager hands out, never exceeds its giver's. */
export const ROLE_RANK: Record<Role, number> = { viewer: 0, staff: 1, manager: 2, owner: 3 };

/** What a request may do in a store. */
export type Permission =
  | 'catalogue:read'
  | 'catalogue:create'
  | 'catalogue:update'
  | 'catalogue:delete'
  | 'members:read'
  | 'members:manage'
  | 'tokens:manage'
  | 'store:manage';

const GRANTS: Record<Permission, readonly Role[]> = {
  'catalogue:read': ['owner', 'manager', 'staff', 'viewer'],
  'catalogue:create': ['owner', 'manager', 'staff'],
  'catalogue:update': ['owner', 'manager', 'staff'],
  'catalogue:delete': ['owner', 'manager'],
  'members:read': ['owner', 'manager', 'staff', 'viewer'],
  'members:manage': ['owner', 'manager'],
  'tokens:manage': ['owner'],
  'store:manage': ['owner'],
};

/** Phrases for the 403 message: "Your role (staff) does not allow you to <phrase>." */
const DOING: Record<Permission, string> = {
  'catalogue:read': 'see this store',
  'catalogue:create': 'add products or orders',
  'catalogue:update': 'edit products or orders',
  'catalogue:delete': 'delete products or orders',
  'members:read': 'see the members',
  'members:manage': 'manage members or invitations',
  'tokens:manage': 'manage API tokens',
  'store:manage': 'rename or delete the store',
};

export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role != null && GRANTS[permission].includes(role);
}

export function forbiddenMessage(role: Role, permission: Permission): string {
  return MESSAGES.roleForbidden(role, DOING[permission]);
}

/** Roles `actor` may give to a new member (invitation) or set on an existing one. Owners: any; managers: staff, viewer. */
export function assignableRoles(actor: Role): Role[] {
  if (actor === 'owner') return [...ROLES];
  if (actor === 'manager') return ['staff', 'viewer'];
  return [];
}

/** Whether `actor` may change or remove a member whose role is `target` (themselves excepted: anyone may leave). */
export function canManageMember(actor: Role, target: Role): boolean {
  return assignableRoles(actor).includes(target);
}

/** Roles a token made by `actor` may have: no higher than the actor's own. */
export function tokenRoles(actor: Role): Role[] {
  return ROLES.filter((role) => ROLE_RANK[role] <= ROLE_RANK[actor]);
}

/** An invitation link works this long. */
export const INVITATION_TTL_DAYS = 7;
/** Where the app opens an invitation; the mailed link is `<APP_URL>/invitations/<token>`. */
export const INVITATION_PATH = '/invitations';
/** API tokens start with this, so a leaked one is recognisable (and secret scanners can match it). */
export const API_TOKEN_PREFIX = 'inv_';

const roleSchema = z.enum(ROLES, { error: MESSAGES.roleInvalid });

const storeName = z
  .string({ error: MESSAGES.storeNameRequired })
  .trim()
  .min(1, MESSAGES.storeNameRequired)
  .max(LIMITS.storeName, MESSAGES.fieldTooLong('Store name', LIMITS.storeName))
  .refine((value) => !isBlank(value), MESSAGES.storeNameRequired)
  .refine((value) => !hasDirectionControls(value), MESSAGES.directionControls('Store name'));

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
    .refine((value) => !hasDirectionControls(value), MESSAGES.directionControls('Token name')),
  role: roleSchema,
  expiresAt: z.iso.datetime({ offset: true, error: MESSAGES.tokenExpiryInvalid }).optional().nullable(),
});

export type StoreNameBody = z.infer<typeof storeNameSchema>;
export type StoreSwitchBody = z.infer<typeof storeSwitchSchema>;
export type MemberRoleBody = z.infer<typeof memberRoleSchema>;
export type InvitationCreateBody = z.infer<typeof invitationCreateSchema>;
export type TokenCreateBody = z.infer<typeof tokenCreateSchema>;

/** Client-side checks of the invite form, with the server's messages. */
export function validateInvitation(email: string): string | null {
  if (isBlank(email)) return MESSAGES.emailRequired;
  if (!isValidEmail(email.trim())) return MESSAGES.invalidEmail;
  return null;
}

/** Client-side check of a token's expiry (a date or datetime the user chose): in the future, or none. */
export function validateTokenExpiry(expiresAt: string | null | undefined, now: Date): string | null {
  if (!expiresAt) return null;
  const at = Date.parse(expiresAt);
  if (Number.isNaN(at)) return MESSAGES.tokenExpiryInvalid;
  if (at <= now.getTime()) return MESSAGES.tokenExpiryPast;
  return null;
}

// ---- answers ----

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
