import type { StoreSettings, StoreSettingsUpdateBody } from '@inventory/contract';
import { type Kysely, type Selectable } from 'kysely';
import type { Database, Db } from '../../db';
import { isPostgres } from '../../db/json-rows';
import type { StoreSettingsTable } from '../../db/types';
import { writeTransaction } from '../../db/write-transaction';
import { checkIfMatch, type IfMatch } from '../../http/etag';
import type { PublicUrls } from '../../public-urls';
import type { StoreContext } from '../../stores/access';
import { auditOf, changedBy } from '../../stores/audit';
import { lockStore } from '../../stores/lock-store';
import type { ProcessedImage } from '../../uploads/images';
import type { UploadService } from '../../uploads/service';
import { storeSettingsColumns, toStoreSettings, UNSAVED_SETTINGS } from './mapping';

export interface StoreSettingsServiceOptions {
  db: Db;
  uploads: UploadService;
  urls: PublicUrls;
  now?: () => Date;
}

/** The settings with the version their ETag names (0 while the store has saved none). */
export interface VersionedSettings {
  settings: StoreSettings;
  version: number;
}

type Row = Selectable<StoreSettingsTable>;

/**
 * A store's details for its documents (docs/decisions/0038-store-details-and-tax-rates.md). The row is made by the
 * first write; until then the store answers the contract's defaults at version 0. Every write takes the store (it
 * must still exist), then the settings row (`for update` on PostgreSQL; SQLite's write lock), checks If-Match
 * against its version and writes the next one, so two saves never lose one another silently.
 */
export function createStoreSettingsService({ db, uploads, urls, now = () => new Date() }: StoreSettingsServiceOptions) {
  async function answer(reader: Kysely<Database>, row: Row | undefined): Promise<VersionedSettings> {
    if (!row) return { settings: UNSAVED_SETTINGS, version: 0 };
    const updatedBy =
      row.updated_by === null
        ? null
        : (await auditOf(reader, { user_id: row.updated_by, created_by_token: row.updated_by_token, updated_by: row.updated_by, updated_by_token: row.updated_by_token })).updatedBy;
    return { settings: { ...toStoreSettings(row, urls), updatedBy }, version: row.version };
  }

  /** In a write transaction: the store, then its settings row (made now if it was never saved), locked. */
  async function lockedRow(trx: Kysely<Database>, storeId: string): Promise<Row> {
    await lockStore(trx, storeId);
    await trx.insertInto('store_settings').values({ store_id: storeId }).onConflict((conflict) => conflict.column('store_id').doNothing()).execute();
    let query = trx.selectFrom('store_settings').selectAll().where('store_id', '=', storeId);
    if (isPostgres(trx)) query = query.forUpdate();
    return query.executeTakeFirstOrThrow();
  }

  /** One write of the row at the version read (If-Match): `change` gives the columns; answers the row before too. */
  async function write(store: StoreContext, ifMatch: IfMatch, change: (row: Row) => Partial<Row>): Promise<{ answer: VersionedSettings; before: Row }> {
    return writeTransaction(db, async (trx) => {
      const before = await lockedRow(trx, store.storeId);
      checkIfMatch(ifMatch, before.version);
      const written = await trx
        .updateTable('store_settings')
        .set({ ...change(before), ...changedBy(store.actor, now()), version: before.version + 1 })
        .where('store_id', '=', store.storeId)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { answer: await answer(trx, written), before };
    });
  }

  return {
    async get(storeId: string): Promise<VersionedSettings> {
      return answer(db, await db.selectFrom('store_settings').selectAll().where('store_id', '=', storeId).executeTakeFirst());
    },

    /** Every setting replaced (the logo aside). */
    async update(store: StoreContext, body: StoreSettingsUpdateBody, ifMatch: IfMatch): Promise<VersionedSettings> {
      return (await write(store, ifMatch, () => storeSettingsColumns(body))).answer;
    },

    /**
     * A new logo: stored first (as a product's image), then named by the settings in their transaction; when that
     * fails the stored image goes again, and once it committed the logo before is deleted.
     */
    async setLogo(store: StoreContext, image: ProcessedImage, ifMatch: IfMatch): Promise<VersionedSettings> {
      const stored = await uploads.save(store.actor.userId, image, 'logo', store.storeId);
      let written: Awaited<ReturnType<typeof write>>;
      try {
        written = await write(store, ifMatch, () => ({ logo_upload: stored.name, logo_file_name: image.fileName }));
      } catch (error) {
        await uploads.removeQuietly(stored.name);
        throw error;
      }
      await uploads.removeQuietly(written.before.logo_upload);
      return written.answer;
    },

    /** No logo; the one before is deleted once that committed. */
    async removeLogo(store: StoreContext, ifMatch: IfMatch): Promise<VersionedSettings> {
      const written = await write(store, ifMatch, () => ({ logo_upload: null, logo_file_name: null }));
      await uploads.removeQuietly(written.before.logo_upload);
      return written.answer;
    },
  };
}

export type StoreSettingsService = ReturnType<typeof createStoreSettingsService>;
