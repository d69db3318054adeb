import fastifyMultipart from '@fastify/multipart';
import { MESSAGES } from '@inventory/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';
import { NUL_MESSAGE } from './json';
import { MULTIPART_ERRORS, MULTIPART_LIMITS } from './multipart-errors';

export { MULTIPART_LIMITS };

export async function registerMultipart(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
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

/**
 * Read a whole multipart/form-data body: text fields, and at most one file in the part named `fileField`
 * (read into memory; at most IMAGE_MAX_BYTES). A request that is not multipart answers 415; a file part of another
 * name or a repeated field 400; a broken body 400. An empty file part (a form with no file chosen) counts as none.
 */
export async function readMultipart(request: FastifyRequest, fileField: string): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new HttpError(415, MESSAGES.unsupportedMediaType);
  const fields: Record<string, string> = {};
  let file: MultipartFile | null = null;
  let problem: HttpError | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== fileField) problem ??= new HttpError(400, `Unexpected field: ${part.fieldname}`);
        else if (bytes.length > 0 || (part.filename ?? '') !== '') file = { fieldName: part.fieldname, fileName: part.filename ?? '', bytes };
        continue;
      }
      if (part.fieldnameTruncated) problem ??= new HttpError(400, 'Field name too long');
      else if (part.valueTruncated) {
        problem ??= part.fieldname === 'description' ? new HttpError(400, MESSAGES.descriptionTooLong) : new HttpError(413, MESSAGES.payloadTooLarge);
      } else if (part.fieldname === fileField) {
        // A form with no file chosen may send the file field as an empty text field: no file.
        if (String(part.value) !== '') problem ??= new HttpError(400, `${fileField} must be a file`);
      } else if (String(part.value).includes('\u0000') || part.fieldname.includes('\u0000')) problem ??= new HttpError(400, NUL_MESSAGE);
      else if (Object.hasOwn(fields, part.fieldname)) problem ??= new HttpError(400, `Duplicate field: ${part.fieldname}`);
      else fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code in MULTIPART_ERRORS) throw error;
    request.log.info({ err: error }, 'malformed multipart body');
    throw new HttpError(400, MALFORMED_MULTIPART);
  }
  if (problem) throw problem;
  return { fields, file };
}
