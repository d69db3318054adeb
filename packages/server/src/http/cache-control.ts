import type { FastifyInstance } from 'fastify';

/**
 * API answers hold personal data, so no shared cache may keep them. An answer that sets its own Cache-Control keeps it
 * (the lists send `private, no-cache` with their ETag); any other /api/ answer gets `private, no-cache` when it
 * carries an ETag (the browser revalidates before reuse), else `no-store`.
 */
export function registerApiCacheControl(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', reply.hasHeader('etag') ? 'private, no-cache' : 'no-store');
    }
    return payload;
  });
}
