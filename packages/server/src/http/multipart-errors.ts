import { IMAGE_MAX_BYTES, LIMITS, MESSAGES } from '@inventory/contract';

/** Limits of every multipart request: one file, a handful of text fields, a description-sized field at most. */
export const MULTIPART_LIMITS = {
  fieldNameSize: 100,
  fieldSize: LIMITS.description + 64 * 1024,
  fields: 10,
  fileSize: IMAGE_MAX_BYTES,
  files: 1,
  parts: 11,
  headerPairs: 100,
} as const;

/** Messages for @fastify/multipart's own errors (see errors.ts). */
export const MULTIPART_ERRORS: Record<string, { status: number; message: string }> = {
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: MESSAGES.imageTooLarge },
  FST_FILES_LIMIT: { status: 413, message: 'Only one file can be uploaded' },
  FST_FIELDS_LIMIT: { status: 413, message: `Too many fields (at most ${MULTIPART_LIMITS.fields})` },
  FST_PARTS_LIMIT: { status: 413, message: `Too many parts (at most ${MULTIPART_LIMITS.parts})` },
  FST_PROTO_VIOLATION: { status: 400, message: 'Field name not allowed' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: MESSAGES.unsupportedMediaType },
  FST_INVALID_JSON_FIELD_ERROR: { status: 400, message: 'A form field is not valid JSON' },
};

