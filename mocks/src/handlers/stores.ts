import {
  API_TOKEN_PREFIX,
  INVITATION_PATH,
  INVITATION_TTL_DAYS,
  MESSAGES,
  ROLE_LABELS,
  assignableRoles,
  memberRemovalRefusal,
  memberRoleChangeRefusal,
  firstIssueMessage,
  idParamsSchema,
  invitationCreateSchema,
  invitationTokenParamsSchema,
  memberParamsSchema,
  memberRoleSchema,
  storeNameSchema,
  storeSwitchSchema,
  tokenCreateSchema,
  tokenRoles,
  validateTokenExpiry,
  type ApiToken,
  type ApiTokenCreated,
  type Invitation,
  type InvitationPreview,
  type Member,
  type Role,
  type Store,
  type StoreListItem,
} from '@inventory/contract';
import { http, HttpResponse } from 'msw';
import {
  addMember,
  createStore,
  defaultStoreOf,
  deleteStore,
  findStore,
  findUserByEmail,
  findUserById,
  membersOfStore,
  membershipOf,
  membershipsOfUser,
  mockDb,
  newUuid,
  notifyMockDbChange,
  randomToken,
  setActiveStore,
  type StoredApiToken,
  type StoredInvitation,
  type StoredMembership,
  type StoredStore,
} from '../db';
import { api, errorResponse, readJsonBody, requireUser } from '../http';
import { activeMembership, listedToken, requireStore } from '../store-auth';

const DAY_MS = 24 * 60 * 60 * 1000;

const nameOf = (userId: string): string => findUserById(userId)?.name ?? MESSAGES.formerMember;

const storeAnswer = (store: StoredStore, role: Role): Store => ({ _id: store._id, name: store.name, role });

function memberAnswer(membership: StoredMembership): Member {
  const user = findUserById(membership.userId)!;
  return {
    userId: user._id,
    name: user.name,
    email: user.email,
    role: membership.role,
    joinedAt: membership.joinedAt,
    lastActiveAt: membership.lastActiveAt,
  };
}

function invitationAnswer(invitation: StoredInvitation): Invitation {
  return {
    _id: invitation._id,
    email: invitation.email,
    role: invitation.role,
    invitedBy: nameOf(invitation.invitedBy),
    createdAt: invitation.createdAt,
    expiresAt: invitation.expiresAt,
  };
}

function tokenAnswer(token: StoredApiToken): ApiToken {
  return {
    _id: token._id,
    name: token.name,
    role: token.role,
    createdBy: nameOf(token.createdBy),
    createdAt: token.createdAt,
    expiresAt: token.expiresAt,
    lastUsedAt: token.lastUsedAt,
  };
}

const isOpen = (invitation: StoredInvitation, now = Date.now()) =>
  invitation.state === 'open' && Date.parse(invitation.expiresAt) > now && Boolean(findStore(invitation.storeId));

/** Newest first, the later-made first on a tie. */
function newestFirst<T extends { createdAt: string }>(items: T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => b.item.createdAt.localeCompare(a.item.createdAt) || b.index - a.index)
    .map(({ item }) => item);
}

/** The open invitation a link's token names, or undefined (unknown, used, revoked, expired, or malformed). */
export function openInvitation(token: string | undefined): StoredInvitation | undefined {
  if (!invitationTokenParamsSchema.safeParse({ token }).success) return undefined;
  const invitation = mockDb.invitations.find((i) => i.token === token);
  return invitation && isOpen(invitation) ? invitation : undefined;
}

const ownerCount = (storeId: string) => membersOfStore(storeId).filter((m) => m.role === 'owner').length;

function sendInvitationMail(invitation: StoredInvitation, store: StoredStore): void {
  const link = `${mockDb.publicUrl}${INVITATION_PATH}/${invitation.token}`;
  const inviter = nameOf(invitation.invitedBy);
  const mail = {
    to: invitation.email,
    subject: `${inviter} invited you to join ${store.name}`,
    text:
      `Hello,\n\n${inviter} invited you to join ${store.name} on Inventory as ${ROLE_LABELS[invitation.role]}.\n` +
      `Open this link within ${INVITATION_TTL_DAYS} days to accept:\n\n${link}\n`,
    link,
    sentAt: new Date().toISOString(),
  };
  mockDb.outbox.push(mail);
  if (typeof window !== 'undefined') console.info(`[mock mail] to ${mail.to}: ${link}`);
}

/** The member `:userId` names in the store, or undefined (unknown, or not a UUID: both 404). */
function memberOf(storeId: string, userId: string | undefined): StoredMembership | undefined {
  if (!memberParamsSchema.safeParse({ userId }).success) return undefined;
  const membership = membershipOf(storeId, userId!);
  return membership && findUserById(membership.userId) ? membership : undefined;
}

/** Stores and teams: the stores of the signed-in user, the active store, members, invitations and API tokens. */
export const storeHandlers = [
  http.get(api('/stores'), ({ cookies }) => {
    const auth = requireUser(cookies);
    if (!auth.ok) return auth.response;
    // The list says where the session is now, also after the user lost the store it was on.
    const active = activeMembership(auth.token, auth.user._id);
    const activeId = 'membership' in active ? active.membership.storeId : mockDb.sessions[auth.token]?.activeStoreId;
    const list: StoreListItem[] = membershipsOfUser(auth.user._id)
      .map((m) => ({ ...storeAnswer(findStore(m.storeId)!, m.role), active: m.storeId === activeId }))
      .sort((a, b) => a.name.localeCompare(b.name) || a._id.localeCompare(b._id));
    notifyMockDbChange();
    return HttpResponse.json(list);
  }),

  http.post(api('/stores'), async ({ request, cookies }) => {
    const auth = requireUser(cookies);
    if (!auth.ok) return auth.response;
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = storeNameSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    const store = createStore(parsed.data.name, auth.user._id);
    setActiveStore(auth.token, store._id);
    notifyMockDbChange();
    return HttpResponse.json(storeAnswer(store, 'owner'), { status: 201 });
  }),

  http.get(api('/stores/active'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'catalogue:read');
    if (!auth.ok) return auth.response;
    notifyMockDbChange();
    return HttpResponse.json(storeAnswer(auth.store, auth.role));
  }),

  http.put(api('/stores/active'), async ({ request, cookies }) => {
    const auth = requireUser(cookies);
    if (!auth.ok) return auth.response;
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = storeSwitchSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    const membership = membershipOf(parsed.data.storeId, auth.user._id);
    const store = findStore(membership?.storeId);
    if (!membership || !store) return errorResponse(404, MESSAGES.storeNotFound);
    setActiveStore(auth.token, store._id);
    notifyMockDbChange();
    return HttpResponse.json(storeAnswer(store, membership.role));
  }),

  http.patch(api('/stores/active'), async ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'store:manage');
    if (!auth.ok) return auth.response;
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = storeNameSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    auth.store.name = parsed.data.name;
    notifyMockDbChange();
    return HttpResponse.json(storeAnswer(auth.store, auth.role));
  }),

  http.delete(api('/stores/active'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'store:manage', { tokens: false });
    if (!auth.ok) return auth.response;
    deleteStore(auth.store._id);
    // This session moves to another of the user's stores (a new one of their own when they have none left).
    setActiveStore(auth.session!, defaultStoreOf(auth.userId));
    notifyMockDbChange();
    return HttpResponse.json({ message: MESSAGES.storeDeleted });
  }),

  http.get(api('/stores/active/members'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'members:read');
    if (!auth.ok) return auth.response;
    notifyMockDbChange();
    return HttpResponse.json(membersOfStore(auth.store._id).map(memberAnswer));
  }),

  http.patch<{ userId: string }>(api('/stores/active/members/:userId'), async ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'members:manage');
    if (!auth.ok) return auth.response;
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = memberRoleSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    const { role } = parsed.data;
    const target = memberOf(auth.store._id, params.userId);
    const refusal = memberRoleChangeRefusal({
      actor: auth.role,
      target: target?.role ?? null,
      role,
      owners: ownerCount(auth.store._id),
    });
    if (refusal) return errorResponse(refusal.status, refusal.message);
    target!.role = role;
    notifyMockDbChange();
    return HttpResponse.json(memberAnswer(target!));
  }),

  http.delete<{ userId: string }>(api('/stores/active/members/:userId'), ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'catalogue:read');
    if (!auth.ok) return auth.response;
    const target = memberOf(auth.store._id, params.userId);
    const leaving = auth.session !== null && params.userId === auth.userId;
    const refusal = memberRemovalRefusal({
      actor: auth.role,
      target: target?.role ?? null,
      leaving,
      owners: ownerCount(auth.store._id),
    });
    if (refusal) return errorResponse(refusal.status, refusal.message);
    mockDb.memberships = mockDb.memberships.filter((m) => m !== target);
    // Whoever leaves moves at once; a removed member's sessions find out on their next request (403 notAMember).
    if (leaving) setActiveStore(auth.session!, defaultStoreOf(auth.userId));
    notifyMockDbChange();
    return HttpResponse.json({ message: leaving ? MESSAGES.leftStore : MESSAGES.memberRemoved });
  }),

  http.get(api('/stores/active/invitations'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'members:manage');
    if (!auth.ok) return auth.response;
    const open = mockDb.invitations.filter((i) => i.storeId === auth.store._id && isOpen(i));
    notifyMockDbChange();
    return HttpResponse.json(newestFirst(open).map(invitationAnswer));
  }),

  http.post(api('/stores/active/invitations'), async ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'members:manage');
    if (!auth.ok) return auth.response;
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = invitationCreateSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    const { email, role } = parsed.data;
    if (!assignableRoles(auth.role).includes(role)) return errorResponse(403, MESSAGES.roleNotAssignable(role));
    const existing = findUserByEmail(email);
    if (existing && membershipOf(auth.store._id, existing._id))
      return errorResponse(409, MESSAGES.alreadyMember(email));
    if (mockDb.invitations.some((i) => i.storeId === auth.store._id && i.email === email && isOpen(i))) {
      return errorResponse(409, MESSAGES.alreadyInvited(email));
    }
    const now = Date.now();
    const invitation: StoredInvitation = {
      _id: newUuid(),
      storeId: auth.store._id,
      email,
      role,
      invitedBy: auth.userId,
      token: randomToken(32),
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + INVITATION_TTL_DAYS * DAY_MS).toISOString(),
      state: 'open',
    };
    mockDb.invitations.push(invitation);
    sendInvitationMail(invitation, auth.store);
    notifyMockDbChange();
    return HttpResponse.json(invitationAnswer(invitation), { status: 201 });
  }),

  http.delete<{ id: string }>(api('/stores/active/invitations/:id'), ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'members:manage');
    if (!auth.ok) return auth.response;
    const valid = idParamsSchema.safeParse({ id: params.id }).success;
    const invitation = valid
      ? mockDb.invitations.find((i) => i._id === params.id && i.storeId === auth.store._id && isOpen(i))
      : undefined;
    if (!invitation) return errorResponse(404, MESSAGES.invitationNotFound);
    invitation.state = 'revoked';
    notifyMockDbChange();
    return HttpResponse.json({ message: MESSAGES.invitationRevoked });
  }),

  http.get<{ token: string }>(api('/invitations/:token'), ({ params }) => {
    const invitation = openInvitation(params.token);
    if (!invitation) return errorResponse(400, MESSAGES.invitationInvalid);
    const preview: InvitationPreview = {
      storeName: findStore(invitation.storeId)!.name,
      email: invitation.email,
      role: invitation.role,
      invitedBy: nameOf(invitation.invitedBy),
      expiresAt: invitation.expiresAt,
    };
    return HttpResponse.json(preview);
  }),

  http.post<{ token: string }>(api('/invitations/:token/accept'), ({ params, cookies }) => {
    const auth = requireUser(cookies);
    if (!auth.ok) return auth.response;
    const invitation = openInvitation(params.token);
    if (!invitation) return errorResponse(400, MESSAGES.invitationInvalid);
    if (invitation.email !== auth.user.email)
      return errorResponse(403, MESSAGES.invitationOtherEmail(invitation.email));
    const membership =
      membershipOf(invitation.storeId, auth.user._id) ?? addMember(invitation.storeId, auth.user._id, invitation.role);
    invitation.state = 'accepted';
    setActiveStore(auth.token, invitation.storeId);
    notifyMockDbChange();
    return HttpResponse.json(storeAnswer(findStore(invitation.storeId)!, membership.role));
  }),

  http.get(api('/stores/active/tokens'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'tokens:manage', { tokens: false });
    if (!auth.ok) return auth.response;
    const live = mockDb.apiTokens.filter((t) => t.storeId === auth.store._id && listedToken(t));
    notifyMockDbChange();
    return HttpResponse.json(newestFirst(live).map(tokenAnswer));
  }),

  http.post(api('/stores/active/tokens'), async ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'tokens:manage', { tokens: false });
    if (!auth.ok) return auth.response;
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = tokenCreateSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    const { name, role, expiresAt } = parsed.data;
    if (!tokenRoles(auth.role).includes(role)) return errorResponse(403, MESSAGES.tokenRoleTooHigh);
    const expiry = validateTokenExpiry(expiresAt, new Date());
    if (expiry) return errorResponse(400, expiry);
    const token: StoredApiToken = {
      _id: newUuid(),
      storeId: auth.store._id,
      name,
      role,
      createdBy: auth.userId,
      secret: `${API_TOKEN_PREFIX}${randomToken(24)}`,
      createdAt: new Date().toISOString(),
      expiresAt: expiresAt ? new Date(expiresAt).toISOString() : null,
      lastUsedAt: null,
      revoked: false,
    };
    mockDb.apiTokens.push(token);
    notifyMockDbChange();
    const created: ApiTokenCreated = { ...tokenAnswer(token), token: token.secret };
    return HttpResponse.json(created, { status: 201 });
  }),

  http.delete<{ id: string }>(api('/stores/active/tokens/:id'), ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'tokens:manage', { tokens: false });
    if (!auth.ok) return auth.response;
    const valid = idParamsSchema.safeParse({ id: params.id }).success;
    const token = valid
      ? mockDb.apiTokens.find((t) => t._id === params.id && t.storeId === auth.store._id && !t.revoked)
      : undefined;
    if (!token) return errorResponse(404, MESSAGES.tokenNotFound);
    token.revoked = true;
    notifyMockDbChange();
    return HttpResponse.json({ message: MESSAGES.tokenRevoked });
  }),
];
