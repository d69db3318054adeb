import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthDeps } from './auth';
import { clearSessionCookie, sessionToken, setSessionCookie } from './cookie';

/** Sign `userId` in: a new session in the store, its token in the cookie. */
export async function startSession(reply: FastifyReply, deps: AuthDeps, userId: string): Promise<void> {
  const token = await deps.sessions.create(userId);
  setSessionCookie(reply, token, deps.cookie);
}

/**
 * Sign `userId` in on a request that may already carry a session (login): that one is ended on the server, and the
 * new one gets a fresh id, so a session id known before sign-in is worth nothing after it.
 */
export async function replaceSession(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: AuthDeps,
  userId: string,
): Promise<void> {
  await deps.sessions.deleteByToken(sessionToken(request));
  await startSession(reply, deps, userId);
}

/** Sign out: the request's session ends on the server and its cookie is cleared. */
export async function endSession(request: FastifyRequest, reply: FastifyReply, deps: AuthDeps): Promise<void> {
  await deps.sessions.deleteByToken(sessionToken(request));
  clearSessionCookie(reply, deps.cookie);
}
