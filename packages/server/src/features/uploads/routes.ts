import { MESSAGES } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { type AuthDeps, authOf, requireAuth, resolveAuth } from '../../http/auth';
import { HttpError } from '../../http/errors';
import { readMultipart } from '../../http/multipart';
import { processImage } from './images';
import type { UploadService } from './service';

export interface UploadRoutesOptions {
  uploads: UploadService;
  authDeps: AuthDeps;
}

/** The CSP of an upload: it is an image, never a document that could run anything. */
export const UPLOAD_CSP = "default-src 'none'";

/**
 * POST /api/uploads: the profile photo upload (DESIGN.md §4), one `file` part, answered like the third-party image
 * host does: 201 `{url}`. GET /uploads/:name: the bytes, to their owner only (anyone else, signed out included, 404).
 */
export async function uploadRoutes(app: FastifyInstance, { uploads, authDeps }: UploadRoutesOptions) {
  app.post('/api/uploads', { preHandler: requireAuth(authDeps) }, async (request, reply) => {
    const { user } = authOf(request);
    const form = await readMultipart(request, 'file');
    const [unexpected] = Object.keys(form.fields);
    if (unexpected !== undefined) throw new HttpError(400, `Unexpected field: ${unexpected}`);
    if (!form.file) throw new HttpError(400, MESSAGES.imageRequired);
    const image = await processImage(form.file.bytes, form.file.fileName);
    const stored = await uploads.save(user._id, image, 'photo');
    return reply.status(201).send({ url: stored.url });
  });

  app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    const auth = await resolveAuth(request, reply, authDeps);
    const upload = auth ? await uploads.read(auth.user._id, request.params.name) : null;
    if (!upload) throw new HttpError(404, MESSAGES.notFound);
    return reply
      .type(upload.type)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', UPLOAD_CSP)
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('content-disposition', 'inline')
      .send(upload.bytes);
  });
}
