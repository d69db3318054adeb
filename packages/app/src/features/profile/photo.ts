import { ALLOWED_IMAGE_TYPES, IMAGE_MAX_BYTES, isDefaultAvatar, MESSAGES } from '@inventory/contract/rules';

/**
 * Why a chosen profile photo cannot be used (only image/jpeg, image/jpg or image/png; saying so instead of failing
 * silently), or null when it can. The server checks the bytes again.
 */
export function photoProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type)) return MESSAGES.imageTypeNotAllowed;
  if (file.size > IMAGE_MAX_BYTES) return MESSAGES.imageTooLarge;
  return null;
}

/**
 * Where the browser loads a photo from, or undefined when there is none to show. The API answers its uploads
 * absolute; a relative '/uploads/<name>' (older data) lives on the API's origin when the API is hosted apart from
 * the app (VITE_API_BASE). The default avatar the API answers for "no photo" shows as no photo: the initials.
 */
export function photoSrc(photo: string | undefined | null): string | undefined {
  if (!photo || isDefaultAvatar(photo)) return undefined;
  const base = import.meta.env.VITE_API_BASE;
  if (base && photo.startsWith('/') && !photo.startsWith('//')) return new URL(photo, base).href;
  return photo;
}
