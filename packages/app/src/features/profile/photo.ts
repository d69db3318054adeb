import { ALLOWED_IMAGE_TYPES, IMAGE_MAX_BYTES, MESSAGES } from '@inventory/contract';

/**
 * Why a chosen profile photo cannot be used (SPEC.md §5: image/jpeg, image/jpg or image/png; DESIGN.md §5: say so
 * instead of failing silently), or null when it can. The server checks the bytes again.
 */
export function photoProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type)) return MESSAGES.imageTypeNotAllowed;
  if (file.size > IMAGE_MAX_BYTES) return MESSAGES.imageTooLarge;
  return null;
}

/**
 * Where the browser loads a photo from. This server's uploads are saved as '/uploads/<name>'; when the API is hosted
 * apart from the app (VITE_API_BASE), they live on the API's origin.
 */
export function photoSrc(photo: string | undefined | null): string | undefined {
  if (!photo) return undefined;
  const base = import.meta.env.VITE_API_BASE;
  if (base && photo.startsWith('/') && !photo.startsWith('//')) return new URL(photo, base).href;
  return photo;
}
