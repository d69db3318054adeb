import { Readable } from 'node:stream';
import { CUSTOMER_EXPORT_COLUMNS, type CustomerExportRow, type ExportContext, exportHead, exportRows } from '@inventory/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { CustomersTable } from '../../db/types';
import { LIST_BATCH_ROWS } from '../../list-stream';
import { toCustomer } from '../../customers/mapping';

/** A customer's row as its answer has it: every export column is a field of the answer. */
const exportRow = (row: Selectable<CustomersTable>): CustomerExportRow => toCustomer(row);

/**
 * The store's customers as CSV by the one export rule (contract csv-export.ts), newest first, archived ones too,
 * keyset-paged from the database a batch at a time (the active and the archived newest-first indexes' rows, merged by
 * the planner), so memory stays flat at any size.
 */
export function customersCsv(db: Db, storeId: string, context: ExportContext): Readable {
  async function* chunks(): AsyncGenerator<Buffer> {
    yield Buffer.from(exportHead(CUSTOMER_EXPORT_COLUMNS, context));
    let after: Selectable<CustomersTable> | null = null;
    for (;;) {
      let query = db.selectFrom('customers').selectAll().where('store_id', '=', storeId);
      if (after) {
        const { created_at: createdAt, id } = after;
        query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(createdAt, id)));
      }
      const rows: Selectable<CustomersTable>[] = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(LIST_BATCH_ROWS).execute();
      const text = exportRows(CUSTOMER_EXPORT_COLUMNS, rows.map(exportRow), context);
      if (text !== '') yield Buffer.from(text);
      if (rows.length < LIST_BATCH_ROWS) return;
      after = rows[rows.length - 1]!;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
