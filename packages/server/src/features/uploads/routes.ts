import { MESSAGES } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../http/errors';
import { readMultipart } from '../../http/multipart';
import type { PublicUrls } from '../../public-urls';
import { bearerToken } from '../../http/bearer';
import { type AuthDeps, authOf, requireAuth, resolveAuth } from '../../session';
import type { StoreAccessDeps } from '../../stores/access';
import { processImage } from '../../uploads/images';
import type { UploadService } from '../../uploads/service';

export interface UploadRoutesOptions {
  uploads: UploadService;
  authDeps: AuthDeps;
  access: StoreAccessDeps;
  urls: PublicUrls;
}

/** The CSP of an upload: it is an image, never a document that could run anything. */
export const UPLOAD_CSP = "default-src 'none'";

/**
 * POST /api/uploads: the profile photo upload, one `file` part, answered like the third-party image
 * host does: 201 `{url}`. GET /uploads/:name: the bytes, a photo to its owner and a product image to its store's members
 * or tokens (anyone else, signed out included, 404).
 */
export async function uploadRoutes(app: FastifyInstance, { uploads, authDeps, access, urls }: UploadRoutesOptions) {
  app.post('/api/uploads', { preHandler: requireAuth(authDeps) }, async (request, reply) => {
    const { user } = authOf(request);
    const form = await readMultipart(request, 'file');
    const [unexpected] = Object.keys(form.fields);
    if (unexpected !== undefined) throw new HttpError(400, `Unexpected field: ${unexpected}`);
    if (!form.file) throw new HttpError(400, MESSAGES.imageRequired);
    const image = await processImage(form.file.bytes, form.file.fileName);
    const stored = await uploads.save(user._id, image, 'photo');
    // Absolute on PUBLIC_URL like every image URL the API answers; updateuser takes it back relative or absolute.
    return reply.status(201).send({ url: urls.upload(stored.name) });
  });

  app.get<{ Params: { name: string } }>('/uploads/:name', async (request, reply) => {
    const bearer = bearerToken(request);
    const reader =
      bearer !== null
        ? { userId: null, tokenStoreId: (await access.tokens.verify(bearer, request.ip)).storeId }
        : { userId: (await resolveAuth(request, reply, authDeps))?.user._id ?? null, tokenStoreId: null };
    const upload = await uploads.read(reader, request.params.name);
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
