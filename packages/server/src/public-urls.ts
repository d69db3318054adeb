import { DEFAULT_AVATAR_PATH } from '@inventory/contract';
import { UPLOAD_URL_PREFIX, uploadUrl } from './uploads/service';

/**
 * The URLs the API answers for its own images: absolute on PUBLIC_URL, so a front end on another origin loads them as
 * given. The database keeps names and `/uploads/<name>` paths, never these (backups move between hosts).
 */
export interface PublicUrls {
  /** `<PUBLIC_URL>/uploads/<name>`. */
  upload(name: string): string;
  /** `<PUBLIC_URL>/api/users/avatar.png`: the photo of a user who has none. */
  readonly defaultAvatar: string;
  /** A stored photo as answered: '' becomes the default avatar, `/uploads/<name>` absolute, other addresses as stored. */
  photo(stored: string): string;
  /** The default avatar sent back: absolute on PUBLIC_URL, or its bare path. */
  isDefaultAvatar(url: string): boolean;
  /**
   * The `/uploads/…` path a URL names on this server, sent relative (older clients, our app) or absolute on
   * PUBLIC_URL (what the API answers); null for any other address.
   */
  uploadPath(url: string): string | null;
}

export function createPublicUrls(publicUrl: string): PublicUrls {
  const base = publicUrl.replace(/\/+$/, '');
  const defaultAvatar = `${base}${DEFAULT_AVATAR_PATH}`;
  const ownPrefix = `${base}${UPLOAD_URL_PREFIX}`;
  return {
    upload: (name) => `${base}${uploadUrl(name)}`,
    defaultAvatar,
    photo(stored) {
      if (stored === '') return defaultAvatar;
      if (stored.startsWith(UPLOAD_URL_PREFIX)) return `${base}${stored}`;
      return stored;
    },
    isDefaultAvatar: (url) => url === defaultAvatar || url === DEFAULT_AVATAR_PATH,
    uploadPath(url) {
      if (url.startsWith(UPLOAD_URL_PREFIX)) return url;
      if (url.startsWith(ownPrefix)) return url.slice(base.length);
      return null;
    },
  };
}
