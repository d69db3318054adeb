import { MESSAGES } from '@inventory/contract';
import { http, HttpResponse } from 'msw';
import { findUpload, membershipOf, mockDb, notifyMockDbChange, userForSession } from '../db';
import { requireStore } from '../store-auth';
import { api, errorResponse, readMultipart, requireUser, sessionToken } from '../http';
import { checkImage, storeUpload, uploadBytes } from '../images';
import { publicUrlOf } from '../urls';

function imageResponse(type: string, bytes: Uint8Array<ArrayBuffer>): Response {
  return new HttpResponse(bytes, {
    status: 200,
    headers: {
      'Content-Type': type,
      'Content-Length': String(bytes.length),
      'Cache-Control': 'private, no-cache',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

/** What an upload's generated name looks like; other `/uploads/...` requests are not the mock's to answer. */
const UPLOAD_NAME = /^[A-Za-z0-9._-]+\.(?:png|jpe?g)$/i;

/**
 * The upload route the profile photo uses (like an image host, it answers `{url}`), and the uploaded
 * files themselves: a photo to its owner, a product image to the members of its store (or with one of its API tokens).
 */
export const uploadHandlers = [
  http.post(api('/uploads'), async ({ request, cookies }) => {
    const auth = requireUser(cookies);
    if (!auth.ok) return auth.response;
    const form = await readMultipart(request);
    if (!form.ok) return form.response;
    const { file, ...otherFiles } = form.files;
    const unexpected = Object.keys(form.fields)[0] ?? Object.keys(otherFiles)[0];
    if (unexpected) return errorResponse(400, `Unexpected field: ${unexpected}`);
    if (!file) return errorResponse(400, MESSAGES.imageRequired);
    const image = await checkImage(file);
    if (!image.ok) return image.response;
    const upload = storeUpload(auth.user._id, image.type, image.bytes);
    notifyMockDbChange();
    return HttpResponse.json({ url: publicUrlOf(`/uploads/${upload.name}`, mockDb.publicUrl) }, { status: 201 });
  }),

  /**
   * `GET /uploads/<name>` on any origin (like `/api`). Only names shaped like uploads are answered here, so a dev
   * server's own files under some `uploads/` folder pass through. Unknown, someone else's, or signed out: 404.
   */
  http.get<{ name: string }>('*/uploads/:name', ({ request, params, cookies }) => {
    if (!UPLOAD_NAME.test(params.name) || /\/api\/uploads\//.test(new URL(request.url).pathname)) return undefined;
    const upload = findUpload(params.name);
    // An API token sees its store's product images; a bad one is refused like on the other routes.
    if (/^Bearer\s/i.test(request.headers.get('authorization') ?? '')) {
      const auth = requireStore(request, cookies);
      if (!auth.ok) return auth.response;
      const bytes = upload && upload.storeId === auth.store._id ? uploadBytes(upload) : null;
      return bytes && upload ? imageResponse(upload.type, bytes) : errorResponse(404, MESSAGES.notFound);
    }
    const user = userForSession(sessionToken(cookies));
    // The uploader's own; a product image also to the members of its store.
    const visible =
      upload &&
      user &&
      (upload.ownerId === user._id || (upload.storeId !== null && Boolean(membershipOf(upload.storeId, user._id))));
    const bytes = visible ? uploadBytes(upload) : null;
    if (!upload || !bytes) return errorResponse(404, MESSAGES.notFound);
    return imageResponse(upload.type, bytes);
  }),
];
