import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { IMPORT_MESSAGES, type ImportMapping, looksBinary, MESSAGES, parseImportMapping } from '@inventory/contract';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors';
import { MALFORMED_MULTIPART } from '../../http/multipart';
import { decodeUtf8 } from '../../http/utf8';

/** The uploaded CSV, spooled to a temporary file, and the mapping sent with it (null: guess from the headers). */
export interface Upload<Mapping> {
  file: string;
  mapping: Mapping | null;
  /** Removes the temporary file. */
  discard(): Promise<void>;
}
export type ImportUpload = Upload<ImportMapping>;

const MAPPING_MAX_BYTES = 64 * 1024;
/** Names and types a CSV upload comes with; browsers send Excel's type for .csv on Windows. */
const CSV_TYPES = new Set([
  'text/csv',
  'text/plain',
  'application/csv',
  'application/vnd.ms-excel',
  'application/octet-stream',
  'text/x-csv',
  '',
]);

/**
 * Read an import's multipart body (POST /api/products/import): the `file` part goes to a temporary file as it arrives (never whole
 * in memory), counted against `maxBytes` (413 past it, the rest drained, nothing kept); `mapping` is a small JSON
 * text part, in any order. The file is parsed only once the body is read, so `mapping` may come after it.
 */
export const readImportUpload = (request: FastifyRequest, maxBytes: number): Promise<ImportUpload> =>
  readUpload(request, maxBytes, parseImportMapping);

/** The same for any import, whose `mapping` the contract's `parseMapping` reads (the customers', the suppliers'). */
export async function readUpload<Mapping>(request: FastifyRequest, maxBytes: number, parseMapping: (text: string) => Mapping | null): Promise<Upload<Mapping>> {
  if (!request.isMultipart()) throw new HttpError(415, MESSAGES.unsupportedMediaType);
  const dir = await mkdtemp(path.join(tmpdir(), 'inventory-import-'));
  const file = path.join(dir, 'upload.csv');
  const discard = () => rm(dir, { recursive: true, force: true });
  let problem: HttpError | null = null;
  let hasFile = false;
  let mappingText: string | null = null;
  try {
    const parts = request.parts({ limits: { fileSize: maxBytes + 1, files: 2, parts: 2, fields: 2 } });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname === 'file' && !hasFile) {
        hasFile = true;
        if (!CSV_TYPES.has(part.mimetype) && !/\.csv$/i.test(part.filename ?? ''))
          problem ??= new HttpError(400, IMPORT_MESSAGES.notCsv);
        let size = 0;
        let head: Buffer | null = null;
        await pipeline(
          part.file,
          async function* count(source: AsyncIterable<Buffer>) {
            for await (const chunk of source) {
              size += chunk.length;
              head ??= chunk;
              if (size > maxBytes) problem = new HttpError(413, IMPORT_MESSAGES.tooLarge(maxBytes));
              if (!problem) yield chunk;
            }
          },
          createWriteStream(file),
        );
        if (part.file.truncated) problem = new HttpError(413, IMPORT_MESSAGES.tooLarge(maxBytes));
        if (size === 0) problem ??= new HttpError(400, IMPORT_MESSAGES.fileRequired);
        else if (head && looksBinary(head)) problem ??= new HttpError(400, IMPORT_MESSAGES.notCsv);
      } else if (part.fieldname === 'mapping' && mappingText === null) {
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size <= MAPPING_MAX_BYTES) chunks.push(chunk);
        }
        mappingText = size > MAPPING_MAX_BYTES ? null : decodeUtf8(Buffer.concat(chunks));
        if (mappingText === null) problem ??= new HttpError(400, IMPORT_MESSAGES.mappingInvalid);
      } else {
        for await (const chunk of part.file as AsyncIterable<Buffer>) void chunk;
        problem ??= new HttpError(400, `Unexpected field: ${part.fieldname}`);
      }
    }
  } catch (error) {
    await discard();
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new HttpError(400, 'Send only the parts "file" and "mapping"');
    request.log.info({ err: error }, 'malformed multipart body');
    throw new HttpError(400, MALFORMED_MULTIPART);
  }
  if (!problem && !hasFile) problem = new HttpError(400, IMPORT_MESSAGES.fileRequired);
  let mapping: Mapping | null = null;
  if (!problem && mappingText !== null && mappingText.trim() !== '') {
    mapping = parseMapping(mappingText);
    if (mapping === null) problem = new HttpError(400, IMPORT_MESSAGES.mappingInvalid);
  }
  if (problem) {
    await discard();
    throw problem;
  }
  return { file, mapping, discard };
}
