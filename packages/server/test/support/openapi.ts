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

function bodyText(payload: unknown): { text: string; empty: boolean } {
  if (payload === null || payload === undefined) return { text: '', empty: true };
  if (typeof payload === 'string') return { text: payload, empty: payload.length === 0 };
  if (Buffer.isBuffer(payload)) return { text: payload.toString('utf8'), empty: payload.length === 0 };
  return { text: '', empty: false };
}

function headerOf(reply: FastifyReply, name: string): string | undefined {
  const value = reply.getHeader(name.toLowerCase());
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(', ') : String(value);
}

function checkAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown, testRoutes: Set<string>): void {
  // Requests no route matched get the not-found answer, which no operation describes; a test's own routes are no API.
  if (request.routeOptions.url === undefined || testRoutes.has(request.routeOptions.url)) return;
  const path = request.url.split('?')[0] ?? request.url;
  const { text, empty } = bodyText(payload);
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
    checkAnswer(request, reply, payload, testRoutes);
    return payload;
  });
}
