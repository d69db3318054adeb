import { IMAGE_MAX_BYTES, SESSION_COOKIE_NAME, SESSION_TTL_DAYS } from '../constants';
import { MESSAGES } from '../messages';
import { schemaRef } from './json-schema';
import type { HeaderObject, ResponseObject } from './types';

/** Failures every route can answer in some case: what each means, the schema of its body, and a typical message. */
export type FailureStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503;

export const HEADERS = {
  etag: {
    description:
      'The version of the item, `"<version>"`; a compressed answer names its encoding too (`"<version>-br"`, `"<version>-gzip"`). Send it back as `If-Match` on an edit or delete: any of them names the version.',
    required: true,
    schema: { type: 'string', pattern: '^"\\d+(?:-(?:br|gzip))?"$' },
  },
  listEtag: {
    description:
      'The version of the whole list (weak). Send it back as `If-None-Match` to get 304 while it is unchanged.',
    schema: { type: 'string', pattern: '^W/".+"$' },
  },
  listCacheControl: {
    description: 'Always `private, no-cache`: revalidate every time.',
    schema: { type: 'string' },
  },
  sessionCookie: {
    description: `\`${SESSION_COOKIE_NAME}=<session id>; Path=/; HttpOnly; SameSite=Lax; Max-Age=${SESSION_TTL_DAYS * 24 * 3600}\`, \`Secure\` over https; \`SameSite=None; Secure\` when the server allows a front end on another site (CROSS_SITE_COOKIES).`,
    required: true,
    schema: { type: 'string' },
  },
  clearedCookie: {
    description: `Clears \`${SESSION_COOKIE_NAME}\` (an expired cookie of the same name).`,
    required: true,
    schema: { type: 'string' },
  },
  staleCookie: {
    description: `Clears a \`${SESSION_COOKIE_NAME}\` cookie the server no longer knows.`,
    schema: { type: 'string' },
  },
  retryAfter: {
    description: 'Seconds to wait before trying again.',
    required: true,
    schema: { type: 'string', pattern: '^\\d+$' },
  },
} satisfies Record<string, HeaderObject>;

const json = (schema: string, example?: string) => ({
  'application/json': {
    schema: schemaRef(schema),
    ...(example === undefined ? {} : { example: { message: example } }),
  },
});

/** The default meaning of each failure; a route may say what it means there instead (RouteSpec.extra). */
export const FAILURES: Record<FailureStatus, ResponseObject> = {
  400: {
    description: "Invalid request: the first failing rule in the form's order, malformed JSON, or an unknown field",
    content: json('Error', MESSAGES.allFieldsRequired),
  },
  401: {
    description: 'Not signed in, or the session has ended',
    headers: { 'Set-Cookie': HEADERS.staleCookie },
    content: json('Error', MESSAGES.notAuthorized),
  },
  403: {
    description:
      'Refused: your role in the store does not allow this, you are no longer a member of the active store, or a state-changing request came from another site (foreign `Origin` or `Sec-Fetch-Site: cross-site`)',
    content: json('Error', MESSAGES.roleForbidden('viewer', 'add products or orders')),
  },
  404: { description: 'Not found', content: json('Error', MESSAGES.notFound) },
  409: {
    description:
      '`If-Match` names a version that is no longer current (someone else changed the item), or what the write names (its store, its product) was deleted meanwhile',
    content: json('Error', MESSAGES.editConflict),
  },
  413: {
    description: `Too large: a JSON body over 1 MB, an image over ${IMAGE_MAX_BYTES / 1024 / 1024} MB, or too many parts`,
    content: json('Error', MESSAGES.payloadTooLarge),
  },
  415: {
    description: 'Unsupported content type, or an image that is not a readable JPEG or PNG',
    content: json('Error', MESSAGES.unsupportedMediaType),
  },
  422: {
    description: 'The `Idempotency-Key` was used before for a different request',
    content: json('Error', MESSAGES.idempotencyKeyReused),
  },
  429: {
    description: 'Too many requests from this address, for this account or with this API token',
    headers: { 'Retry-After': HEADERS.retryAfter },
    content: json('Error', MESSAGES.tooManyRequests),
  },
  500: {
    description: 'Unexpected failure: a generic message and the id it was logged under, never details',
    content: {
      'application/json': {
        schema: schemaRef('InternalError'),
        example: { message: MESSAGES.internalError, requestId: '0b5c3f1e-8d2a-4c61-9f7e-2a1d6c9b4e10' },
      },
    },
  },
  503: {
    description: 'The database is unreachable (or the server is shutting down); try again',
    headers: { 'Retry-After': { ...HEADERS.retryAfter, required: false } },
    content: json('Unavailable', MESSAGES.serviceUnavailable),
  },
};

export { json as jsonContent };
