import { isValidEmail } from './email';
import { MESSAGES } from './messages';
import { isBlank } from './validation';

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
  | 'categories:read'
  | 'categories:update'
  | 'categories:merge'
  | 'customers:read'
  | 'customers:create'
  | 'customers:update'
  | 'customers:delete'
  | 'cost:read'
  | 'cost:update'
  | 'settings:read'
  | 'settings:update'
  | 'invoices:read'
  | 'invoices:write'
  | 'invoices:issue'
  | 'reports:read'
  | 'suppliers:read'
  | 'suppliers:create'
  | 'suppliers:update'
  | 'suppliers:delete'
  | 'purchasing:read'
  | 'purchasing:manage'
  | 'purchasing:receive'
  | 'members:read'
  | 'members:manage'
  | 'tokens:manage'
  | 'store:manage';

const GRANTS: Record<Permission, readonly Role[]> = {
  'catalogue:read': ['owner', 'manager', 'staff', 'viewer'],
  'catalogue:create': ['owner', 'manager', 'staff'],
  'catalogue:update': ['owner', 'manager', 'staff'],
  'catalogue:delete': ['owner', 'manager'],
  // Categories (0032): every member reads them (the product form suggests them); renaming and merging change every
  // product of a category at once, so they are the deleting roles'.
  'categories:read': ['owner', 'manager', 'staff', 'viewer'],
  'categories:update': ['owner', 'manager'],
  'categories:merge': ['owner', 'manager'],
  // Customers: the catalogue's grants (0035); deleting one with orders archives them.
  'customers:read': ['owner', 'manager', 'staff', 'viewer'],
  'customers:create': ['owner', 'manager', 'staff'],
  'customers:update': ['owner', 'manager', 'staff'],
  'customers:delete': ['owner', 'manager'],
  // What the shop pays for a product: owners and managers only; staff and viewers never see it (0031).
  'cost:read': ['owner', 'manager'],
  'cost:update': ['owner', 'manager'],
  // Store details and tax rates (0038): every member reads what documents print; only owners change them, since the
  // bank details decide where customers pay and the rates what they are charged.
  'settings:read': ['owner', 'manager', 'staff', 'viewer'],
  'settings:update': ['owner'],
  // Invoices (0043): every member reads them; whoever takes orders prepares drafts and mails them; issuing (which
  // takes a number for good), credit notes and payments change what customers owe, so they are owners' and managers'.
  'invoices:read': ['owner', 'manager', 'staff', 'viewer'],
  'invoices:write': ['owner', 'manager', 'staff'],
  'invoices:issue': ['owner', 'manager'],
  // Bill Reports (0045): margins and costs of what sold, stock at cost, who owes what: the roles that see costs (0031).
  'reports:read': ['owner', 'manager'],
  // Suppliers (0037): whoever sees the catalogue sees who supplies it; what the store buys, from whom and at what cost
  // is decided by owners and managers, who add, edit, link, archive and restore suppliers.
  'suppliers:read': ['owner', 'manager', 'staff', 'viewer'],
  'suppliers:create': ['owner', 'manager'],
  'suppliers:update': ['owner', 'manager'],
  'suppliers:delete': ['owner', 'manager'],
  // Purchase orders and receipts (0042): they carry what each unit cost, so they are the roles' that see costs (0031).
  'purchasing:read': ['owner', 'manager'],
  'purchasing:manage': ['owner', 'manager'],
  // Receiving (0047): whoever holds the phone in the stockroom, staff too; they see orders and receipts without
  // costs (purchaseOrderSeenBy) and a receipt of theirs takes each line's unit cost.
  'purchasing:receive': ['owner', 'manager', 'staff'],
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
  'categories:read': 'see the categories',
  'categories:update': 'rename categories',
  'categories:merge': 'merge categories',
  'customers:read': 'see customers',
  'customers:create': 'add customers',
  'customers:update': 'edit customers',
  'customers:delete': 'delete, archive or restore customers',
  'cost:read': 'see product costs',
  'cost:update': 'set product costs',
  'settings:read': 'see the store settings',
  'settings:update': 'change the store settings or tax rates',
  'invoices:read': 'see invoices',
  'invoices:write': 'prepare or mail invoices',
  'invoices:issue': 'issue or credit invoices or record payments',
  'reports:read': 'see the bill reports',
  'suppliers:read': 'see suppliers',
  'suppliers:create': 'add suppliers',
  'suppliers:update': "edit suppliers or products' suppliers",
  'suppliers:delete': 'delete, archive or restore suppliers',
  'purchasing:read': 'see purchase orders',
  'purchasing:manage': 'write, send or cancel purchase orders',
  'purchasing:receive': 'receive purchase orders',
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

/** A refusal of a member change: the status and message the API answers. */
export interface MemberRefusal {
  status: 403 | 404 | 409;
  message: string;
}

/**
 * Whether `actor` may remove the member `target` (null: not a member of the store), or leave when `leaving` (the
 * caller removing themselves with their session): null when allowed. `owners` is the store's number of owners.
 */
export function memberRemovalRefusal(change: {
  actor: Role;
  target: Role | null;
  leaving: boolean;
  owners: number;
}): MemberRefusal | null {
  if (change.target === null) return { status: 404, message: MESSAGES.memberNotFound };
  if (!change.leaving && !canManageMember(change.actor, change.target)) {
    return { status: 403, message: MESSAGES.memberCannotManage };
  }
  if (change.target === 'owner' && change.owners <= 1) return { status: 409, message: MESSAGES.lastOwner };
  return null;
}

/** Whether `actor` may give the member `target` (null: not a member) the role `role`: null when allowed. */
export function memberRoleChangeRefusal(change: {
  actor: Role;
  target: Role | null;
  role: Role;
  owners: number;
}): MemberRefusal | null {
  if (change.target === null) return { status: 404, message: MESSAGES.memberNotFound };
  if (!canManageMember(change.actor, change.target)) return { status: 403, message: MESSAGES.memberCannotManage };
  if (!assignableRoles(change.actor).includes(change.role)) {
    return { status: 403, message: MESSAGES.roleNotAssignable(change.role) };
  }
  if (change.target === 'owner' && change.role !== 'owner' && change.owners <= 1) {
    return { status: 409, message: MESSAGES.lastOwner };
  }
  return null;
}

/** What the API knows of a token when a request presents it. */
export interface TokenState {
  role: Role;
  revokedAt: string | null;
  expiresAt: string | null;
  /** Its maker's current role in the token's store; null once the maker is no longer a member (or the store is gone). */
  makerRole: Role | null;
}

/**
 * The role a request made with this token acts with, or null when the token does not work (401): revoked, expired,
 * or its maker no longer a member. A working token acts with its own role capped at its maker's current one.
 */
export function tokenActingRole(token: TokenState, now: Date): Role | null {
  if (token.revokedAt !== null) return null;
  if (token.expiresAt !== null && Date.parse(token.expiresAt) <= now.getTime()) return null;
  if (token.makerRole === null) return null;
  return ROLE_RANK[token.role] <= ROLE_RANK[token.makerRole] ? token.role : token.makerRole;
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

/** The member is the store's one owner: a store keeps at least one, so they cannot leave (or be made less). */
export function isSoleOwner(members: ReadonlyArray<{ userId: string; role: Role }>, userId: string): boolean {
  const owners = members.filter((member) => member.role === 'owner');
  return owners.length === 1 && owners[0]!.userId === userId;
}
