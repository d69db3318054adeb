import { Readable } from 'node:stream';
import {
  csvCell,
  fromCents,
  IMPORT_FIELDS,
  type ImportField,
  MOVEMENT_EXPORT_HEADER,
  ORDER_EXPORT_HEADER,
  PRODUCT_EXPORT_HEADER,
} from '@inventory/contract';
import { stringify } from 'csv-stringify/sync';
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { OrdersTable, ProductsTable } from '../../db/types';
import { LIST_BATCH_ROWS, readListBatch, type RowOf, type StreamedTable } from '../../list-stream';

/** The byte-order mark: spreadsheet programs read the file as UTF-8 only with it. */
const BOM = '\uFEFF';

type Cell = string | number | null;

/**
 * One batch of records as CSV text (CRLF line ends, as spreadsheet programs write them); every cell neutralized. A cell
 * holding any line break is quoted: csv-stringify quotes only the record delimiter itself, and a lone LF left bare
 * ends the record for any reader that takes every line ending (ours included: issue 24).
 */
const toCsv = (records: Cell[][]): string =>
  stringify(
    records.map((record) => record.map(csvCell)),
    { record_delimiter: 'windows', quoted_match: /[\r\n]/ },
  );

/**
 * The products export: a cell for each of the import's fields (contract IMPORT_FIELDS, whose order and labels make the
 * header), so the file imports back as it is and a field added there fails to compile until it has its cell here.
 * Prices in units, descriptions as stored HTML.
 */
const PRODUCT_CELLS: Record<ImportField, (row: Selectable<ProductsTable>) => Cell> = {
  sku: (row) => row.sku,
  name: (row) => row.name,
  category: (row) => row.category,
  price: (row) => fromCents(row.price_cents),
  quantity: (row) => Number(row.quantity),
  reorderPoint: (row) => (row.reorder_point === null ? null : Number(row.reorder_point)),
  description: (row) => row.description,
};

export const productRecord = (row: Selectable<ProductsTable>): Cell[] => IMPORT_FIELDS.map((field) => PRODUCT_CELLS[field.key](row));

const orderRecord = (row: Selectable<OrdersTable>): Cell[] => [
  row.id,
  row.sku,
  row.name,
  row.category,
  fromCents(row.price_cents),
  Number(row.quantity),
  row.status,
  row.product_id,
  row.created_at,
  row.updated_at,
];

/** A whole list as CSV, keyset-paged from the database one batch at a time (list-stream.ts): memory stays flat. */
function tableCsv<T extends StreamedTable>(
  db: Db,
  table: T,
  storeId: string,
  header: string[],
  record: (row: RowOf<T>) => Cell[],
): Readable {
  async function* chunks(): AsyncGenerator<Buffer> {
    yield Buffer.from(BOM + toCsv([header]));
    let after: RowOf<T> | null = null;
    for (;;) {
      const rows: RowOf<T>[] = await readListBatch(db, table, storeId, after);
      if (rows.length > 0) yield Buffer.from(toCsv(rows.map(record)));
      if (rows.length < LIST_BATCH_ROWS) return;
      after = rows[rows.length - 1]!;
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

export const productsCsv = (db: Db, storeId: string) =>
  tableCsv(db, 'products', storeId, PRODUCT_EXPORT_HEADER, (row) => productRecord(row as Selectable<ProductsTable>));

export const ordersCsv = (db: Db, storeId: string) =>
  tableCsv(db, 'orders', storeId, ORDER_EXPORT_HEADER, (row) => orderRecord(row as Selectable<OrdersTable>));

/** The store's stock movements, newest first, with the product's SKU and name; paged by movement id. */
export function movementsCsv(db: Db, storeId: string): Readable {
  async function* chunks(): AsyncGenerator<Buffer> {
    yield Buffer.from(BOM + toCsv([MOVEMENT_EXPORT_HEADER]));
    let before: number | null = null;
    for (;;) {
      let query = db
        .selectFrom('stock_movements as m')
        .leftJoin('products as p', 'p.id', 'm.product_id')
        .select([
          'm.id',
          'm.product_id',
          'p.sku',
          'p.name',
          'm.change',
          'm.quantity_after',
          'm.reason',
          'm.order_id',
          'm.created_at',
          'm.correction_reason',
          'm.note',
        ])
        .where('m.store_id', '=', storeId);
      if (before !== null) query = query.where('m.id', '<', before);
      const rows = await query.orderBy('m.id', 'desc').limit(LIST_BATCH_ROWS).execute();
      if (rows.length > 0) {
        yield Buffer.from(
          toCsv(
            rows.map((row) => [
              Number(row.id),
              row.product_id,
              row.sku,
              row.name,
              Number(row.change),
              Number(row.quantity_after),
              row.reason,
              row.order_id,
              row.created_at,
              row.correction_reason,
              row.note,
            ]),
          ),
        );
      }
      if (rows.length < LIST_BATCH_ROWS) return;
      before = Number(rows[rows.length - 1]!.id);
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
