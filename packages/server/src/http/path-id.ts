import { idParamsSchema } from '@inventory/contract';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors';

type ParamsSchema<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false } };

/** Path parameters that cannot name a row answer 404 with `notFound`, like a row of another store. */
export function pathParams<T>(schema: ParamsSchema<T>, request: FastifyRequest, notFound: string): T {
  const result = schema.safeParse(request.params);
  if (!result.success) throw new HttpError(404, notFound);
  return result.data;
}

/** The `:id` of the path (a well-formed id), else 404 with `notFound`. */
export function pathId(request: FastifyRequest, notFound: string): string {
  return pathParams(idParamsSchema, request, notFound).id;
}
