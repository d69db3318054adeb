import { can, forbiddenMessage, MESSAGES, type Permission, type Role } from '@inventory/contract';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../db';
import { HttpError } from '../http/errors';
import type { RateLimiter } from '../rate-limit/limiter';
import { type AuthDeps, resolveAuth } from '../session';
import { bearerToken } from '../http/bearer';
import type { ApiTokens } from './api-tokens';
import { createStore, personalStoreName } from './create-store';

/** Who acts: a member, possibly through one of the store's API tokens. Products and orders record it. */
export interface Actor {
  userId: string;
  tokenId: string | null;
}

/** The store a request works on, the caller's role there, and who the caller is. */
export interface StoreContext {
  storeId: string;
  role: Role;
  actor: Actor;
  /** The session's hash; null for an API token. */
  sessionIdHash: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireStore`; null on other routes. */
    store: StoreContext | null;
  }
}

export interface StoreAccessDeps {
  db: Db;
  auth: AuthDeps;
  tokens: ApiTokens;
  limiter: RateLimiter;
  now: () => Date;
}

/** A member's last activity is written at most this often (one write per member per interval, not per request). */
const ACTIVITY_INTERVAL_MS = 5 * 60 * 1000;

export function registerStoreAccess(app: { decorateRequest(name: 'store', value: null): unknown }): void {
  app.decorateRequest('store', null);
}

/**
 * The store of a request: an API token's store (the cookie is then ignored), or the session's active store. A session
 * with none yet gets the user's most recently used store (a new one of their own if they have none). A session whose
 * member was removed from its store answers 403 saying so, and moves to another of the user's stores for the next.
 */
export async function resolveStore(request: FastifyRequest, reply: FastifyReply, deps: StoreAccessDeps, sessionOnly: boolean): Promise<StoreContext> {
  const bearer = bearerToken(request);
  if (bearer !== null) {
    if (sessionOnly) throw new HttpError(401, MESSAGES.notAuthorized);
    const token = await deps.tokens.verify(bearer, request.ip);
    return { storeId: token.storeId, role: token.role, actor: { userId: token.createdBy, tokenId: token.id }, sessionIdHash: null };
  }

  const auth = await resolveAuth(request, reply, deps.auth);
  if (!auth) throw new HttpError(401, MESSAGES.notAuthorized);
  request.auth = auth;
  const actor = { userId: auth.user._id, tokenId: null };
  if (auth.storeId !== null && auth.role !== null) {
    await touchMembership(deps, auth.storeId, actor.userId, auth.lastActiveAt);
    return { storeId: auth.storeId, role: auth.role, actor, sessionIdHash: auth.sessionIdHash };
  }

  const next = await mostRecentStore(deps.db, actor.userId, auth.user.name, deps.now());
  await deps.auth.sessions.setStore(auth.sessionIdHash, next.storeId);
  // The session named a store the user is no longer a member of: say so rather than answer for another store.
  if (auth.storeId !== null) throw new HttpError(403, MESSAGES.notAMember);
  await touchMembership(deps, next.storeId, actor.userId, null);
  return { storeId: next.storeId, role: next.role, actor, sessionIdHash: auth.sessionIdHash };
}

/** The user's most recently active store; a new store of their own when they belong to none. */
export async function mostRecentStore(db: Db, userId: string, userName: string, at: Date): Promise<{ storeId: string; role: Role }> {
  const rows = await db
    .selectFrom('memberships')
    .select(['store_id', 'role', 'last_active_at', 'joined_at'])
    .where('user_id', '=', userId)
    .execute();
  rows.sort((a, b) => (b.last_active_at ?? b.joined_at).localeCompare(a.last_active_at ?? a.joined_at));
  const [latest] = rows;
  if (latest) return { storeId: latest.store_id, role: latest.role as Role };
  const store = await db.transaction().execute((trx) => createStore(trx, userId, personalStoreName(userName), at));
  return { storeId: store.id, role: 'owner' };
}

async function touchMembership(deps: StoreAccessDeps, storeId: string, userId: string, lastActiveAt: string | null): Promise<void> {
  const at = deps.now();
  if (lastActiveAt !== null && at.getTime() - Date.parse(lastActiveAt) < ACTIVITY_INTERVAL_MS) return;
  await deps.db
    .updateTable('memberships')
    .set({ last_active_at: at.toISOString() })
    .where('store_id', '=', storeId)
    .where('user_id', '=', userId)
    .execute();
}

/**
 * preHandler for store-scoped routes: resolves the store (session or API token), then 403 with a message naming the
 * role unless it allows `permission`. `sessionOnly` routes (store deletion, token management) refuse API tokens.
 */
export function requireStore(deps: StoreAccessDeps, permission: Permission, options: { sessionOnly?: boolean } = {}): preHandlerAsyncHookHandler {
  return async function requireStoreHandler(request, reply) {
    const store = await resolveStore(request, reply, deps, options.sessionOnly ?? false);
    if (!can(store.role, permission)) throw new HttpError(403, forbiddenMessage(store.role, permission));
    request.store = store;
  };
}

/** The store context of a request that passed `requireStore`. */
export function storeOf(request: FastifyRequest): StoreContext {
  if (!request.store) throw new HttpError(401, MESSAGES.notAuthorized);
  return request.store;
}
