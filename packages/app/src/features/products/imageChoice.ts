import { ALLOWED_IMAGE_EXTENSIONS, ALLOWED_IMAGE_TYPES, IMAGE_MAX_BYTES, MESSAGES } from '@inventory/contract/rules';

/**
 * The product image's client-side check (jpeg, jpg, png): by declared type, or by extension when the browser gives
 * none. The server decides by the bytes again. Returns the field error, or null when the file may go.
 */
export function imageChoiceError(file: File): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const typeOk = file.type
    ? (ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type)
    : (ALLOWED_IMAGE_EXTENSIONS as readonly string[]).includes(extension);
  if (!typeOk) return MESSAGES.imageTypeNotAllowed;
  if (file.size > IMAGE_MAX_BYTES) return MESSAGES.imageTooLarge;
  return null;
}
