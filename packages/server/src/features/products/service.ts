import { asciiLower } from '../../db/ascii-lower';
import { randomInt, randomUUID } from 'node:crypto';
import {
  makeSku,
  MESSAGES,
  skuMatchKey,
  type Product,
  type ProductFieldsBody,
  toCents,
  type ProductUpdateFieldsBody,
} from '@inventory/contract';
import type { Kysely } from 'kysely';
import { type Database, type Db, isUniqueViolation } from '../../db';
import { writeTransaction } from '../../db/write-transaction';
import { resolveCategoryName } from '../../categories/resolve';
import { insertProduct, moveStock, reorderPointChanged } from '../../stock/ledger';
import { checkIfMatch, type IfMatch } from '../../http/etag';
import { HttpError } from '../../http/errors';
import type { PublicUrls } from '../../public-urls';
import type { ProcessedImage } from '../../uploads/images';
import type { StoredUpload, UploadService } from '../../uploads/service';
import type { StoreContext } from '../../stores/access';
import { auditOf, changedBy, createdBy } from '../../stores/audit';
import { createProductBulk } from './bulk';
import { editedColumns } from './edited-columns';
import { toProduct } from './mapping';
import { createProductRemoval } from './removal';
import { sanitizeDescription } from './sanitize';

export interface ProductServiceOptions {
  db: Db;
  uploads: UploadService;
  /** The URLs products are answered with (images). */
  urls: PublicUrls;
  now?: () => Date;
}

/** A product with the version its ETag names. */
export interface VersionedProduct {
  product: Product;
  version: number;
}

/** How many SKUs a create without one makes at most before a clash answers 409 (each attempt a moment later). */
const MADE_SKU_ATTEMPTS = 10;

/** How often an update without If-Match re-reads after losing a race before giving up with 409. */
const UNCONDITIONAL_RETRIES = 3;

/**
 * Products of one store each. Writes are all or nothing: the image is stored first, then the row; a row that fails
 * removes the image it would have named, and a replaced image is removed only after the new row is committed.
 */
export function createProductService({ db, uploads, urls, now = () => new Date() }: ProductServiceOptions) {
  const removal = createProductRemoval({ db, now, removeImage: (name) => uploads.removeQuietly(name) });
  const shape = (row: Parameters<typeof toProduct>[0]) => toProduct(row, urls);
  const findOwned = (storeId: string, id: string) =>
    db.selectFrom('products').selectAll().where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst();
  /** A single-item answer: the product with who created and last changed it. */
  const answer = async (row: Parameters<typeof toProduct>[0] & Parameters<typeof auditOf>[1], version: number): Promise<VersionedProduct> => ({
    product: { ...shape(row), ...(await auditOf(db, row)) },
    version,
  });

  const notFound = () => new HttpError(404, MESSAGES.productNotFound);

  /** The store's product whose SKU is `sku` whatever its ASCII case (migration 0017's unique index), if any. */
  const holderOfSku = (storeId: string, sku: string) => {
    return db.selectFrom('products').select(['name', 'sku']).where('store_id', '=', storeId).where(asciiLower(db, 'sku'), '=', skuMatchKey(sku)).executeTakeFirst();
  };

  /**
   * A write refused by the unique index of SKUs or of barcodes (two creates racing for one SKU, through any process)
   * answers 409 naming the product that has it; the database error stays its cause, so an Idempotency-Key's race still finds its
   * winner. Any other error is thrown as it is.
   */
  async function identityClash(storeId: string, wrote: { id: string; sku?: string; barcode?: string | null }, error: unknown): Promise<never> {
    if (!isUniqueViolation(error)) throw error;
    const sku = wrote.sku === undefined ? undefined : await holderOfSku(storeId, wrote.sku);
    if (sku) throw Object.assign(new HttpError(409, MESSAGES.skuTaken(sku.sku, sku.name)), { cause: error });
    const barcode = wrote.barcode
      ? await db.selectFrom('products').select('name').where('store_id', '=', storeId).where('barcode', '=', wrote.barcode).where('id', '!=', wrote.id).executeTakeFirst()
      : undefined;
    if (barcode) throw Object.assign(new HttpError(409, MESSAGES.barcodeTaken(wrote.barcode!, barcode.name)), { cause: error });
    throw error;
  }

  /** Store the image (if any); run `write`; remove the stored image again when `write` fails. */
  async function withImage<T>(store: StoreContext, image: ProcessedImage | null, write: (stored: StoredUpload | null) => Promise<T>): Promise<T> {
    const stored = image ? await uploads.save(store.actor.userId, image, 'product', store.storeId) : null;
    try {
      return await write(stored);
    } catch (error) {
      if (stored) await uploads.removeQuietly(stored.name);
      throw error;
    }
  }

  const imageColumns = (stored: StoredUpload, image: ProcessedImage) => ({
    image_name: stored.name,
    image_file_name: image.fileName,
    image_type: stored.type,
    image_size: stored.size,
  });

  return {
    async get(storeId: string, id: string): Promise<VersionedProduct> {
      const row = await findOwned(storeId, id);
      if (!row) throw notFound();
      return answer(row, row.version);
    },

    /** Create: SKU as sent (or made; unique in the store), description sanitized, image stored, then the row. */
    /**
     * The row, its opening movement and (with `remember`) the Idempotency-Key's answer are written in one transaction.
     */
    async create(
      store: StoreContext,
      fields: ProductFieldsBody,
      image: ProcessedImage | null,
      remember?: (trx: Kysely<Database>, created: VersionedProduct) => Promise<void>,
    ): Promise<VersionedProduct> {
      const at = now();
      // Any SKU the schema passed (validateSku); none: SPEC.md's, as its client makes it.
      let sku = fields.sku ?? makeSku(fields.category, at.getTime());
      const description = sanitizeDescription(fields.description);

      return withImage(store, image, async (stored) => {
        const row = {
          id: randomUUID(),
          store_id: store.storeId,
          ...createdBy(store.actor, at),
          name: fields.name,
          sku,
          category: fields.category,
          price_cents: toCents(fields.price),
          quantity: fields.quantity,
          reorder_point: fields.reorderPoint,
          description,
          barcode: fields.barcode,
          mpn: fields.mpn,
          cost: fields.cost === null ? null : toCents(fields.cost),
          image_name: null,
          image_file_name: null,
          image_type: null,
          image_size: null,
          ...(stored && image ? imageColumns(stored, image) : {}),
          version: 1,
        };
        for (let attempt = 1; ; attempt += 1) {
          const answered = await answer({ ...row, sku, low_alerted: 0, archived_at: null, archived_by: null }, row.version);
          try {
            return await writeTransaction(db, async (trx) => {
              // The store's spelling of the category written (0032), first: the lock order of categories/resolve.ts.
              const category = await resolveCategoryName(trx, store.storeId, fields.category, at);
              const created = { ...answered, product: { ...answered.product, category } };
              await insertProduct(trx, { storeId: store.storeId, reason: 'created', actor: store.actor, at }, { ...row, category, sku });
              await remember?.(trx, created);
              return created;
            });
          } catch (error) {
            // A made SKU taken by a product made in the same millisecond (or an import's): made again, a little later.
            if (fields.sku === undefined && attempt < MADE_SKU_ATTEMPTS && isUniqueViolation(error) && (await holderOfSku(store.storeId, sku))) {
              sku = makeSku(fields.category, at.getTime() + attempt + randomInt(1_000 * attempt));
              continue;
            }
            return identityClash(store.storeId, { id: row.id, sku, barcode: row.barcode }, error);
          }
        }
      });
    },

    /** The product as it is now, checked against If-Match; 404 when it is not this store's. */
    async current(storeId: string, id: string, ifMatch: IfMatch) {
      const row = await findOwned(storeId, id);
      if (!row) throw notFound();
      checkIfMatch(ifMatch, row.version);
      return row;
    },

    /**
     * Update the fields (the SKU never changes) and, with a new image, replace the old one. The row is written only if
     * it is still at the version read (`where version = ?`), so two writers never overwrite each other silently: with
     * If-Match the loser gets 409; without it (last write wins) the write is retried on the newer version.
     */
    async update(store: StoreContext, id: string, fields: ProductUpdateFieldsBody, image: ProcessedImage | null, ifMatch: IfMatch): Promise<VersionedProduct> {
      const { storeId } = store;
      const description = sanitizeDescription(fields.description);
      // 404 and 409 before anything is stored.
      let row = await this.current(storeId, id, ifMatch);

      const { written, replaced } = await withImage(store, image, async (stored) => {
        for (let attempt = 0; ; attempt += 1) {
          const at = now();
          const changes = {
            ...editedColumns(fields),
            description,
            ...(stored && image ? imageColumns(stored, image) : {}),
            ...changedBy(store.actor, at),
            version: row.version + 1,
          };
          // The fields at the version read; then the quantity, as a movement of the difference to what is in stock
          // now (an order placed meanwhile is not written over), in the same transaction.
          const written = await writeTransaction(db, async (trx) => {
            // The store's spelling of the category, before the product's row: the lock order of categories/resolve.ts.
            const category = await resolveCategoryName(trx, storeId, fields.category, at);
            const result = await trx
              .updateTable('products')
              .set({ ...changes, category })
              .where('id', '=', id)
              .where('store_id', '=', storeId)
              .where('version', '=', row.version)
              .returningAll()
              .executeTakeFirst();
            if (!result) return null;
            const move = { storeId, productId: id, actor: store.actor, at };
            const change = fields.quantity - Number(result.quantity);
            const after = change === 0 ? null : await moveStock(trx, { ...move, change, reason: 'edited', bumpVersion: false });
            if (after === null && fields.reorderPoint !== undefined && fields.reorderPoint !== row.reorder_point) {
              await reorderPointChanged(trx, move);
            }
            return { ...result, ...(after ? { quantity: after.quantity, version: after.version } : {}) };
          }).catch((error: unknown) => identityClash(storeId, { id, barcode: fields.barcode }, error));
          if (written) return { written, replaced: stored ? row.image_name : null };
          const latest = await findOwned(storeId, id);
          if (!latest) throw notFound();
          if ((ifMatch !== null && ifMatch !== '*') || attempt >= UNCONDITIONAL_RETRIES) throw new HttpError(409, MESSAGES.editConflict);
          row = latest;
        }
      });
      // Only now that the new row is committed does the old image go.
      await uploads.removeQuietly(replaced);
      return answer(written, written.version);
    },

    ...removal,

    /** The single-item answer of a row written elsewhere (a restore). */
    answerOf: (row: Parameters<typeof answer>[0]) => answer(row, row.version),

    bulk: createProductBulk({ db, now, removeImage: (name) => uploads.removeQuietly(name) }),
  };
}

export type ProductService = ReturnType<typeof createProductService>;
