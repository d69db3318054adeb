import { expect } from 'vitest';
import type { ScenarioResponse } from './client';

/**
 * Helpers of the product, order, upload and contact scenarios. Image bytes are constants, not made with an image
 * library, since the scenarios run in node against both targets.
 */

/** A valid 4x4 PNG (blue), 104 bytes. */
export const TINY_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAMAAACeL25MAAAAA1BMVEUeiOWS+LcUAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAC0lEQVR4nGNgwAQAABQAAX3+Hu4AAAAASUVORK5CYII=';

/** A valid 4x4 JPEG (red), 269 bytes. */
export const TINY_JPEG_BASE64 =
  '/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAEAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCMAasX/9k=';

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
export const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

export function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

/** A file part: bytes with a name and a declared type (the server decides by the bytes, not by these). */
export interface FilePart {
  bytes: Uint8Array<ArrayBuffer>;
  name: string;
  type: string;
}

export const tinyPng = (name = 'tiny.png'): FilePart => ({ bytes: bytesOf(TINY_PNG_BASE64), name, type: 'image/png' });
export const tinyJpeg = (name = 'tiny.jpg'): FilePart => ({
  bytes: bytesOf(TINY_JPEG_BASE64),
  name,
  type: 'image/jpeg',
});
/** Text bytes dressed up as a PNG. */
export const fakePng = (name = 'notes.png'): FilePart => ({
  bytes: new TextEncoder().encode('just some text, not an image\n'),
  name,
  type: 'image/png',
});

/** Multipart form from text fields (undefined ones left out) and file parts. */
export function formOf(fields: Record<string, string | number | undefined>, files: Record<string, FilePart> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, String(value));
  for (const [name, file] of Object.entries(files)) {
    form.append(name, new Blob([file.bytes], { type: file.type }), file.name);
  }
  return form;
}

export function startsWithBytes(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((byte, i) => bytes[i] === byte);
}

/** A 24-hex or UUID id that names nothing. */
export const UNKNOWN_UUID = '5f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e';

/** An absolute URL of an upload, `<PUBLIC_URL>/uploads/<generated name>.<ext>`, as every image URL is answered. */
export const uploadUrl = (ext: 'png' | 'jpg') =>
  expect.stringMatching(new RegExp(`^https?://[^/]+(?:/[^?#]*)?/uploads/[A-Za-z0-9_-]+\\.${ext}$`));

/** ISO-8601 timestamps. */
export const isoDate = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);

/** The `ETag` header without a `W/` prefix (a weak tag compares the same for If-Match here). */
export function etagOf(response: ScenarioResponse): string | null {
  return response.headers.get('etag')?.replace(/^W\//, '') ?? null;
}

/** A single-item answer of a product or order as a list shows it: without `createdBy` / `updatedBy`. */
export function listed<T extends object>(item: T): T {
  const {
    createdBy: _createdBy,
    updatedBy: _updatedBy,
    ...rest
  } = item as T & { createdBy?: unknown; updatedBy?: unknown };
  return rest as T;
}

/**
 * Single-item answers may say who created and last changed the item: a member's name and the API token used (null
 * for the session). Checks their shape where present and returns the answer without them.
 */
export function withoutAudit(body: unknown): unknown {
  expect(body).toEqual(expect.any(Object));
  const { createdBy, updatedBy } = body as { createdBy?: unknown; updatedBy?: unknown };
  for (const actor of [createdBy, updatedBy]) {
    if (actor !== undefined && actor !== null)
      expect(actor).toEqual({ name: expect.any(String), token: expect.toBeOneOf([null, expect.any(String)]) });
  }
  return listed(body as object);
}
