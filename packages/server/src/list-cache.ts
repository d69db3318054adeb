import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from './db';
import { COMPRESSION_THRESHOLD, compressBody, type Encoding, negotiateEncoding } from './http/compression';
import { LIST_BATCH_ROWS, listStream, readListBatch, type RowOf, serialiseRows } from './list-stream';

/** The two per-store lists served from the cache; each is a counter column of `store_versions`. */
export type ListKind = 'products' | 'orders';

/** Default bound of the serialised lists one process keeps (all users, both kinds). */
export const LIST_CACHE_MAX_BYTES = 64 * 1024 * 1024;

interface Entry {
  tag: string;
  body: Buffer;
  /** The body compressed, per encoding, made on first demand (a promise while it is being made). */
  variants: Map<Encoding, Promise<Buffer>>;
  /** Bytes of `body` and of the finished variants. */
  bytes: number;
}

/**
 * The serialised bodies of GET /api/products and GET /api/orders, per store and kind, with their br and gzip forms,
 * least recently used dropped first once their total size passes `maxBytes`. An entry is only ever served for the
 * exact tag it was stored under, and the tag is read from the database on every request, so it is correct across
 * processes.
 *
 * A list whose JSON is larger than `entryLimit` (a quarter of the bound: one store's list never pushes out most of
 * the others) is streamed from the database on every request instead (sendList below); the cache remembers which lists
 * were too large so that concurrent requests do not each collect bytes that will be thrown away.
 */
export function createListCache(maxBytes = LIST_CACHE_MAX_BYTES) {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const entries = new Map<string, Entry>();
  /** Lists last seen larger than `entryLimit`. */
  const oversized = new Set<string>();
  /** Lists a stream is collecting for the cache right now (one at a time per list). */
  const collecting = new Set<string>();
  let bytes = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };
  const trim = () => {
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
  };

  return {
    maxBytes,
    entryLimit: Math.floor(maxBytes / 4),
    get(key: string, tag: string): Buffer | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.tag !== tag) {
        drop(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry.body;
    },
    set(key: string, tag: string, body: Buffer): void {
      drop(key);
      if (body.length > maxBytes) return;
      entries.set(key, { tag, body, variants: new Map(), bytes: body.length });
      bytes += body.length;
      trim();
    },
    /**
     * The cached body of `key` at `tag` compressed with `encoding`, made once per entry and encoding (in the thread
     * pool) and counted in the bound; undefined when no such entry is cached.
     */
    variant(key: string, tag: string, encoding: Encoding): Promise<Buffer> | undefined {
      const entry = entries.get(key);
      if (!entry || entry.tag !== tag) return undefined;
      let made = entry.variants.get(encoding);
      if (!made) {
        made = compressBody(encoding, entry.body);
        entry.variants.set(encoding, made);
        made.then(
          (compressed) => {
            if (entries.get(key) !== entry) return;
            entry.bytes += compressed.length;
            bytes += compressed.length;
            trim();
          },
          () => entry.variants.delete(encoding),
        );
      }
      return made;
    },
    /** Start collecting a streamed list for the cache: false when it is known to be too large or is being collected. */
    claim(key: string): boolean {
      if (oversized.has(key) || collecting.has(key)) return false;
      collecting.add(key);
      return true;
    },
    release(key: string): void {
      collecting.delete(key);
    },
    /** Remember (or forget) that a list's JSON is larger than `entryLimit`. */
    markOversized(key: string, tooLarge: boolean): void {
      if (tooLarge) oversized.add(key);
      else oversized.delete(key);
    },
    has: (key: string) => entries.has(key),
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}

export type ListCache = ReturnType<typeof createListCache>;

/** The list's current tag (`<epoch>.<counter>`), or null for a store without a version row (then nothing is cached). */
export async function listTag(db: Db, storeId: string, kind: ListKind): Promise<string | null> {
  const row = await db
    .selectFrom('store_versions')
    .select(['epoch', 'products', 'orders'])
    .where('store_id', '=', storeId)
    .executeTakeFirst();
  if (!row) return null;
  return `${row.epoch}.${Number(row[kind])}`;
}

/** Whether If-None-Match names `etag` (weak comparison; `*` matches). */
function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === opaque;
  });
}

export interface ListOptions<K extends ListKind> {
  db: Db;
  cache: ListCache;
  kind: K;
  storeId: string;
  /**
   * Which form of the list this caller gets, when roles see different fields ('' or absent: the full one): a cache
   * entry and an ETag of its own, so a 304 or a cached body never hands one role what another sees
   * (docs/decisions/0031-product-cost.md).
   */
  view?: string;
  /** The row as the list answers it (the feature's mapper). */
  map(row: RowOf<K>): unknown;
}

/**
 * Answer a list GET: the tag first (one primary-key read), then 304 for a matching If-None-Match, the cached bytes
 * when the tag still matches, else the list read after the tag (so what is kept is never older than the tag it is kept
 * under). `Cache-Control: private, no-cache` makes a browser revalidate every time, so it never shows a list older than
 * the database.
 *
 * A list of fewer rows than one batch is serialised at once and kept, as before. A longer one is streamed from the
 * database batch by batch (list-stream.ts) while its bytes are collected for the cache up to `entryLimit`; past that
 * the collection is dropped and the list is streamed on every request. The bytes are the same either way.
 */
export async function sendList<K extends ListKind>(request: FastifyRequest, reply: FastifyReply, { db, cache, kind, storeId, view = '', map }: ListOptions<K>) {
  const tag = await listTag(db, storeId, kind);
  reply.header('content-type', 'application/json; charset=utf-8');
  const key = view === '' ? `${kind}:${storeId}` : `${kind}:${storeId}:${view}`;
  if (tag !== null) {
    const etag = `W/"${kind === 'products' ? 'p' : 'o'}${tag}${view === '' ? '' : `-without-${view}`}"`;
    reply.header('etag', etag).header('cache-control', 'private, no-cache');
    if (notModified(request, etag)) return reply.status(304).send();
    const cached = cache.get(key, tag);
    if (cached) return sendCached(request, reply, cache, key, tag, cached);
  }

  const first = await readListBatch(db, kind, storeId, null);
  if (first.length < LIST_BATCH_ROWS) {
    const body = Buffer.from(`[${serialiseRows(first, map)}]`);
    if (tag === null) return reply.send(body);
    cache.set(key, tag, body);
    return sendCached(request, reply, cache, key, tag, body);
  }

  // HEAD: the headers of the GET, without reading the rest of the list only to throw it away.
  if (request.method === 'HEAD') return reply.send(Readable.from([]));

  // Too long to read at once: stream it, keeping a copy for the cache while it stays under the entry limit.
  let kept: Buffer[] | null = tag !== null && cache.claim(key) ? [] : null;
  const claimed = kept !== null;
  let size = 0;
  const stream = listStream({
    db,
    table: kind,
    storeId,
    first,
    map,
    onChunk(chunk) {
      size += chunk.length;
      if (kept === null) return;
      if (size > cache.entryLimit) {
        kept = null;
        cache.markOversized(key, true);
      } else kept.push(chunk);
    },
    onClose(complete) {
      if (claimed) cache.release(key);
      if (!complete || tag === null) return;
      if (kept !== null) cache.set(key, tag, Buffer.concat(kept));
      // A list that was too large once is tried again for the cache once it has shrunk under the limit.
      else if (size <= cache.entryLimit) cache.markOversized(key, false);
      kept = null;
    },
  });
  return reply.send(stream);
}

/**
 * Send a cached body, compressed when the client accepts it: the compressed forms are cached with the body, so a list
 * is compressed once per version, not once per request. Content-Encoding set here tells @fastify/compress to leave it.
 */
async function sendCached(request: FastifyRequest, reply: FastifyReply, cache: ListCache, key: string, tag: string, body: Buffer) {
  const encoding = body.length >= COMPRESSION_THRESHOLD ? negotiateEncoding(request) : null;
  const compressed = encoding ? cache.variant(key, tag, encoding) : undefined;
  if (!encoding || !compressed) return reply.send(body);
  const bytes = await compressed;
  return reply.header('content-encoding', encoding).send(bytes);
}
