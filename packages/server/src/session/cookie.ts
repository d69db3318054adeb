import { SESSION_COOKIE_NAME } from '@inventory/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_TTL_MS } from './store';

/**
 * How the session cookie is sent. SameSite=Lax by default (docs/decisions/0004-sessions.md); a deployment whose
 * front end lives on another site (CROSS_SITE_COOKIES) needs SameSite=None, which browsers take only with Secure.
 */
export interface SessionCookiePolicy {
  secure: boolean;
  sameSite: 'lax' | 'none';
}

export function sessionCookiePolicy({
  secureCookies,
  crossSiteCookies,
}: {
  secureCookies: boolean;
  crossSiteCookies: boolean;
}): SessionCookiePolicy {
  return crossSiteCookies ? { secure: true, sameSite: 'none' } : { secure: secureCookies, sameSite: 'lax' };
}

/** The session cookie: HttpOnly, Path=/, SameSite and Secure by the policy, living as long as the session. */
export function setSessionCookie(reply: FastifyReply, token: string, policy: SessionCookiePolicy): void {
  reply.setCookie(SESSION_COOKIE_NAME, token, {
    httpOnly: true,
    sameSite: policy.sameSite,
    path: '/',
    secure: policy.secure,
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

/** Cleared with the attributes it was set with, or a browser on another site would not take the change. */
export function clearSessionCookie(reply: FastifyReply, policy: SessionCookiePolicy): void {
  reply.clearCookie(SESSION_COOKIE_NAME, {
    httpOnly: true,
    sameSite: policy.sameSite,
    path: '/',
    secure: policy.secure,
  });
}

export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE_NAME];
}
