import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import type { Db } from '../db';

/** Where the bytes of uploads live. Names are always server-generated (`<uuid>.<ext>`), never a client's path. */
export interface UploadStore {
  put(name: string, bytes: Buffer, type: string): Promise<void>;
  get(name: string): Promise<{ bytes: Buffer; type: string } | null>;
  delete(name: string): Promise<void>;
}

/** A generated upload name: a v4-style UUID and jpg or png. */
export const UPLOAD_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png)$/;

export function isUploadName(name: string): boolean {
  return UPLOAD_NAME.test(name);
}

function checkedName(name: string): string {
  if (!isUploadName(name)) throw new Error(`Not an upload name: ${JSON.stringify(name)}`);
  return name;
}

const TYPE_BY_EXT: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png' };

/** SQLite: files under DATA_DIR/uploads, written to a temp name and renamed so a reader never sees half a file. */
export function createFileStore(dir: string): UploadStore {
  const file = (name: string) => path.join(dir, checkedName(name));
  return {
    async put(name, bytes) {
      await mkdir(dir, { recursive: true });
      const target = file(name);
      const temp = `${target}.tmp`;
      await writeFile(temp, bytes, { flag: 'wx' });
      await rename(temp, target);
    },
    async get(name) {
      try {
        const bytes = await readFile(file(name));
        return { bytes, type: TYPE_BY_EXT[name.split('.').pop() ?? ''] ?? 'application/octet-stream' };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(name) {
      await rm(file(name), { force: true });
    },
  };
}

/**
 * PostgreSQL: the bytes in `uploads.data`, next to their metadata row, so every server process on the database
 * reaches them. `put` fills the row the upload service inserted first.
 */
export function createDbStore(db: Db): UploadStore {
  return {
    async put(name, bytes) {
      const result = await db.updateTable('uploads').set({ data: bytes }).where('name', '=', checkedName(name)).executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw new Error(`No upload row for ${name}`);
    },
    async get(name) {
      const row = await db.selectFrom('uploads').select(['data', 'content_type']).where('name', '=', checkedName(name)).executeTakeFirst();
      return row?.data ? { bytes: row.data, type: row.content_type } : null;
    },
    async delete(name) {
      await db.updateTable('uploads').set({ data: null }).where('name', '=', checkedName(name)).execute();
    },
  };
}

/** Where the bytes of uploads live for this configuration (the server, backup and restore all ask here). */
export function uploadStoreFor(config: Config, db: Db): UploadStore {
  return config.database.kind === 'postgres' ? createDbStore(db) : createFileStore(path.join(config.dataDir, 'uploads'));
}
