import { buildOpenApiDocument, type CompileSchema, createResponseChecker } from '@inventory/contract';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { SetupServer } from 'msw/node';

/** JSON Schema 2020-12 validation of the document's schemas (Ajv, strict: an unknown keyword is an error too). */
const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false });
addFormats(ajv);
// Multipart file parts (request schemas only) say `format: binary` for tools that predate OpenAPI 3.1.
ajv.addFormat('binary', true);

const compile: CompileSchema = (schema) => {
  const validate = ajv.compile(schema);
  return (value) => (validate(value) ? null : ajv.errorsText(validate.errors, { dataVar: '' }));
};

/** The server's description (its title and version do not matter to the checks). */
const checker = createResponseChecker(buildOpenApiDocument({ title: 'Inventory API', version: 'mocks' }), compile);

async function violationOf(request: Request, response: Response): Promise<string | undefined> {
  const { pathname } = new URL(request.url);
  const bytes = new Uint8Array(await response.clone().arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  const answer = { method: request.method, path: pathname, status: response.status, text, empty: bytes.length === 0 };
  const problems = checker.check({ ...answer, header: (name) => response.headers.get(name) ?? undefined });
  // What the description leaves out must answer like the server's not-found: 404 {message}.
  const undescribed =
    problems === undefined && pathname.startsWith('/api/') && !(response.status === 404 && /^\{"message":/.test(text));
  if (!undescribed && (problems === undefined || problems.length === 0)) return undefined;
  const what = undescribed ? ['no operation describes it'] : problems!;
  return `${request.method} ${request.url} -> ${response.status}: ${what.join('; ')}\n  body: ${text.slice(0, 600)}`;
}

/**
 * Checks every answer the MSW handlers give against the OpenAPI description the server serves. `take()` waits for
 * the answers seen so far and returns those that do not match.
 */
export function checkMockedAnswers(server: Pick<SetupServer, 'events'>) {
  const checks: Promise<string | undefined>[] = [];
  server.events.on('response:mocked', ({ request, response }) => {
    checks.push(violationOf(request, response));
  });
  return {
    async take(): Promise<string[]> {
      const results = await Promise.all(checks.splice(0, checks.length));
      return results.filter((violation): violation is string => violation !== undefined);
    },
  };
}
