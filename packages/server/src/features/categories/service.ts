import {
  type Category,
  type CategoryListAnswer,
  type CategoryListQuery,
  CATEGORY_LIST_MAX,
  categoryKey,
  categoryMergeRefusal,
  categoryName,
  categoryRenameRefusal,
  MESSAGES,
} from '@inventory/contract';
import { type Kysely, sql } from 'kysely';
import { type Database, type Db, isUniqueViolation } from '../../db';
import { isPostgres } from '../../db/json-rows';
import { writeTransaction } from '../../db/write-transaction';
import { HttpError } from '../../http/errors';
import type { StoreContext } from '../../stores/access';
import { changedBy } from '../../stores/audit';
import { lockStore } from '../../stores/lock-store';

export interface CategoryServiceOptions {
  db: Db;
  now?: () => Date;
}

/** Product ids per statement when a rename or merge locks and moves a category's products. */
const IDS_PER_STATEMENT = 500;

/**
 * A store's categories (docs/decisions/0032-categories.md): listed with their product counts (the figures of
 * `store_categories`, kept by the product triggers), renamed and merged. A rename or merge rewrites every product of
 * the category in one transaction, each product stamped with who did it and given a new version.
 *
 * Lock order on PostgreSQL (0023, as categories/resolve.ts): the store row (key share: a deleted store answers 404),
 * the products table in ROW EXCLUSIVE mode (waits for an import under way), the category rows by id (`for update`: a
 * product write naming them waits), then every product of the category by id, all of them before the first is
 * written, then the counters through the triggers. An order takes its product and then the counters, so it waits for
 * the merge or the merge for it, never both.
 */
export function createCategoryService({ db, now = () => new Date() }: CategoryServiceOptions) {
  const postgres = isPostgres(db);
  const byteOrder = (column: string) => sql.raw(postgres ? `${column} collate "C"` : column);

  /** Categories with their product counts (`store_categories` is keyed by the spelling, which products carry). */
  const withCounts = (reader: Kysely<Database>, storeId: string) =>
    reader
      .selectFrom('categories as c')
      .leftJoin('store_categories as s', (join) => join.onRef('s.store_id', '=', 'c.store_id').onRef('s.category', '=', 'c.name'))
      .select(['c.id', 'c.name', 'c.key', 'c.created_at', 'c.updated_at', sql<number | string | null>`s.products`.as('products')])
      .where('c.store_id', '=', storeId);

  const toCategory = (row: { id: string; name: string; created_at: string; updated_at: string; products: number | string | null }): Category => ({
    _id: row.id,
    name: row.name,
    products: Number(row.products ?? 0),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });

  async function answerOf(reader: Kysely<Database>, storeId: string, id: string): Promise<Category> {
    return toCategory(await withCounts(reader, storeId).where('c.id', '=', id).executeTakeFirstOrThrow());
  }

  /**
   * The ids of a category's products, whatever their stock, archived ones too (restored, they are in the category's
   * new name): an active product is in stock or out of it, each a range of a category index of migrations 0009 and
   * 0026 (a plain `category = ?` is no partial index's); archived ones are the store's archived range (0026).
   */
  async function productIdsOf(trx: Kysely<Database>, storeId: string, category: string): Promise<string[]> {
    const { rows } = await sql<{ id: string }>`
      select id from products where store_id = ${storeId} and category = ${category} and quantity > 0 and archived_at is null
      union all
      select id from products where store_id = ${storeId} and category = ${category} and quantity = 0 and archived_at is null
      union all
      select id from products where store_id = ${storeId} and archived_at is not null and category = ${category}`.execute(trx);
    return rows.map((row) => row.id).sort();
  }

  /**
   * Move every product of `from` to the spelling `to`: locked first, all of them by id (PostgreSQL), then written a
   * chunk at a time. Only rows still in `from` move; none can join it meanwhile (its row is held `for update`).
   */
  async function moveProducts(trx: Kysely<Database>, store: StoreContext, from: string, to: string, at: Date): Promise<number> {
    const ids = await productIdsOf(trx, store.storeId, from);
    const chunks: string[][] = [];
    for (let start = 0; start < ids.length; start += IDS_PER_STATEMENT) chunks.push(ids.slice(start, start + IDS_PER_STATEMENT));
    if (postgres)
      for (const chunk of chunks)
        await trx.selectFrom('products').select('id').where('store_id', '=', store.storeId).where('id', 'in', chunk).orderBy('id').forUpdate().execute();
    let moved = 0;
    for (const chunk of chunks) {
      const result = await trx
        .updateTable('products')
        .set((eb) => ({ category: to, version: eb('version', '+', 1), ...changedBy(store.actor, at) }))
        .where('store_id', '=', store.storeId)
        .where('id', 'in', chunk)
        .where('category', '=', from)
        .executeTakeFirst();
      moved += Number(result.numUpdatedRows);
    }
    return moved;
  }

  /** The store, then the products table, then these categories by id, held for the rest of the transaction. */
  async function lockCategories(trx: Kysely<Database>, storeId: string, ids: string[]) {
    await lockStore(trx, storeId);
    if (postgres) await sql`lock table products in row exclusive mode`.execute(trx);
    let query = trx.selectFrom('categories').selectAll().where('store_id', '=', storeId).where('id', 'in', ids).orderBy('id');
    if (postgres) query = query.forUpdate();
    return query.execute();
  }

  return {
    /** Every category matching `q` (key contains its key), in key order, at most `limit`. */
    async list(storeId: string, query: CategoryListQuery): Promise<CategoryListAnswer> {
      const wanted = query.q === undefined ? '' : categoryKey(query.q);
      let items = withCounts(db, storeId);
      let count = db.selectFrom('categories as c').select((eb) => eb.fn.countAll<number | string>().as('total')).where('c.store_id', '=', storeId);
      if (wanted !== '') {
        const contains = postgres ? sql<boolean>`strpos(c.key, ${wanted}) > 0` : sql<boolean>`instr(c.key, ${wanted}) > 0`;
        items = items.where(contains);
        count = count.where(contains);
      }
      const [rows, total] = await Promise.all([
        items.orderBy(byteOrder('c.key')).limit(Math.min(query.limit ?? CATEGORY_LIST_MAX, CATEGORY_LIST_MAX)).execute(),
        count.executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toCategory), total: Number(total.total) };
    },

    /**
     * A new name for the category and all its products. The name of another category (by key) is a merge: 409. The
     * same name answers the category unchanged.
     */
    async rename(store: StoreContext, id: string, written: string): Promise<Category> {
      const { storeId } = store;
      const name = categoryName(written);
      const key = categoryKey(written);
      try {
        return await writeTransaction(db, async (trx) => {
          const [category] = await lockCategories(trx, storeId, [id]);
          const holder = await trx.selectFrom('categories').select(['id as _id', 'name']).where('store_id', '=', storeId).where('key', '=', key).executeTakeFirst();
          const refusal = categoryRenameRefusal({ category: category && { _id: category.id }, name, holder });
          if (refusal) throw new HttpError(refusal.status, refusal.message);
          if (category!.name === name) return answerOf(trx, storeId, id);
          const at = now();
          await trx.updateTable('categories').set({ name, key, updated_at: at.toISOString() }).where('id', '=', id).execute();
          await moveProducts(trx, store, category!.name, name, at);
          return answerOf(trx, storeId, id);
        });
      } catch (error) {
        // Two renames onto one new name at once (PostgreSQL): the unique key refused the second.
        if (!isUniqueViolation(error)) throw error;
        const holder = await db.selectFrom('categories').select('name').where('store_id', '=', storeId).where('key', '=', key).executeTakeFirst();
        throw Object.assign(new HttpError(409, MESSAGES.categoryNameTaken(holder?.name ?? name)), { cause: error });
      }
    },

    /** Every product of the category moves into `into`, and the category is gone; how many moved. */
    async merge(store: StoreContext, id: string, into: string): Promise<{ moved: number; into: Category }> {
      const { storeId } = store;
      return writeTransaction(db, async (trx) => {
        const locked = id === into ? await lockCategories(trx, storeId, [id]) : await lockCategories(trx, storeId, [id, into]);
        const source = locked.find((row) => row.id === id);
        const target = locked.find((row) => row.id === into);
        const refusal = categoryMergeRefusal({ source: source && { _id: source.id }, target: target && { _id: target.id }, into });
        if (refusal) throw new HttpError(refusal.status, refusal.message);
        const at = now();
        const moved = await moveProducts(trx, store, source!.name, target!.name, at);
        await trx.deleteFrom('categories').where('id', '=', id).execute();
        await trx.updateTable('categories').set({ updated_at: at.toISOString() }).where('id', '=', into).execute();
        return { moved, into: await answerOf(trx, storeId, into) };
      });
    },
  };
}

export type CategoryService = ReturnType<typeof createCategoryService>;
