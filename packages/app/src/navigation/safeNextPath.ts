/**
 * The `?next=` of /login and /register (where to go once signed in), if it is safe: a path of this app, starting with
 * one '/' (not '//' or '/\', which browsers read as another host), with no control characters. Anything else: null.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || next.length > 2000) return null;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return null;
  try {
    // Resolved against a throwaway origin, it must stay on it.
    const url = new URL(next, 'http://app.invalid');
    if (url.origin !== 'http://app.invalid') return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** '/login?next=<path>' (or '/register?…'): a link that comes back to `path` after signing in. */
export function withNext(to: string, next: string, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ ...extra, next });
  return `${to}?${params.toString()}`;
}
