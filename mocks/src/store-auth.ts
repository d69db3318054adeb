import {
  MESSAGES,
  can,
  forbiddenMessage,
  tokenActingRole,
  type Permission,
  type Role,
  type TokenState,
} from '@inventory/contract';
import {
  defaultStoreOf,
  findStore,
  findUserById,
  membershipOf,
  mockDb,
  setActiveStore,
  type StoredActor,
  type StoredApiToken,
  type StoredMembership,
  type StoredStore,
  type StoredUser,
} from './db';
import { errorResponse, requireUser } from './http';

/**
 * Who a store request acts as: the active store of the session, or the store of an API token (`Authorization: Bearer
 * inv_…`); the role it acts with (a token's is the contract's `tokenActingRole`); and the actor recorded on what it
 * creates or changes. The mocks keep the state; what a role or a token may do is the contract's rule.
 */
export interface StoreAuth {
  ok: true;
  /** The signed-in user, or the token's maker. */
  user: StoredUser | undefined;
  userId: string;
  store: StoredStore;
  role: Role;
  actor: StoredActor;
  /** The session (the `sid` cookie's value); null for a request with an API token. */
  session: string | null;
  apiToken: StoredApiToken | null;
}

export type StoreAuthResult = StoreAuth | { ok: false; response: Response };

export interface StoreAuthOptions {
  /** The route also takes an API token (OpenAPI `auth: 'store'`). Default true; false for session-only routes. */
  tokens?: boolean;
}

const FIVE_MINUTES = 5 * 60 * 1000;
const MINUTE = 60 * 1000;

/** The secret of an `Authorization: Bearer <token>` header, or null. */
function bearerOf(request: Request): string | null {
  const header = request.headers.get('authorization');
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/**
 * What the contract's `tokenActingRole` needs to know of a token: its maker's current role in its store (none once
 * the maker has left or been removed, or the store is gone).
 */
function tokenState(token: StoredApiToken): TokenState {
  return {
    role: token.role,
    revokedAt: token.revoked ? token.createdAt : null,
    expiresAt: token.expiresAt,
    makerRole: membershipOf(token.storeId, token.createdBy)?.role ?? null,
  };
}

/** Whether a token is listed and may be revoked: not revoked and not expired (its maker's membership aside). */
export function listedToken(token: StoredApiToken, now = new Date()): boolean {
  return !token.revoked && (token.expiresAt === null || Date.parse(token.expiresAt) > now.getTime());
}

/** Marks a member active now, to 5 minutes (the server does not write on every request either). */
function touch(membership: StoredMembership): void {
  const now = Date.now();
  if (membership.lastActiveAt === null || now - Date.parse(membership.lastActiveAt) >= FIVE_MINUTES) {
    membership.lastActiveAt = new Date(now).toISOString();
  }
}

/**
 * The session's active store for `userId`, fixing the session first when it names none. When it names a store the
 * user is no longer a member of (removed, or the store deleted), the session moves to another of their stores and
 * the answer is `{ moved: true }`: the request that noticed answers 403 notAMember.
 */
export function activeMembership(session: string, userId: string): { membership: StoredMembership } | { moved: true } {
  const stored = mockDb.sessions[session];
  const current = membershipOf(stored?.activeStoreId, userId);
  if (current) return { membership: current };
  const lost = stored?.activeStoreId != null;
  setActiveStore(session, defaultStoreOf(userId));
  if (lost) return { moved: true };
  return { membership: membershipOf(mockDb.sessions[session]?.activeStoreId, userId)! };
}

function byToken(secret: string): StoreAuthResult {
  const token = mockDb.apiTokens.find((t) => t.secret === secret);
  const role = token && findStore(token.storeId) ? tokenActingRole(tokenState(token), new Date()) : null;
  if (!token || role === null) return { ok: false, response: errorResponse(401, MESSAGES.tokenInvalid) };
  const now = Date.now();
  if (token.lastUsedAt === null || now - Date.parse(token.lastUsedAt) >= MINUTE) {
    token.lastUsedAt = new Date(now - (now % MINUTE)).toISOString();
  }
  return {
    ok: true,
    user: findUserById(token.createdBy),
    userId: token.createdBy,
    store: findStore(token.storeId)!,
    role,
    actor: { userId: token.createdBy, token: token.name },
    session: null,
    apiToken: token,
  };
}

/**
 * The store guard, answering as the server's (stores/access.ts): 401 without a session, with a token that does not
 * work, or with any token on a session-only route; 403 notAMember once when the session's store is gone for this
 * user; 403 with the role's message when the contract's `can` refuses `permission` to the role.
 */
export function requireStore(
  request: Request,
  cookies: Record<string, string>,
  permission?: Permission,
  options: StoreAuthOptions = {},
): StoreAuthResult {
  const secret = bearerOf(request);
  if (secret !== null && options.tokens === false) return { ok: false, response: errorResponse(401, MESSAGES.notAuthorized) };
  let auth: StoreAuthResult;
  if (secret !== null) {
    auth = byToken(secret);
  } else {
    const signedIn = requireUser(cookies);
    if (!signedIn.ok) return signedIn;
    const active = activeMembership(signedIn.token, signedIn.user._id);
    if ('moved' in active) return { ok: false, response: errorResponse(403, MESSAGES.notAMember) };
    touch(active.membership);
    auth = {
      ok: true,
      user: signedIn.user,
      userId: signedIn.user._id,
      store: findStore(active.membership.storeId)!,
      role: active.membership.role,
      actor: { userId: signedIn.user._id, token: null },
      session: signedIn.token,
      apiToken: null,
    };
  }
  if (!auth.ok) return auth;
  if (permission && !can(auth.role, permission)) {
    return { ok: false, response: errorResponse(403, forbiddenMessage(auth.role, permission)) };
  }
  return auth;
}
