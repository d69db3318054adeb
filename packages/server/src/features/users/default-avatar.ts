import { DEFAULT_AVATAR_PNG_BASE64 } from '@inventory/contract';
import type { FastifyReply } from 'fastify';

const BYTES = Buffer.from(DEFAULT_AVATAR_PNG_BASE64, 'base64');

/** An image, never a document that could run anything (as the uploads are served). */
const IMAGE_CSP = "default-src 'none'";

/** The default avatar: the same bytes for everyone, so any cache may keep them for a day. */
export function sendDefaultAvatar(reply: FastifyReply): FastifyReply {
  return reply
    .type('image/png')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', IMAGE_CSP)
    .header('cache-control', 'public, max-age=86400')
    .send(BYTES);
}
