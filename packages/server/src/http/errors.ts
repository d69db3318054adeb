import { firstIssueMessage, MESSAGES } from '@inventory/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { isForeignKeyViolation } from '../db';
import { isDatabaseUnavailable } from '../db/availability';
import { MULTIPART_ERRORS } from './multipart-errors';

/** An error whose message is safe to show the client, with its HTTP status (and headers, e.g. Retry-After). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

type SchemaIssues = Parameters<typeof firstIssueMessage>[0];
type SafeParseResult<T> = { success: true; data: T } | { success: false; error: SchemaIssues };
interface Schema<T> {
  safeParse(value: unknown): SafeParseResult<T>;
}

/**
 * Check a value against a contract schema; on failure throw a 400 naming the problem. The schemas check a form's rules
 * in the form's order, so the first issue is the one to report.
 */
export function parse<T>(schema: Schema<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new HttpError(400, firstIssueMessage(result.error));
}

/** Map Fastify's own errors (body parsing, limits) to a status and a clear message; null for anything else. */
function frameworkError(error: FastifyError): { status: number; message: string } | null {
  const multipart = typeof error.code === 'string' ? MULTIPART_ERRORS[error.code] : undefined;
  if (multipart) return multipart;
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: MESSAGES.payloadTooLarge };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return { status: 415, message: MESSAGES.unsupportedMediaType };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, message: 'Request body length does not match Content-Length' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: 'Request body must be a JSON object' };
    default:
      break;
  }
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return { status: 400, message: MESSAGES.malformedJson };
  }
  const status = error.statusCode;
  if (status === 413) return { status, message: MESSAGES.payloadTooLarge };
  if (status === 415) return { status, message: MESSAGES.unsupportedMediaType };
  if (status === 429) return { status, message: MESSAGES.tooManyRequests };
  // Other client errors raised by Fastify itself (bad URL, bad header...): keep the status, say it plainly.
  if (status !== undefined && status >= 400 && status < 500) return { status, message: 'Bad request' };
  return null;
}

/** Seconds a client is asked to wait before retrying while the database is unreachable. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = '5';

/**
 * One error handler: `{message}` with the right status; an unreachable database is 503 serviceUnavailable; 500s hide
 * every detail behind a request id.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).headers(error.headers).send({ message: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', UNAVAILABLE_RETRY_AFTER_SECONDS).send({ message: MESSAGES.serviceUnavailable });
    }
    // A write naming a row deleted meanwhile (its store, its product), past the checks its service made: the
    // database refused it and nothing was written.
    if (isForeignKeyViolation(error)) {
      request.log.info({ code: (error as { code?: unknown }).code }, 'write refused: it names a row deleted meanwhile');
      return reply.status(409).send({ message: MESSAGES.deletedMeanwhile });
    }
    const known = frameworkError(error);
    if (known) {
      request.log.info({ code: error.code, status: known.status }, 'request refused');
      return reply.status(known.status).send({ message: known.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: MESSAGES.internalError, requestId: request.id });
  });
}
