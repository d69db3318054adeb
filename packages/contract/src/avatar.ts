export { DEFAULT_AVATAR_PNG_BASE64 } from './default-avatar-image';

/**
 * The image the API answers as the photo of a user who has none: served by the server at this path (absolute on its
 * PUBLIC_URL), so a client that always renders `<img src={photo}>` shows a picture instead of a broken image.
 */
export const DEFAULT_AVATAR_PATH = '/api/users/avatar.png';

/**
 * Whether a photo URL is the default avatar, i.e. the user has no photo of their own (our app shows initials then).
 * Judged by the path alone, absolute (any origin, under any PUBLIC_URL path) or bare.
 */
export function isDefaultAvatar(photo: string | null | undefined): boolean {
  if (!photo) return false;
  if (photo === DEFAULT_AVATAR_PATH) return true;
  try {
    const url = new URL(photo);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.pathname.endsWith(DEFAULT_AVATAR_PATH) &&
      !url.search &&
      !url.hash
    );
  } catch {
    return false;
  }
}
