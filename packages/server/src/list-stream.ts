import { Readable } from 'node:stream';
import { type Selectable, sql } from 'kysely';
import type { Db } from './db';
import type { Database } from './db/types';

/**
 * A store's whole product or order list read from the database in batches and written out as one JSON array, newest
 * first (`created_at desc, id desc`), in memory that does not grow with the list
 * (docs/decisions/0014-compression-and-streamed-lists.md).
 *
 * Each batch is its own query, keyset-paged from the last row of the one before
 * (`where (created_at, id) < (?, ?) order by created_at desc, id desc limit 1000`, one range of the
 * `(store_id, created_at, id)` index), so no transaction and no connection is held while the client reads, and it works
 * alike on SQLite and PostgreSQL. The next batch is read only when the reply has taken the last one (backpressure).
 */

/** The tables streamed; each has `store_id`, `created_at` and `id`. */
export type StreamedTable = 'products' | 'orders';

export type RowOf<T extends StreamedTable> = Selectable<Database[T]>;

/** Rows read per query: large enough that the per-query cost is small, small enough to keep memory flat. */
export const LIST_BATCH_ROWS = 1000;

/** The batch after the row `after` (or the first), newest first. */
export async function readListBatch<T extends StreamedTable>(
  db: Db,
  table: T,
  storeId: string,
  after: RowOf<T> | null,
  limit = LIST_BATCH_ROWS,
): Promise<RowOf<T>[]> {
  // The two tables share these columns; Kysely cannot type a query over "either table", hence the one cast.
  let query = db
    .selectFrom(table as StreamedTable)
    .selectAll()
    .where('store_id', '=', storeId);
  // The whole product list, and the products export, are the active products (0026).
  if (table === 'products') query = query.where(sql<boolean>`archived_at is null`);
  if (after) {
    const { created_at: createdAt, id } = after as { created_at: string; id: string };
    query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(createdAt, id)));
  }
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows as unknown as RowOf<T>[];
}

/** Rows as the comma-separated JSON of their answers: `JSON.stringify(list)` is `[` + these, joined by `,` + `]`. */
export function serialiseRows<Row>(rows: readonly Row[], map: (row: Row) => unknown): string {
  let text = '';
  for (let i = 0; i < rows.length; i += 1) {
    if (i > 0) text += ',';
    text += JSON.stringify(map(rows[i]!));
  }
  return text;
}

export interface ListStreamOptions<T extends StreamedTable> {
  db: Db;
  table: T;
  storeId: string;
  /** The first batch, already read (a full one: there may be more). */
  first: RowOf<T>[];
  /** The row as the list answers it. */
  map(row: RowOf<T>): unknown;
  /** Every chunk as it is sent (the cache may keep them). */
  onChunk?(chunk: Buffer): void;
  /** Once, when the stream stops: `complete` when the whole array was produced, false when it was cut short. */
  onClose?(complete: boolean): void;
}

/**
 * The list as a byte stream: `[`, then one chunk per batch, then `]`. Exactly the bytes of `JSON.stringify` of the
 * whole list when nothing is written meanwhile. A write during the stream may or may not show in it (it is no
 * snapshot); the list's version moves with that write, so the ETag sent with this answer never validates it later.
 */
export function listStream<T extends StreamedTable>({
  db,
  table,
  storeId,
  first,
  map,
  onChunk,
  onClose,
}: ListStreamOptions<T>): Readable {
  async function* chunks(): AsyncGenerator<Buffer> {
    let complete = false;
    try {
      let rows = first;
      let prefix = '[';
      for (;;) {
        const chunk = Buffer.from(prefix + serialiseRows(rows, map));
        onChunk?.(chunk);
        yield chunk;
        if (rows.length < LIST_BATCH_ROWS) break;
        const next = await readListBatch(db, table, storeId, rows[rows.length - 1]!);
        if (next.length === 0) break;
        rows = next;
        prefix = ',';
      }
      const end = Buffer.from(']');
      onChunk?.(end);
      yield end;
      complete = true;
    } finally {
      onClose?.(complete);
    }
  }
  // Not object mode: the high-water mark counts bytes, so one batch is in flight at a time.
  return Readable.from(chunks(), { objectMode: false });
}
