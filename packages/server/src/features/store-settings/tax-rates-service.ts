import { randomUUID } from 'node:crypto';
import {
  compareTaxRates,
  MESSAGES,
  percentToPpm,
  type TaxRate,
  type TaxRateCreateBody,
  taxRateCreationRefusal,
  type TaxRateUpdateBody,
} from '@inventory/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database, Db } from '../../db';
import { isPostgres } from '../../db/json-rows';
import type { TaxRatesTable } from '../../db/types';
import { writeTransaction } from '../../db/write-transaction';
import { checkIfMatch, type IfMatch } from '../../http/etag';
import { HttpError } from '../../http/errors';
import type { StoreContext } from '../../stores/access';
import { changedBy, createdBy } from '../../stores/audit';
import { lockStore } from '../../stores/lock-store';
import { toTaxRate } from './mapping';

export interface TaxRateServiceOptions {
  db: Db;
  now?: () => Date;
}

/** A tax rate with the version its ETag names. */
export interface VersionedTaxRate {
  rate: TaxRate;
  version: number;
}

type Row = Selectable<TaxRatesTable>;

const versioned = (row: Row): VersionedTaxRate => ({ rate: toTaxRate(row), version: row.version });

/**
 * A store's tax rates (docs/decisions/0038-store-details-and-tax-rates.md). The default is whatever one row says, and
 * the database holds that at most one row of a store does (a partial unique index). Writes that change which rate is
 * the default, or how many rates there are, take the store and then every rate of the store in id order (lockRates;
 * SQLite's write lock), so racing requests, through any number of processes, run one after the other: the last
 * one's rate is the default and exactly one is.
 */
export function createTaxRateService({ db, now = () => new Date() }: TaxRateServiceOptions) {
  const notFound = () => new HttpError(404, MESSAGES.taxRateNotFound);

  /**
   * In a write transaction: the store (still there, or 404), then all its rates, locked in id order. On PostgreSQL the
   * store row is taken `for no key update`: writers of one store's rates queue on it, so a rate another request is
   * adding is seen (locking the rates alone misses one inserted meanwhile, and an empty store has none to lock), while
   * product and order writes, which take it `for key share`, go on.
   */
  async function lockRates(trx: Kysely<Database>, storeId: string): Promise<Row[]> {
    if (isPostgres(trx)) {
      const store = await trx.selectFrom('stores').select('id').where('id', '=', storeId).forNoKeyUpdate().executeTakeFirst();
      if (!store) throw new HttpError(404, MESSAGES.storeNotFound);
    } else await lockStore(trx, storeId);
    let query = trx.selectFrom('tax_rates').selectAll().where('store_id', '=', storeId).orderBy('id');
    if (isPostgres(trx)) query = query.forUpdate();
    return query.execute();
  }

  async function lockOne(trx: Kysely<Database>, storeId: string, id: string): Promise<Row> {
    let query = trx.selectFrom('tax_rates').selectAll().where('id', '=', id).where('store_id', '=', storeId);
    if (isPostgres(trx)) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  /** The store's default stops being one (a new version of it), so another may become it. */
  async function clearDefault(trx: Kysely<Database>, store: StoreContext, rows: Row[], keep: string | null, at: Date) {
    for (const row of rows.filter((rate) => rate.is_default === 1 && rate.id !== keep)) {
      await trx
        .updateTable('tax_rates')
        .set({ is_default: 0, ...changedBy(store.actor, at), version: row.version + 1 })
        .where('id', '=', row.id)
        .execute();
    }
  }

  return {
    /** Every rate of the store (at most MAX_TAX_RATES), in the contract's order. */
    async list(storeId: string): Promise<TaxRate[]> {
      const rows = await db.selectFrom('tax_rates').selectAll().where('store_id', '=', storeId).execute();
      return rows.map(toTaxRate).sort(compareTaxRates);
    },

    async get(storeId: string, id: string): Promise<VersionedTaxRate> {
      const row = await db.selectFrom('tax_rates').selectAll().where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst();
      if (!row) throw notFound();
      return versioned(row);
    },

    async create(store: StoreContext, body: TaxRateCreateBody): Promise<VersionedTaxRate> {
      return writeTransaction(db, async (trx) => {
        const rows = await lockRates(trx, store.storeId);
        const refusal = taxRateCreationRefusal(rows.length);
        if (refusal) throw new HttpError(refusal.status, refusal.message);
        const at = now();
        if (body.isDefault) await clearDefault(trx, store, rows, null, at);
        const row = await trx
          .insertInto('tax_rates')
          .values({
            id: randomUUID(),
            store_id: store.storeId,
            name: body.name,
            rate_ppm: percentToPpm(body.percent),
            is_default: body.isDefault ? 1 : 0,
            ...createdBy(store.actor, at),
            version: 1,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return versioned(row);
      });
    },

    /** The name or percent sent, at the version read (If-Match). */
    async update(store: StoreContext, id: string, body: TaxRateUpdateBody, ifMatch: IfMatch): Promise<VersionedTaxRate> {
      return writeTransaction(db, async (trx) => {
        const row = await lockOne(trx, store.storeId, id);
        checkIfMatch(ifMatch, row.version);
        const written = await trx
          .updateTable('tax_rates')
          .set({
            ...(body.name === undefined ? {} : { name: body.name }),
            ...(body.percent === undefined ? {} : { rate_ppm: percentToPpm(body.percent) }),
            ...changedBy(store.actor, now()),
            version: row.version + 1,
          })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return versioned(written);
      });
    },

    /** No document names a rate yet: it is deleted (the default too, leaving the store without one). */
    async remove(store: StoreContext, id: string, ifMatch: IfMatch): Promise<void> {
      await writeTransaction(db, async (trx) => {
        const row = await lockOne(trx, store.storeId, id);
        checkIfMatch(ifMatch, row.version);
        await trx.deleteFrom('tax_rates').where('id', '=', id).execute();
      });
    },

    /** This rate becomes the default and the one before stops being it, in one transaction. */
    async setDefault(store: StoreContext, id: string, ifMatch: IfMatch): Promise<VersionedTaxRate> {
      return writeTransaction(db, async (trx) => {
        const rows = await lockRates(trx, store.storeId);
        const row = rows.find((rate) => rate.id === id);
        if (!row) throw notFound();
        checkIfMatch(ifMatch, row.version);
        if (row.is_default === 1) return versioned(row);
        const at = now();
        await clearDefault(trx, store, rows, id, at);
        const written = await trx
          .updateTable('tax_rates')
          .set({ is_default: 1, ...changedBy(store.actor, at), version: row.version + 1 })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return versioned(written);
      });
    },
  };
}

export type TaxRateService = ReturnType<typeof createTaxRateService>;
