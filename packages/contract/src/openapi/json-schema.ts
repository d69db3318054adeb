import { z } from 'zod';
import type { JsonSchema } from './types';

/** Where a named schema lives in the document. */
export const schemaRef = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/**
 * Named schemas as OpenAPI components. Requests are described as they are sent (`io: 'input'`: before trimming and
 * number conversion), answers as they are built (`io: 'output'`); references between named schemas become `$ref`s.
 * Rules that JSON Schema cannot say (the form's rule order, password confirmation) stay in the 400's message.
 */
export function componentSchemas(named: Record<string, z.ZodType>, io: 'input' | 'output'): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(named)) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    io,
    target: 'draft-2020-12',
    uri: (id) => schemaRef(id).$ref as string,
  });
  return Object.fromEntries(Object.entries(schemas).map(([id, schema]) => [id, bare(schema)]));
}

/** One schema, inline (e.g. a path parameter's). */
export function inlineSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): JsonSchema {
  return bare(z.toJSONSchema(schema, { io, target: 'draft-2020-12' }));
}

/** Without `$schema` and `$id`: inside an OpenAPI 3.1 document schemas take the document's dialect and place. */
function bare(schema: object): JsonSchema {
  const { $schema: _dialect, $id: _id, ...rest } = schema as JsonSchema;
  return rest;
}
