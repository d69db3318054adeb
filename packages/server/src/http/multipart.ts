import fastifyMultipart, { type MultipartFile as BusboyPart } from '@fastify/multipart';
import { MESSAGES } from '@inventory/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';
import { NUL_MESSAGE } from './json';
import { BUSBOY_LIMITS, MULTIPART_ERRORS, MULTIPART_LIMITS } from './multipart-errors';
import { decodeUtf8 } from './utf8';

export { MULTIPART_LIMITS };

/**
 * Every part is handed over as a byte stream, text fields included: busboy decodes text fields leniently (invalid
 * UTF-8 becomes U+FFFD, whatever charset a part declares), so readMultipart decodes them strictly itself.
 */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: BUSBOY_LIMITS, throwFileSizeLimit: false, isPartAFile: () => true });
}

export interface MultipartFile {
  fieldName: string;
  fileName: string;
  bytes: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  file: MultipartFile | null;
}

export const MALFORMED_MULTIPART = 'Malformed multipart body';

export interface ReadMultipartOptions {
  /** Hand a text part in the file field over with the text fields (an edit's schema ignores it) instead of refusing it. */
  keepTextInFileField?: boolean;
}

const limitError = (code: keyof typeof MULTIPART_ERRORS) => {
  const { status, message } = MULTIPART_ERRORS[code]!;
  return new HttpError(status, message);
};

/**
 * The first `cap` bytes of a part; the rest is read and dropped (the body must still be consumed), so a text field
 * never holds more than the field limit in memory, whatever busboy's per-part bound is.
 */
async function readAtMost(stream: AsyncIterable<Buffer>, cap: number): Promise<{ bytes: Buffer; over: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  for await (const chunk of stream) {
    if (over) continue;
    if (size + chunk.length > cap) {
      over = true;
      chunks.length = 0;
      continue;
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return { bytes: Buffer.concat(chunks), over };
}

/** busboy's own rule for what is a file: a part with a filename, or an octet stream. */
const isFilePart = (part: BusboyPart) => part.filename !== undefined || part.mimetype === 'application/octet-stream';

/**
 * Read a whole multipart/form-data body: text fields, and at most one file in the part named `fileField`
 * (read into memory; at most IMAGE_MAX_BYTES). A request that is not multipart answers 415; too many parts, fields or
 * files, or a file too large, 413; a file part of another name or a repeated field 400; a text field that is not
 * UTF-8 400; a broken body 400. An empty file part (a form with no file chosen) counts as none.
 */
export async function readMultipart(
  request: FastifyRequest,
  fileField: string,
  { keepTextInFileField = false }: ReadMultipartOptions = {},
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new HttpError(415, MESSAGES.unsupportedMediaType);
  const fields: Record<string, string> = {};
  let file: MultipartFile | null = null;
  let fileParts = 0;
  let textParts = 0;
  // A limit broken answers before any other problem, as busboy's own limit errors do.
  let overLimit: HttpError | null = null;
  let problem: HttpError | null = null;
  try {
    for await (const part of request.parts()) {
      // Every part is a byte stream (registerMultipart): keep at most its kind's limit in memory, drain the rest.
      if (part.type !== 'file') continue;
      const cap = isFilePart(part) ? MULTIPART_LIMITS.fileSize : MULTIPART_LIMITS.fieldSize;
      const { bytes, over } = await readAtMost(part.file, cap);
      const cut = over || part.file.truncated;
      if (isFilePart(part)) {
        fileParts += 1;
        if (fileParts > MULTIPART_LIMITS.files) overLimit ??= limitError('FST_FILES_LIMIT');
        else if (cut || bytes.length > MULTIPART_LIMITS.fileSize) overLimit ??= limitError('FST_REQ_FILE_TOO_LARGE');
        else if (part.fieldname !== fileField) problem ??= new HttpError(400, `Unexpected field: ${part.fieldname}`);
        else if (bytes.length > 0 || (part.filename ?? '') !== '')
          file = { fieldName: part.fieldname, fileName: part.filename ?? '', bytes };
        continue;
      }
      textParts += 1;
      if (textParts > MULTIPART_LIMITS.fields) {
        overLimit ??= limitError('FST_FIELDS_LIMIT');
        continue;
      }
      if (cut || bytes.length > MULTIPART_LIMITS.fieldSize) {
        problem ??=
          part.fieldname === 'description'
            ? new HttpError(400, MESSAGES.descriptionTooLong)
            : new HttpError(413, MESSAGES.payloadTooLarge);
        continue;
      }
      const value = decodeUtf8(bytes);
      if (value === null) problem ??= new HttpError(400, MESSAGES.invalidUtf8);
      else if (part.fieldname === fileField && !keepTextInFileField) {
        // A form with no file chosen may send the file field as an empty text field: no file.
        if (value !== '') problem ??= new HttpError(400, `${fileField} must be a file`);
      } else if (value.includes('\u0000') || part.fieldname.includes('\u0000'))
        problem ??= new HttpError(400, NUL_MESSAGE);
      else if (Object.hasOwn(fields, part.fieldname))
        problem ??= new HttpError(400, `Duplicate field: ${part.fieldname}`);
      else fields[part.fieldname] = value;
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code in MULTIPART_ERRORS) throw error;
    request.log.info({ err: error }, 'malformed multipart body');
    throw new HttpError(400, MALFORMED_MULTIPART);
  }
  if (overLimit) throw overLimit;
  if (problem) throw problem;
  return { fields, file };
}
