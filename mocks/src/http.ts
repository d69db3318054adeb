import { MESSAGES, SESSION_COOKIE_NAME, SESSION_TTL_DAYS } from '@inventory/contract';
import { HttpResponse, type JsonBodyType } from 'msw';
import { mockDb, userForSession, type StoredUser } from './db';

/** Handler paths match any origin: relative requests in a browser, absolute ones in node, a configured API base. */
export const api = (path: string): string => `*/api${path}`;

export function errorResponse(status: number, message: string): Response {
  return HttpResponse.json({ message }, { status });
}

/** What the server's JSON body parser yields: a value, or a 400 for a body that is not JSON. */
export type BodyResult = { ok: true; body: unknown } | { ok: false; response: Response };

/** Reads a JSON body like the server: an empty body is `undefined` (the schema then refuses it), bad JSON is 400. */
export async function readJsonBody(request: Request): Promise<BodyResult> {
  const text = await request.text();
  if (text.trim() === '') return { ok: true, body: undefined };
  try {
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, response: errorResponse(400, MESSAGES.malformedJson) };
  }
}

/**
 * A document means MSW forwards mocked cookies to `document.cookie` (browser, jsdom). In every environment MSW also
 * keeps them in its own per-host cookie store and replays them on later requests to that host.
 */
const hasDocument = (): boolean => typeof document !== 'undefined';

/**
 * The session cookie as the server sets it: HttpOnly, SameSite=Lax, Path=/.
 * In a browser the mock leaves out HttpOnly: MSW stores mocked cookies by assigning `document.cookie`, and browsers
 * refuse an HttpOnly cookie from script, so with HttpOnly the cookie would never reach the document (nor could logout
 * clear one a story wrote there). Nothing in the app reads the cookie, so the difference is invisible to it.
 */
export function sessionCookie(token: string): string {
  const maxAge = SESSION_TTL_DAYS * 24 * 60 * 60;
  const httpOnly = hasDocument() ? '' : '; HttpOnly';
  return `${SESSION_COOKIE_NAME}=${token}; Path=/; Max-Age=${maxAge}${httpOnly}; SameSite=Lax`;
}

export function clearedSessionCookie(): string {
  const httpOnly = hasDocument() ? '' : '; HttpOnly';
  return `${SESSION_COOKIE_NAME}=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT${httpOnly}; SameSite=Lax`;
}

/** JSON response that also sets a cookie. */
export function jsonWithCookie(body: JsonBodyType, status: number, cookie: string): Response {
  return HttpResponse.json(body, { status, headers: { 'Set-Cookie': cookie } });
}

/** The `sid` value in `document.cookie`, when there is a document. */
function documentSessionCookie(): string | undefined {
  if (!hasDocument()) return undefined;
  for (const part of document.cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE_NAME) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * The session token of a request, first found of:
 * 1. `document.cookie` (browser, jsdom). There the mock's cookies are not HttpOnly, so the document is the real jar.
 *    It must outrank the `cookies` argument: that one lets MSW's own cookie store (kept in localStorage, across
 *    stories and reloads) override the document, so a stale `sid` from an earlier story would beat the one
 *    `signedIn()` just wrote.
 * 2. the `cookies` resolver argument: the request's `cookie` header (node), merged with MSW's cookie store;
 * 3. the mock-only default session set by `signedIn()` (node tests without a cookie jar).
 */
export function sessionToken(cookies: Record<string, string>): string | undefined {
  const fromCookie = documentSessionCookie() ?? cookies[SESSION_COOKIE_NAME];
  if (fromCookie) return fromCookie;
  return mockDb.defaultSession ?? undefined;
}

export type AuthResult = { ok: true; user: StoredUser; token: string } | { ok: false; response: Response };

/** The server's `protect`: 401 {message: notAuthorized} without a live session. */
export function requireUser(cookies: Record<string, string>): AuthResult {
  const token = sessionToken(cookies);
  const user = userForSession(token);
  if (!user || !token) return { ok: false, response: errorResponse(401, MESSAGES.notAuthorized) };
  return { ok: true, user, token };
}

/** What a multipart body yields: its text fields (first value of each name) and its files. */
export type FormResult =
  | { ok: true; fields: Record<string, string>; files: Record<string, File> }
  | { ok: false; response: Response };

/**
 * Reads a multipart/form-data body like the server's multipart routes: any other content type is 415, a body that is
 * not valid multipart is 400. An empty file part (an empty file input: no name, no bytes) counts as absent.
 */
export async function readMultipart(request: Request): Promise<FormResult> {
  const type = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    return { ok: false, response: errorResponse(415, MESSAGES.unsupportedMediaType) };
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return { ok: false, response: errorResponse(400, 'Request body is not valid multipart form data') };
  }
  const fields: Record<string, string> = {};
  const files: Record<string, File> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      if (!(name in fields)) fields[name] = value;
    } else if (!(value.size === 0 && value.name === '') && !(name in files)) {
      files[name] = value;
    }
  }
  return { ok: true, fields, files };
}

/** The `"<version>"` entity tag of an item. */
export const etag = (version: number): string => `"${version}"`;

/**
 * True when the request carries an `If-Match` that does not name the item's current version (a stale edit: 409).
 * No `If-Match` means last write wins; `*` matches any existing item; weak tags compare by their value.
 */
export function isStaleEdit(request: Request, version: number): boolean {
  const header = request.headers.get('if-match');
  if (header === null) return false;
  const tags = header.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  return !tags.includes('*') && !tags.includes(etag(version));
}
