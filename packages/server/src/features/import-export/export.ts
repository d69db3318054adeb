import { Readable } from 'node:stream';
import {
  type ExportColumn,
  type ExportContext,
  exportHead,
  exportRows,
  fromCents,
  MOVEMENT_EXPORT_COLUMNS,
  type MovementExportRow,
  ORDER_EXPORT_COLUMNS,
  type OrderExportRow,
  productExportColumnsFor,
  type CorrectionReason,
  type Role,
} from '@inventory/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { OrdersTable, ProductsTable } from '../../db/types';
import { LIST_BATCH_ROWS, readListBatch, type RowOf, type StreamedTable } from '../../list-stream';
import { catalogueValuesOf } from '../../catalogue/columns';

/**
 * The exports follow the contract's one rule (csv-export.ts: its columns, cells, dates and BOM); this streams them, a
 * keyset page of LIST_BATCH_ROWS at a time, so memory stays flat at any size.
 */
function streamed(head: string, batches: () => AsyncGenerator<string>): Readable {
  async function* chunks(): AsyncGenerator<Buffer> {
    yield Buffer.from(head);
    for await (const text of batches()) if (text !== '') yield Buffer.from(text);
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** A whole list as CSV, keyset-paged from the database one batch at a time (list-stream.ts). */
function tableCsv<T extends StreamedTable, Row>(
  db: Db,
  table: T,
  storeId: string,
  columns: readonly ExportColumn<Row>[],
  toRow: (row: RowOf<T>) => Row,
  context: ExportContext,
): Readable {
  return streamed(exportHead(columns, context), async function* () {
    let after: RowOf<T> | null = null;
    for (;;) {
      const rows: RowOf<T>[] = await readListBatch(db, table, storeId, after);
      yield exportRows(columns, rows.map(toRow), context);
      if (rows.length < LIST_BATCH_ROWS) return;
      after = rows[rows.length - 1]!;
    }
  });
}

/** The products as `role` sees them: without the columns of fields it may not see (the cost for staff and viewers). */
export const productsCsv = (db: Db, storeId: string, context: ExportContext, role: Role) =>
  tableCsv(db, 'products', storeId, productExportColumnsFor(role), (row) => catalogueValuesOf(row as Selectable<ProductsTable>), context);

const orderRow = (row: Selectable<OrdersTable>): OrderExportRow => ({
  _id: row.id,
  sku: row.sku,
  name: row.name,
  category: row.category,
  price: fromCents(row.price_cents),
  quantity: Number(row.quantity),
  status: row.status,
  productId: row.product_id,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const ordersCsv = (db: Db, storeId: string, context: ExportContext) =>
  tableCsv(db, 'orders', storeId, ORDER_EXPORT_COLUMNS, (row) => orderRow(row as Selectable<OrdersTable>), context);

/** The store's stock movements, newest first, with the product's SKU and name and who made them; paged by id. */
export function movementsCsv(db: Db, storeId: string, context: ExportContext): Readable {
  return streamed(exportHead(MOVEMENT_EXPORT_COLUMNS, context), async function* () {
    let before: number | null = null;
    for (;;) {
      let query = db
        .selectFrom('stock_movements as m')
        .leftJoin('products as p', 'p.id', 'm.product_id')
        .leftJoin('users as u', 'u.id', 'm.user_id')
        .leftJoin('api_tokens as t', 't.id', 'm.token_id')
        .select([
          'm.id',
          'm.product_id',
          'p.sku',
          'p.name',
          'm.change',
          'm.quantity_after',
          'm.reason',
          'm.order_id',
          'u.name as by_name',
          'u.email as by_email',
          't.name as token',
          'm.created_at',
          'm.correction_reason',
          'm.note',
        ])
        .where('m.store_id', '=', storeId);
      if (before !== null) query = query.where('m.id', '<', before);
      const rows = await query.orderBy('m.id', 'desc').limit(LIST_BATCH_ROWS).execute();
      yield exportRows(
        MOVEMENT_EXPORT_COLUMNS,
        rows.map(
          (row): MovementExportRow => ({
            id: Number(row.id),
            productId: row.product_id,
            sku: row.sku,
            product: row.name,
            change: Number(row.change),
            quantityAfter: Number(row.quantity_after),
            reason: row.reason,
            orderId: row.order_id,
            byName: row.by_name,
            byEmail: row.by_email,
            token: row.token,
            createdAt: row.created_at,
            correctionReason: row.correction_reason as CorrectionReason | null,
            note: row.note,
          }),
        ),
        context,
      );
      if (rows.length < LIST_BATCH_ROWS) return;
      before = Number(rows[rows.length - 1]!.id);
    }
  });
}
