import type { DocumentKind } from '@inventory/contract';
import type { Kysely } from 'kysely';
import type { Database } from './types';

/**
 * The next number of a kind of document in a store, taken in the transaction that writes the document: one counter
 * row per (store, kind), raised by one atomic upsert. Concurrent writers queue on that row (PostgreSQL's row lock,
 * SQLite's write lock), so no two documents get one number; a transaction that rolls back gives its number back, so
 * the numbers have no gaps but those deletes leave. The caller takes it first in its transaction, before its products'
 * locks and the counter rows their triggers update (the lock order of docs/decisions/0023, extended in 0027): taken
 * after them it deadlocked a catalogue order (product → counters → sequence) with a free-text one (sequence → counters).
 */
export async function nextDocumentNumber(trx: Kysely<Database>, storeId: string, kind: DocumentKind): Promise<number> {
  return nextSeriesNumber(trx, storeId, kind);
}

/**
 * The same for a series named beyond its kind: invoices and credit notes numbered per year are `invoice:2026`,
 * `credit_note:2026` (contract billingSeries), a counter row each.
 */
export async function nextSeriesNumber(trx: Kysely<Database>, storeId: string, series: DocumentKind | `${DocumentKind}:${number}`): Promise<number> {
  const kind = series;
  const row = await trx
    .insertInto('store_sequences')
    .values({ store_id: storeId, kind, last_value: 1 })
    .onConflict((oc) => oc.columns(['store_id', 'kind']).doUpdateSet((eb) => ({ last_value: eb('store_sequences.last_value', '+', 1) })))
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return Number(row.last_value);
}

/**
 * `count` consecutive numbers of a kind in one step (the first of them returned): the counter raised by `count` in
 * one upsert, so a write of several documents (the drafts of "Order these") takes its numbers, and the counter's lock,
 * once and first, as `nextDocumentNumber` does for one.
 */
export async function reserveDocumentNumbers(trx: Kysely<Database>, storeId: string, kind: DocumentKind, count: number): Promise<number> {
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError(`A reservation takes 1 number or more, not ${count}`);
  const row = await trx
    .insertInto('store_sequences')
    .values({ store_id: storeId, kind, last_value: count })
    .onConflict((oc) => oc.columns(['store_id', 'kind']).doUpdateSet((eb) => ({ last_value: eb('store_sequences.last_value', '+', count) })))
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return Number(row.last_value) - count + 1;
}
