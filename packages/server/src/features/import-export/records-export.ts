import { Readable } from 'node:stream';
import { type ExportColumn, type ExportContext, exportHead, exportRows } from '@inventory/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/types';
import { LIST_BATCH_ROWS } from '../../list-stream';

/**
 * A store's records (customers, suppliers) as CSV by the one export rule (contract csv-export.ts), newest first,
 * archived ones too, keyset-paged from the database a batch at a time (the active and the archived newest-first
 * indexes' rows, merged by the planner), so memory stays flat at any size. `toRow`: a row as its answer has it.
 */
export function recordsCsv<T extends 'customers' | 'suppliers', Row>(
  db: Db,
  table: T,
  storeId: string,
  columns: readonly ExportColumn<Row>[],
  toRow: (row: Selectable<Database[T]>) => Row,
  context: ExportContext,
): Readable {
  const from = table as 'customers';
  async function* chunks(): AsyncGenerator<Buffer> {
    yield Buffer.from(exportHead(columns, context));
    let after: { created_at: string; id: string } | null = null;
    for (;;) {
      let query = db.selectFrom(from).selectAll().where('store_id', '=', storeId);
      if (after) {
        const { created_at: createdAt, id } = after;
        query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(createdAt, id)));
      }
      const rows = (await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(LIST_BATCH_ROWS).execute()) as unknown as Selectable<Database[T]>[];
      const text = exportRows(columns, rows.map(toRow), context);
      if (text !== '') yield Buffer.from(text);
      if (rows.length < LIST_BATCH_ROWS) return;
      after = rows[rows.length - 1] as unknown as { created_at: string; id: string };
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
