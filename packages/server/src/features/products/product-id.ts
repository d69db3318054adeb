import { idParamsSchema, MESSAGES } from '@inventory/contract';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors';

/** A malformed id cannot name a product of this user: 404, like another user's product. */
export function productId(request: FastifyRequest): string {
  const result = idParamsSchema.safeParse(request.params);
  if (!result.success) throw new HttpError(404, MESSAGES.productNotFound);
  return result.data.id;
}
