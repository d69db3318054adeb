import { MESSAGES } from '@inventory/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isTokenOnlyRequest } from './bearer';

/**
 * The one inline script of the app: index.html's head sets the remembered theme before the first paint. Allowed by its
 * hash, not by 'unsafe-inline'; test/security/theme-script-csp.test.ts recomputes it from packages/app/index.html.
 */
export const THEME_SCRIPT_HASH = "'sha256-FPaJMgkLfaBXpniNbMgWf8vUzoM2Et6RKlFvnuduDRU='";

const CSP = [
  "default-src 'self'",
  `script-src 'self' ${THEME_SCRIPT_HASH}`,
  "style-src 'self' 'unsafe-inline'",
  // blob: is the image field's local preview of a chosen file (URL.createObjectURL), made by our own script.
  "img-src 'self' data: blob: https:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join('; ');

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': CSP,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** GET routes that change state (logout stays a GET, as the original API has it): refused cross-site like the unsafe methods. */
const STATE_CHANGING_GETS = new Set(['/api/users/logout']);

function isStateChanging(method: string, url: string): boolean {
  if (UNSAFE_METHODS.has(method)) return isApi(url);
  return method === 'GET' && STATE_CHANGING_GETS.has(url.split('?')[0] ?? '');
}

export interface SecurityOptions {
  publicOrigin: string;
  corsOrigins: string[];
}

function isApi(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** The request's own origin as the browser would see it: scheme + Host. */
function ownOrigin(request: FastifyRequest): string | null {
  const host = request.headers.host;
  return host ? `${request.protocol}://${host}`.toLowerCase() : null;
}

/**
 * Security headers on every answer; CORS for the exact origins of CORS_ORIGINS only (credentials on);
 * mutations on /api from other sites refused with 403 (Origin / Sec-Fetch-Site).
 */
export function registerSecurity(app: FastifyInstance, { publicOrigin, corsOrigins }: SecurityOptions): void {
  const allowed = new Set(corsOrigins);

  app.addHook('onSend', async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
      // A route may set a stricter policy of its own (uploads: default-src 'none').
      if (name === 'content-security-policy' && reply.hasHeader(name)) continue;
      reply.header(name, value);
    }
    reply.removeHeader('x-powered-by');
    reply.removeHeader('server');
    return payload;
  });

  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    const corsAllowed = origin !== undefined && allowed.has(origin);

    if (corsAllowed) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-allow-credentials', 'true');
      // Products and orders answer with an ETag a cross-origin app must read to send If-Match; a product's delete says
      // whether it deleted or archived it (0033).
      reply.header('access-control-expose-headers', 'ETag, Product-Removal');
    }
    if (allowed.size > 0) reply.header('vary', 'Origin');

    // Preflight: answer it here, with CORS headers only for an allowed origin.
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      if (corsAllowed) {
        reply.header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE');
        const requested = request.headers['access-control-request-headers'];
        reply.header('access-control-allow-headers', typeof requested === 'string' && requested ? requested : 'content-type');
        reply.header('access-control-max-age', '600');
      }
      return reply.status(204).send();
    }

    if (!isStateChanging(request.method, request.url)) return;
    // An API token request carries no cookie, so another site cannot make a browser send it with someone's rights.
    if (isTokenOnlyRequest(request)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site' && !corsAllowed) {
      return reply.status(403).send({ message: MESSAGES.crossSiteRefused });
    }
    if (origin !== undefined) {
      const normalised = origin.toLowerCase();
      if (normalised !== publicOrigin.toLowerCase() && normalised !== ownOrigin(request) && !corsAllowed) {
        return reply.status(403).send({ message: MESSAGES.crossSiteRefused });
      }
    }
  });
}
