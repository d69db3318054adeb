import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES } from '@inventory/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Paths that never fall back to the SPA. */
const SERVER_PATHS = /^\/(?:api|uploads)(?:[/?]|$)|^\/(?:healthz|readyz)(?:[/?]|$)/;

function wantsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html');
}

/** A precompressed variant (`x.js.br`, `x.js.gz`) made by the build next to the file it compresses. */
const VARIANT = /\.(?:br|gz)$/;

/**
 * Serves the built SPA from APP_DIST: hashed /assets/* cached for a year, index.html never cached, and any other
 * GET that asks for HTML answered with index.html (client-side routes such as /dashboard). Everything unmatched
 * else answers 404 JSON. Without a build, `/` says how to make one.
 *
 * The build writes `.br` and `.gz` next to every compressible file (scripts/precompress.mjs); a client that accepts
 * one gets it with `Content-Encoding`, the file's own type and an ETag of its own (made from the variant's size and
 * time), and the cache rules of the file it stands for. Vary is added for compressible types (http/compression.ts).
 * The variants are not routes of their own.
 */
export async function registerStaticApp(app: FastifyInstance, appDist: string): Promise<void> {
  const hasApp = existsSync(path.join(appDist, 'index.html'));

  if (hasApp) {
    await app.register(fastifyStatic, {
      root: appDist,
      wildcard: false,
      cacheControl: false,
      etag: true,
      lastModified: true,
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(res, filePath) {
        const relative = path.relative(appDist, filePath).split(path.sep).join('/').replace(VARIANT, '');
        if (relative.startsWith('assets/')) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else if (relative === 'index.html') res.setHeader('cache-control', 'no-cache');
        else res.setHeader('cache-control', 'public, max-age=3600');
      },
    });
  } else {
    app.get('/', async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send('The app is not built yet. Run `npm run build`, then start the server again.\n'),
    );
  }

  app.setNotFoundHandler(async (request, reply) => {
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (hasApp && isRead && !SERVER_PATHS.test(request.url) && wantsHtml(request)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: MESSAGES.notFound });
  });
}
