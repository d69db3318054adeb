import { MESSAGES } from '@inventory/contract';
import type { FastifyRequest } from 'fastify';
import { pathId } from '../../http/path-id';

/** A malformed id cannot name a product of this user: 404, like another user's product. */
export function productId(request: FastifyRequest): string {
  return pathId(request, MESSAGES.productNotFound);
}
