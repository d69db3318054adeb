import { pipeline, Readable, Transform } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type CompileSchema, createResponseChecker, type ResponseChecker } from '@inventory/contract';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiDocument } from '../../src/api-docs/document';

/** JSON Schema 2020-12 validation of the document's schemas (Ajv, strict: an unknown keyword is an error too). */
const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false });
addFormats(ajv);
// Multipart file parts (request schemas only) say `format: binary` for tools that predate OpenAPI 3.1.
ajv.addFormat('binary', true);

export const compile: CompileSchema = (schema) => {
  const validate = ajv.compile(schema);
  return (value) => (validate(value) ? null : ajv.errorsText(validate.errors, { dataVar: '' }));
};

let checker: ResponseChecker | undefined;
const responseChecker = () => (checker ??= createResponseChecker(apiDocument(), compile));

/** Answers that do not match the description, since the last `takeViolations()`. */
const violations: string[] = [];

export function takeViolations(): string[] {
  return violations.splice(0, violations.length);
}

/** The body as text; a body the route compressed itself (a cached list) is decoded first. */
function bodyText(payload: unknown, encoding: string | undefined): { text: string; empty: boolean } {
  if (payload === null || payload === undefined) return { text: '', empty: true };
  if (typeof payload === 'string') return { text: payload, empty: payload.length === 0 };
  if (Buffer.isBuffer(payload)) {
    const encoded = payload.length > 0 && (encoding === 'br' || encoding === 'gzip');
    const bytes = !encoded ? payload : encoding === 'br' ? brotliDecompressSync(payload) : gunzipSync(payload);
    return { text: bytes.toString('utf8'), empty: bytes.length === 0 };
  }
  return { text: '', empty: false };
}

function headerOf(reply: FastifyReply, name: string): string | undefined {
  const value = reply.getHeader(name.toLowerCase());
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(', ') : String(value);
}

function isChecked(request: FastifyRequest, testRoutes: Set<string>): boolean {
  // Requests no route matched get the not-found answer, which no operation describes; a test's own routes are no API.
  return request.routeOptions.url !== undefined && !testRoutes.has(request.routeOptions.url);
}

/** `encoding`: the Content-Encoding of `payload` (a route may compress its own answer, as the cached lists do). */
function checkAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  encoding: string | undefined,
): void {
  const path = request.url.split('?')[0] ?? request.url;
  const { text, empty } = bodyText(payload, encoding);
  const problems = responseChecker().check({
    method: request.method,
    path,
    status: reply.statusCode,
    header: (name) => headerOf(reply, name),
    text,
    empty,
  });
  const undescribed = problems === undefined && (path === '/api' || path.startsWith('/api/'));
  if (!undescribed && (problems === undefined || problems.length === 0)) return;
  const what = undescribed ? [`no operation describes ${request.method} ${request.routeOptions.url}`] : problems!;
  violations.push(
    `${request.method} ${request.url} -> ${reply.statusCode}: ${what.join('; ')}\n  body: ${text.slice(0, 600)}`,
  );
}

/**
 * Test-only wiring: every answer of this app is checked against the OpenAPI description the server serves. Routes a
 * test adds afterwards (e.g. one that throws, to see a 500) are its own, not the API's, and are left out.
 */
export function checkAnswersAgainstDescription(app: FastifyInstance): void {
  const testRoutes = new Set<string>();
  app.addHook('onRoute', (route) => {
    testRoutes.add(route.url);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isChecked(request, testRoutes)) return payload;
    if (!(payload instanceof Readable)) {
      checkAnswer(request, reply, payload, headerOf(reply, 'content-encoding'));
      return payload;
    }
    // A streamed answer (a long list) is checked once it has all passed, chunk by chunk, without holding it back. It is
    // taken here before @fastify/compress (a route hook, after this one) may compress it: its encoding is the one now.
    const encoding = headerOf(reply, 'content-encoding');
    const chunks: Buffer[] = [];
    const tee = new Transform({
      writableObjectMode: true,
      transform(chunk: Buffer | string, _encoding, callback) {
        chunks.push(Buffer.from(chunk));
        callback(null, chunk);
      },
      flush(callback) {
        try {
          checkAnswer(request, reply, Buffer.concat(chunks), encoding);
        } catch (error) {
          violations.push(
            `${request.method} ${request.url}: the streamed answer could not be checked: ${String(error)}`,
          );
        }
        callback();
      },
    });
    // An error of the source (the database gone mid-list) reaches the reply through the tee.
    return pipeline(payload, tee, () => undefined);
  });
}
