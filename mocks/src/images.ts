import { IMAGE_MAX_BYTES, MESSAGES } from '@inventory/contract';
import { mockDb, newUuid, type StoredUpload } from './db';
import { FIXTURE_IMAGES } from './fixture-images';
import { errorResponse } from './http';

/**
 * Uploaded images as the server takes them (docs/decisions/0009-images-and-uploads.md): jpeg or png decided by the
 * bytes, at most IMAGE_MAX_BYTES, stored under a generated name. The mock keeps the bytes as they came (the server
 * re-encodes).
 */
export type ImageType = StoredUpload['type'];

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((byte, i) => bytes[i] === byte);

/** The image type the bytes are, or null for anything but png and jpeg. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (startsWith(bytes, JPEG_SIGNATURE)) return 'image/jpeg';
  return null;
}

export type ImageCheck =
  | { ok: true; type: ImageType; bytes: Uint8Array; fileName: string }
  | { ok: false; response: Response };

/** 413 over the size limit, 415 when the bytes are not png or jpeg; else the bytes and their type. */
export async function checkImage(file: File): Promise<ImageCheck> {
  if (file.size > IMAGE_MAX_BYTES) return { ok: false, response: errorResponse(413, MESSAGES.imageTooLarge) };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, response: errorResponse(415, MESSAGES.imageTypeNotAllowed) };
  return { ok: true, type, bytes, fileName: file.name || 'image' };
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

export function fromBase64(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Stores checked image bytes as a new upload of `ownerId` (and of the store `storeId` for a product image); returns it
 * (its URL is `/uploads/<name>`).
 */
export function storeUpload(
  ownerId: string,
  type: ImageType,
  bytes: Uint8Array,
  storeId: string | null = null,
): StoredUpload {
  const upload: StoredUpload = {
    name: `${newUuid()}.${type === 'image/png' ? 'png' : 'jpg'}`,
    ownerId,
    storeId,
    type,
    size: bytes.length,
    bytes: toBase64(bytes),
    createdAt: new Date().toISOString(),
  };
  mockDb.uploads.push(upload);
  return upload;
}

/** The bytes of an upload: its own, or a fixture file's. Null when the bytes are gone (e.g. not persisted). */
export function uploadBytes(upload: StoredUpload): Uint8Array<ArrayBuffer> | null {
  const base64 = upload.bytes ?? FIXTURE_IMAGES[upload.name]?.base64;
  return base64 ? fromBase64(base64) : null;
}
