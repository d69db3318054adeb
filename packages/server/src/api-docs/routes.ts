import { MESSAGES } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors';
import { docsAsset } from './assets';
import { apiDocumentJson } from './document';
import { DOCS_PATH, DOCUMENT_PATH, PAGE_HTML } from './page';

/** GET /api/openapi.json (the OpenAPI 3.1 description) and GET /api/docs (a reference page over it); no sign-in. */
export async function apiDocsRoutes(app: FastifyInstance) {
  app.get(DOCUMENT_PATH, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(apiDocumentJson()),
  );

  app.get(DOCS_PATH, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(PAGE_HTML),
  );

  app.get<{ Params: { asset: string } }>(`${DOCS_PATH}/:asset`, async (request, reply) => {
    const asset = await docsAsset(request.params.asset);
    if (!asset) throw new HttpError(404, MESSAGES.notFound);
    return reply.type(asset.type).header('cache-control', 'public, max-age=3600').send(asset.body);
  });
}
