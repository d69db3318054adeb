import { DEFAULT_AVATAR_PATH } from '@inventory/contract';

/**
 * The URLs the mock answers for its images, as the server does: absolute on its PUBLIC_URL (`mockDb.publicUrl`, the
 * page's origin in a browser), while the mock database keeps `/uploads/<name>` paths.
 */
const UPLOADS = '/uploads/';

const trimmed = (publicUrl: string) => publicUrl.replace(/\/+$/, '');

/** `/uploads/<name>` (or any stored path) as answered. */
export function publicUrlOf(path: string, publicUrl: string): string {
  return path.startsWith('/') ? `${trimmed(publicUrl)}${path}` : path;
}

/** A stored photo as answered: '' is the default avatar, an upload absolute, other addresses as stored. */
export function publicPhoto(stored: string, publicUrl: string): string {
  if (stored === '') return publicUrlOf(DEFAULT_AVATAR_PATH, publicUrl);
  return stored.startsWith(UPLOADS) ? publicUrlOf(stored, publicUrl) : stored;
}

/** The default avatar sent back, absolute or as its path. */
export function isOwnDefaultAvatar(url: string, publicUrl: string): boolean {
  return url === DEFAULT_AVATAR_PATH || url === publicUrlOf(DEFAULT_AVATAR_PATH, publicUrl);
}

/** The `/uploads/…` path a URL names on this API, relative or absolute on its PUBLIC_URL; null for other addresses. */
export function uploadPathOf(url: string, publicUrl: string): string | null {
  if (url.startsWith(UPLOADS)) return url;
  const base = trimmed(publicUrl);
  return url.startsWith(`${base}${UPLOADS}`) ? url.slice(base.length) : null;
}
