import { MESSAGES, type Role, type User } from '@inventory/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { HttpError } from '../http/errors';
import { clearSessionCookie, type SessionCookiePolicy, sessionToken, setSessionCookie } from './cookie';
import type { SessionStore } from './store';

export interface AuthContext {
  user: User;
  /** sha256 of the session token the request came with. */
  sessionIdHash: string;
  /** The session's active store and the user's role in it (null: not chosen yet, or no longer a member). */
  storeId: string | null;
  role: Role | null;
  lastActiveAt: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth preHandler; null on routes that do not require sign-in. */
    auth: AuthContext | null;
  }
}

/** What every session operation needs: the store, and how the cookie is sent (Secure, SameSite). */
export interface AuthDeps {
  sessions: SessionStore;
  cookie: SessionCookiePolicy;
}

/**
 * Resolve the request's session to a user, or null; clears a stale cookie and refreshes a slid one. One indexed read
 * (sessions joined to users); a write only when the expiry slides (at most every 5 minutes) or the session expired.
 */
export async function resolveAuth(request: FastifyRequest, reply: FastifyReply, deps: AuthDeps): Promise<AuthContext | null> {
  const token = sessionToken(request);
  if (!token) return null;
  const session = await deps.sessions.find(token);
  if (!session) {
    clearSessionCookie(reply, deps.cookie);
    return null;
  }
  if (session.refreshed) setSessionCookie(reply, token, deps.cookie);
  return {
    user: session.user,
    sessionIdHash: session.idHash,
    storeId: session.storeId,
    role: session.role,
    lastActiveAt: session.lastActiveAt,
  };
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
}

/** preHandler for signed-in routes: 401 `{message: notAuthorized}` otherwise. */
export function requireAuth(deps: AuthDeps): preHandlerAsyncHookHandler {
  return async function requireAuthHandler(request, reply) {
    const auth = await resolveAuth(request, reply, deps);
    if (!auth) throw new HttpError(401, MESSAGES.notAuthorized);
    request.auth = auth;
  };
}

/** The auth context of a request that passed `requireAuth`. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new HttpError(401, MESSAGES.notAuthorized);
  return request.auth;
}
