import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db';
import type { UploadKind } from '../db/types';
import type { ProcessedImage } from './images';
import { isUploadName, type UploadStore } from './store';

export interface StoredUpload {
  name: string;
  type: string;
  size: number;
  /** `/uploads/<name>`: the URL the browser loads it from. */
  url: string;
}

export const UPLOAD_URL_PREFIX = '/uploads/';

export function uploadUrl(name: string): string {
  return `${UPLOAD_URL_PREFIX}${name}`;
}

/** The upload name a `/uploads/<name>` URL points at, or null. */
export function uploadNameOf(url: string): string | null {
  if (!url.startsWith(UPLOAD_URL_PREFIX)) return null;
  const name = url.slice(UPLOAD_URL_PREFIX.length);
  return isUploadName(name) ? name : null;
}

export interface UploadServiceOptions {
  db: Db;
  store: UploadStore;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/** Uploads: metadata (owner, kind, type, size) in the `uploads` table, bytes in the store. */
export function createUploadService({ db, store, log, now = () => new Date() }: UploadServiceOptions) {
  return {
    /** Store a processed image for `userId` under a new generated name: row first, then bytes (row removed if they fail). */
    /** A product image or a logo belongs to its store (`storeId`): every member may load it. */
    async save(userId: string, image: ProcessedImage, kind: UploadKind, storeId: string | null = null): Promise<StoredUpload> {
      const name = `${randomUUID()}.${image.ext}`;
      await db
        .insertInto('uploads')
        .values({
          name,
          user_id: userId,
          store_id: storeId,
          kind,
          content_type: image.type,
          size: image.bytes.length,
          created_at: now().toISOString(),
        })
        .execute();
      try {
        await store.put(name, image.bytes, image.type);
      } catch (error) {
        await db.deleteFrom('uploads').where('name', '=', name).execute().catch(() => undefined);
        throw error;
      }
      return { name, type: image.type, size: image.bytes.length, url: uploadUrl(name) };
    },

    /** Whether `name` is an upload of this user (of this kind, when given). */
    async isOwned(userId: string, name: string, kind?: UploadKind): Promise<boolean> {
      if (!isUploadName(name)) return false;
      let query = db.selectFrom('uploads').select('name').where('name', '=', name).where('user_id', '=', userId);
      if (kind) query = query.where('kind', '=', kind);
      return (await query.executeTakeFirst()) !== undefined;
    },

    /**
     * The bytes of an upload for a reader: a profile photo to its owner, a product image or a store's logo to the
     * members of its store (or a token of that store); null for anyone else or an unknown name.
     */
    async read(reader: { userId: string | null; tokenStoreId: string | null }, name: string): Promise<{ bytes: Buffer; type: string } | null> {
      if (!isUploadName(name)) return null;
      const row = await db.selectFrom('uploads').select(['user_id', 'store_id', 'kind']).where('name', '=', name).executeTakeFirst();
      if (!row) return null;
      let allowed: boolean;
      if ((row.kind === 'product' || row.kind === 'logo') && row.store_id !== null) {
        if (reader.tokenStoreId !== null) allowed = reader.tokenStoreId === row.store_id;
        else
          allowed =
            reader.userId !== null &&
            (await db
              .selectFrom('memberships')
              .select('role')
              .where('store_id', '=', row.store_id)
              .where('user_id', '=', reader.userId)
              .executeTakeFirst()) !== undefined;
      } else allowed = reader.userId !== null && row.user_id === reader.userId;
      return allowed ? store.get(name) : null;
    },

    /** Remove an upload (row and bytes). */
    async remove(name: string): Promise<void> {
      if (!isUploadName(name)) return;
      await store.delete(name);
      await db.deleteFrom('uploads').where('name', '=', name).execute();
    },

    /** Remove after a committed change; a failure is logged, never undoes what the user already saved. */
    async removeQuietly(name: string | null | undefined): Promise<void> {
      if (!name) return;
      try {
        await this.remove(name);
      } catch (error) {
        log.error({ err: error, upload: name }, 'could not remove an upload');
      }
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
