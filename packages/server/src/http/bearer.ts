import type { FastifyRequest } from 'fastify';

/** The secret of `Authorization: Bearer <secret>`, or null when the request sends none. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  // Other schemes (e.g. Basic from a proxy in front of the app) are not ours: the session cookie decides then.
  if (!/^Bearer(\s|$)/i.test(header)) return null;
  return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? '';
}

/** Whether a request authenticates with a token and carries no cookie: the cross-site guard has nothing to protect. */
export function isTokenOnlyRequest(request: FastifyRequest): boolean {
  return bearerToken(request) !== null && request.headers.cookie === undefined;
}
