import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from './db';

/** The two per-store lists served from the cache; each is a counter column of `store_versions`. */
export type ListKind = 'products' | 'orders';

/** Default bound of the serialised lists one process keeps (all users, both kinds). */
export const LIST_CACHE_MAX_BYTES = 64 * 1024 * 1024;

interface Entry {
  tag: string;
  body: Buffer;
}

/**
 * The serialised bodies of GET /api/products and GET /api/orders, per store and kind, least recently used dropped
 * first once their total size passes `maxBytes`. An entry is only ever served for the exact tag it was stored
 * under, and the tag is read from the database on every request, so it is correct across processes.
 */
export function createListCache(maxBytes = LIST_CACHE_MAX_BYTES) {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.body.length;
  };

  return {
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
      entries.set(key, { tag, body });
      bytes += body.length;
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        drop(oldest);
      }
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

export interface ListOptions {
  db: Db;
  cache: ListCache;
  kind: ListKind;
  storeId: string;
  /** The list as it is now; read after the tag, so what is stored is never older than the tag it is stored under. */
  build(): Promise<unknown>;
}

/**
 * Answer a list GET: the tag first (one primary-key read), then 304 for a matching If-None-Match, the cached bytes
 * when the tag still matches, or the list built, serialised once and kept. `Cache-Control: private, no-cache` makes a
 * browser revalidate every time, so it never shows a list older than the database.
 */
export async function sendList(request: FastifyRequest, reply: FastifyReply, { db, cache, kind, storeId, build }: ListOptions) {
  const tag = await listTag(db, storeId, kind);
  reply.header('content-type', 'application/json; charset=utf-8');
  if (tag === null) return reply.send(JSON.stringify(await build()));

  const etag = `W/"${kind === 'products' ? 'p' : 'o'}${tag}"`;
  reply.header('etag', etag).header('cache-control', 'private, no-cache');
  if (notModified(request, etag)) return reply.status(304).send();

  const key = `${kind}:${storeId}`;
  let body = cache.get(key, tag);
  if (!body) {
    body = Buffer.from(JSON.stringify(await build()));
    cache.set(key, tag, body);
  }
  return reply.send(body);
}
