import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, RouteOptions } from 'fastify';

/**
 * Compression of what the server answers (docs/decisions/0014-compression-and-streamed-lists.md).
 *
 * - API answers (`/api/...`) of a compressible type are compressed on the fly with brotli or gzip, as Accept-Encoding
 *   asks, once they are at least `COMPRESSION_THRESHOLD` bytes (streamed answers always). Brotli runs at quality 4, not
 *   zlib's 11: it is paid on every answer, and 4 is within a few per cent of 11's size on JSON at a fraction of the
 *   CPU. Nothing else is compressed on the fly: the built app is compressed at build time (http/static-app.ts) and
 *   images (`/uploads`, the avatar) are compressed already.
 * - `Vary: accept-encoding` goes on every answer of a compressible type, compressed or not (the same URL may cross
 *   the threshold tomorrow), and on every 304.
 * - Request bodies are never decompressed: a client sends JSON or multipart as is, as before.
 *
 * Strong ETags and compressed variants: a single item answers `ETag: "<version>"`. A strong validator names exact
 * bytes, and the br and gzip bytes of one version are not the identity bytes, so a compressed single-item answer
 * carries a tag per encoding: `"<version>-br"` or `"<version>-gzip"` (RFC 9110 8.8.3.3 shows this very scheme). The
 * identity answer keeps `"<version>"` exactly as before. `If-Match` compares versions, so any of the three tags of a
 * version matches it (http/etag.ts). List ETags are weak (`W/"p<epoch>.<n>"`): a weak tag may be shared by
 * semantically equal variants, so it stays the same whatever the encoding.
 */

/** Answers smaller than this go uncompressed: below ~1 KB the saving does not pay for the work and the headers. */
export const COMPRESSION_THRESHOLD = 1024;

/** The encodings we answer with, in order of preference. */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;
const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } };
const gzipOptions = { level: GZIP_LEVEL };

/** Types worth compressing: text, JSON, JavaScript, XML, SVG, source maps, web manifests, wasm. */
const COMPRESSIBLE_TYPE =
  /^(?:text\/|application\/(?:json|javascript|xml|wasm|manifest\+json)|image\/svg\+xml)|[/+]json(?:;|$)/i;

export function isCompressibleType(contentType: string | undefined): boolean {
  return contentType !== undefined && COMPRESSIBLE_TYPE.test(contentType);
}

const isApiUrl = (url: string) => url === '/api' || url.startsWith('/api/');

/**
 * The encoding Accept-Encoding asks for among ours, as @fastify/compress and @fastify/static decide it (`*` and
 * `x-gzip` count as gzip), or null for none (identity). `x-no-compression` asks for none.
 */
export function negotiateEncoding(request: FastifyRequest): Encoding | null {
  const header = request.headers['accept-encoding'];
  if (header === undefined || request.headers['x-no-compression'] !== undefined) return null;
  return negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), [...ENCODINGS]);
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** `body` compressed as the API does on the fly, in libuv's thread pool (the event loop keeps serving meanwhile). */
export function compressBody(encoding: Encoding, body: Buffer): Promise<Buffer> {
  return encoding === 'br' ? brotli(body, brotliOptions) : gzipAsync(body, gzipOptions);
}

/** Add `accept-encoding` to Vary, keeping what is there (e.g. Origin). Lower case, as @fastify/compress checks it. */
export function varyOnEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  if (current === undefined) {
    reply.header('vary', 'accept-encoding');
    return;
  }
  const values = (Array.isArray(current) ? current : [String(current)]).join(', ');
  if (!/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(values)) reply.header('vary', `${values}, accept-encoding`);
}

/** A strong `"<version>"` ETag becomes `"<version>-<encoding>"` once the answer is compressed. */
const tagPerEncoding: onSendHookHandler = async (_request, reply, payload) => {
  const encoding = reply.getHeader('content-encoding');
  const etag = reply.getHeader('etag');
  if ((encoding === 'br' || encoding === 'gzip') && typeof etag === 'string' && /^"\d+"$/.test(etag)) {
    reply.header('etag', `${etag.slice(0, -1)}-${encoding}"`);
  }
  return payload;
};

function appendOnSend(routeOptions: RouteOptions, hook: onSendHookHandler): void {
  const current = routeOptions.onSend;
  routeOptions.onSend = current === undefined ? [hook] : Array.isArray(current) ? [...current, hook] : [current, hook];
}

/** Register before any route: the route hooks are set as each route is added. */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Only API routes are compressed on the fly; this runs before @fastify/compress's own onRoute hook sees the route.
  app.addHook('onRoute', (routeOptions) => {
    if (!isApiUrl(routeOptions.url)) routeOptions.compress = false;
  });

  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: [...ENCODINGS],
    threshold: COMPRESSION_THRESHOLD,
    brotliOptions,
    zlibOptions: gzipOptions,
    customTypes: isCompressibleType,
  });

  // After @fastify/compress's onRoute hook: this route onSend hook runs after its own, when Content-Encoding is known.
  app.addHook('onRoute', (routeOptions) => {
    if (isApiUrl(routeOptions.url)) appendOnSend(routeOptions, tagPerEncoding);
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (
      reply.statusCode === 304 ||
      reply.hasHeader('content-encoding') ||
      isCompressibleType(typeof type === 'string' ? type : undefined)
    ) {
      varyOnEncoding(reply);
    }
    return payload;
  });
}
