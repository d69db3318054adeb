/**
 * A small fetch client with a cookie jar, the same for the MSW handlers and the real server.
 * It keeps the cookies of `Set-Cookie` answers (read with `getSetCookie()`) and sends them back in a `cookie` header,
 * like a browser on one origin (domain and path attributes are ignored: one base URL per client).
 */
export interface ScenarioResponse<T = unknown> {
  status: number;
  /** Parsed JSON when the answer is JSON, else the text ('' for an empty body). */
  body: T;
  /** The raw bytes of the body (e.g. an image). */
  bytes: Uint8Array;
  headers: Headers;
  /** The raw `Set-Cookie` lines of this answer. */
  setCookies: string[];
}

export interface RawBody {
  raw: string;
  contentType: string;
}

/** Extra request headers, e.g. `{ 'if-match': '"1"' }`. */
export interface RequestOptions {
  headers?: Record<string, string>;
}

export interface ScenarioClient {
  readonly baseUrl: string;
  get<T = unknown>(path: string, options?: RequestOptions): Promise<ScenarioResponse<T>>;
  delete<T = unknown>(path: string, options?: RequestOptions): Promise<ScenarioResponse<T>>;
  /**
   * `body` is sent as JSON; as-is with `raw(text, contentType)` (e.g. malformed JSON); or, a `FormData`, as
   * multipart/form-data (fetch sets the boundary).
   */
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<ScenarioResponse<T>>;
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<ScenarioResponse<T>>;
  patch<T = unknown>(path: string, body?: unknown, options?: RequestOptions): Promise<ScenarioResponse<T>>;
  /** A multipart/form-data POST (the same as `post` with a FormData). */
  postForm<T = unknown>(path: string, form: FormData, options?: RequestOptions): Promise<ScenarioResponse<T>>;
  /** A multipart/form-data PATCH. */
  patchForm<T = unknown>(path: string, form: FormData, options?: RequestOptions): Promise<ScenarioResponse<T>>;
  /** The value of a cookie in the jar, or undefined. */
  cookie(name: string): string | undefined;
  /** Put a cookie in the jar (`null` removes it), e.g. to replay a session id the server should have ended. */
  setCookie(name: string, value: string | null): void;
  /** A new client on the same API with an empty jar: another browser, another user. */
  newSession(): ScenarioClient;
}

export interface ScenarioClientOptions {
  /** The fetch to use (default `globalThis.fetch`), e.g. one bound to an in-process server. */
  fetch?: typeof fetch;
  /**
   * Base URL of each `newSession()` client, numbered from 1 (default: the same base URL). The MSW runner gives each
   * session its own host, because MSW's cookie store replays a host's mocked cookies to requests without them.
   */
  sessionBaseUrl?: (n: number) => string;
  /** Told of every answer (its method, the path asked and the status), e.g. to see which routes the scenarios reach. */
  onResponse?: (method: string, path: string, status: number) => void;
}

/** A body to send as-is, with its content type. */
export function raw(text: string, contentType = 'application/json'): RawBody {
  return { raw: text, contentType };
}

function isRaw(body: unknown): body is RawBody {
  return typeof body === 'object' && body !== null && 'raw' in body && 'contentType' in body;
}

/** Parses one Set-Cookie line; `expired` when it deletes the cookie (Max-Age <= 0 or Expires in the past). */
export function parseSetCookie(line: string): {
  name: string;
  value: string;
  attributes: Record<string, string>;
  expired: boolean;
} {
  const [pair = '', ...attrs] = line.split(';');
  const eq = pair.indexOf('=');
  const name = pair.slice(0, eq).trim();
  const value = pair.slice(eq + 1).trim();
  const attributes: Record<string, string> = {};
  for (const attr of attrs) {
    const i = attr.indexOf('=');
    const key = (i === -1 ? attr : attr.slice(0, i)).trim().toLowerCase();
    attributes[key] = i === -1 ? '' : attr.slice(i + 1).trim();
  }
  const maxAge = attributes['max-age'];
  const expires = attributes['expires'];
  const expired =
    (maxAge !== undefined && Number(maxAge) <= 0) ||
    (maxAge === undefined && expires !== undefined && Date.parse(expires) <= Date.now());
  return { name, value, attributes, expired };
}

/**
 * The path to request for `path`: an absolute URL the API answered (its images live on its PUBLIC_URL, which need not
 * be the address the scenarios reach it at) is asked of the API under test by its path.
 */
function requestPath(path: string): string {
  if (!/^https?:\/\//i.test(path)) return path;
  const url = new URL(path);
  return `${url.pathname}${url.search}`;
}

/** Numbers every `newSession()` of the process, so each gets its own `sessionBaseUrl`. */
let sessionCount = 0;

export function createScenarioClient(baseUrl: string, options: ScenarioClientOptions = {}): ScenarioClient {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const base = baseUrl.replace(/\/$/, '');
  const jar = new Map<string, string>();
  const { onResponse } = options;

  async function send<T>(
    method: string,
    path: string,
    body?: unknown,
    options: RequestOptions = {},
  ): Promise<ScenarioResponse<T>> {
    const headers: Record<string, string> = { accept: 'application/json' };
    let payload: string | FormData | undefined;
    if (body instanceof FormData) {
      payload = body;
    } else if (isRaw(body)) {
      payload = body.raw;
      headers['content-type'] = body.contentType;
    } else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    if (jar.size > 0) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    Object.assign(headers, options.headers);

    const response = await doFetch(`${base}${requestPath(path)}`, { method, headers, body: payload, redirect: 'manual' });
    onResponse?.(method, requestPath(path), response.status);
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) {
      const cookie = parseSetCookie(line);
      if (!cookie.name) continue;
      if (cookie.expired || cookie.value === '') jar.delete(cookie.name);
      else jar.set(cookie.name, cookie.value);
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    const isJson = (response.headers.get('content-type') ?? '').includes('json');
    const parsed: unknown = isJson && text !== '' ? JSON.parse(text) : text;
    return { status: response.status, body: parsed as T, bytes, headers: response.headers, setCookies };
  }

  const client: ScenarioClient = {
    baseUrl: base,
    get: (path, options) => send('GET', path, undefined, options),
    delete: (path, options) => send('DELETE', path, undefined, options),
    post: (path, body, options) => send('POST', path, body, options),
    put: (path, body, options) => send('PUT', path, body, options),
    patch: (path, body, options) => send('PATCH', path, body, options),
    postForm: (path, form, options) => send('POST', path, form, options),
    patchForm: (path, form, options) => send('PATCH', path, form, options),
    cookie: (name) => jar.get(name),
    setCookie: (name, value) => {
      if (value === null) jar.delete(name);
      else jar.set(name, value);
    },
    newSession: () => {
      sessionCount += 1;
      return createScenarioClient(options.sessionBaseUrl?.(sessionCount) ?? base, options);
    },
  };
  return client;
}
