import { SESSION_COOKIE_NAME } from '@inventory/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_TTL_MS } from './service';

/** Cookie attributes of DESIGN.md §4: HttpOnly, SameSite=Lax, Path=/, Secure over https. */
export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE_NAME, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE_NAME, { httpOnly: true, sameSite: 'lax', path: '/', secure });
}

export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE_NAME];
}
