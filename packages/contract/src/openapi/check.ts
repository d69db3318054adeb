import type { HttpMethod, JsonSchema, OpenApiDocument, OperationObject } from './types';

/**
 * Validates a value against a JSON Schema 2020-12 schema: null when it matches, else what is wrong, each problem
 * starting with the JSON pointer of the part it is about (`/price must be number`).
 */
export type SchemaValidator = (value: unknown) => string | null;
/** Turns a self-contained schema into a validator (the tests pass Ajv's 2020 dialect). */
export type CompileSchema = (schema: JsonSchema) => SchemaValidator;

/** One answer as observed by a test, whichever side produced it (the server or the mocks). */
export interface ObservedResponse {
  method: string;
  /** The request's path, without the query. */
  path: string;
  status: number;
  header(name: string): string | undefined;
  /** The body as text (read only when the answer is JSON). */
  text: string;
  /** Whether the answer has no body at all. */
  empty: boolean;
}

export interface ResponseChecker {
  /** The path template and operation of the document that describes this request, if any. */
  operationOf(method: string, path: string): { template: string; operation: OperationObject } | undefined;
  /** What in this answer the document does not allow; undefined when the document describes no such operation. */
  check(response: ObservedResponse): string[] | undefined;
}

const mediaType = (contentType: string | undefined) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();
const isJson = (media: string) => media === 'application/json' || media.endsWith('+json');

function templatePattern(template: string): RegExp {
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

const toDefs = (schema: unknown) =>
  JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"#/$defs/')) as JsonSchema;

/** `schema` on its own: the document's named schemas become its `$defs`, so every `$ref` resolves inside it. */
export function selfContained(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  return { $defs: toDefs(document.components.schemas), allOf: [toDefs(schema)] };
}

/**
 * Checks observed answers against the document: the status must be documented for the operation, the media type
 * among those documented for it (no body where none is), a JSON body must match its schema, and every required
 * response header must be present and match its schema.
 */
export function createResponseChecker(document: OpenApiDocument, compile: CompileSchema): ResponseChecker {
  const validators = new Map<string, SchemaValidator>();
  const validatorOf = (key: string, schema: JsonSchema): SchemaValidator => {
    let validator = validators.get(key);
    if (!validator) {
      validator = compile(selfContained(document, schema));
      validators.set(key, validator);
    }
    return validator;
  };

  // Literal paths before templated ones, so `/api/docs` never reads as `/api/docs/{asset}`.
  const templates = Object.keys(document.paths)
    .map((template) => ({ template, pattern: templatePattern(template), params: (template.match(/\{/g) ?? []).length }))
    .sort((a, b) => a.params - b.params);

  const operationOf: ResponseChecker['operationOf'] = (method, path) => {
    const normalised = path.length > 1 ? path.replace(/\/$/, '') : path;
    const verb = (method.toLowerCase() === 'head' ? 'get' : method.toLowerCase()) as HttpMethod;
    for (const { template, pattern } of templates) {
      if (!pattern.test(normalised)) continue;
      const operation = document.paths[template]?.[verb];
      if (operation) return { template, operation };
    }
    return undefined;
  };

  return {
    operationOf,
    check(response) {
      const found = operationOf(response.method, response.path);
      if (!found) return undefined;
      const { template, operation } = found;
      const answer = operation.responses[String(response.status)];
      if (!answer) return [`status ${response.status} is not documented for ${response.method} ${template}`];

      const problems: string[] = [];
      const key = `${response.method} ${template} ${response.status}`;
      for (const [name, header] of Object.entries(answer.headers ?? {})) {
        const value = response.header(name);
        if (value === undefined) {
          if (header.required) problems.push(`required header ${name} is missing`);
          continue;
        }
        const wrong = validatorOf(`${key} header ${name}`, header.schema)(value);
        if (wrong) problems.push(`header ${name} (${value})${wrong}`);
      }

      const isHead = response.method.toUpperCase() === 'HEAD';
      const documented = answer.content ?? {};
      if (Object.keys(documented).length === 0) {
        if (!response.empty && !isHead) problems.push('a body where the document says there is none');
        return problems;
      }
      const media = mediaType(response.header('content-type'));
      const content = documented[media];
      if (!content) {
        problems.push(`content type '${media}' is not documented (documented: ${Object.keys(documented).join(', ')})`);
        return problems;
      }
      if (isHead || !isJson(media) || !content.schema) return problems;
      let body: unknown;
      try {
        body = JSON.parse(response.text);
      } catch {
        problems.push('the body is not JSON');
        return problems;
      }
      const wrong = validatorOf(`${key} ${media}`, content.schema)(body);
      if (wrong) problems.push(`body${wrong}`);
      return problems;
    },
  };
}
