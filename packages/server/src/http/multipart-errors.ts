import { IMAGE_MAX_BYTES, LIMITS, MESSAGES } from '@inventory/contract';

/** Limits of every multipart request: one file, a handful of text fields, a description-sized field at most. */
export const MULTIPART_LIMITS = {
  fieldNameSize: 100,
  fieldSize: LIMITS.description + 64 * 1024,
  // A product edit that sends back every read-only field: 5 writable and 6 echoed (PRODUCT_ECHOED_FIELDS).
  fields: 11,
  fileSize: IMAGE_MAX_BYTES,
  files: 1,
  parts: 12,
  headerPairs: 100,
} as const;

/**
 * What busboy itself enforces. Every part reaches readMultipart as bytes (busboy would decode text fields leniently),
 * so its separate field and file bounds become one per-part bound, and readMultipart applies MULTIPART_LIMITS to each
 * kind of part.
 */
export const BUSBOY_LIMITS = {
  fieldNameSize: MULTIPART_LIMITS.fieldNameSize,
  fileSize: Math.max(MULTIPART_LIMITS.fileSize, MULTIPART_LIMITS.fieldSize),
  files: MULTIPART_LIMITS.parts,
  parts: MULTIPART_LIMITS.parts,
  headerPairs: MULTIPART_LIMITS.headerPairs,
} as const;

/** Messages for @fastify/multipart's own errors (see errors.ts), and for the same limits where readMultipart checks them. */
export const MULTIPART_ERRORS: Record<string, { status: number; message: string }> = {
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: MESSAGES.imageTooLarge },
  FST_FILES_LIMIT: { status: 413, message: 'Only one file can be uploaded' },
  FST_FIELDS_LIMIT: { status: 413, message: `Too many fields (at most ${MULTIPART_LIMITS.fields})` },
  FST_PARTS_LIMIT: { status: 413, message: `Too many parts (at most ${MULTIPART_LIMITS.parts})` },
  FST_PROTO_VIOLATION: { status: 400, message: 'Field name not allowed' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: MESSAGES.unsupportedMediaType },
};
