import { CATALOGUE_FIELDS, type CatalogueFieldDecl, type CatalogueValues } from './catalogue-fields';
import { catalogueFieldsSeenBy } from './field-access';
import { neutralizeCell } from './csv';
import { richTextToPlain } from './rich-text/plain-text';
import { reorderShortfall } from './reorder-suggestion';
import {
  CORRECTION_REASON_LABELS,
  type CorrectionReason,
  MOVEMENT_REASON_LABELS,
  type MovementReason,
} from './stock';
import type { Role } from './stores';

/**
 * The one rule every CSV export follows (docs/decisions/0026-one-field-declaration-and-one-export-rule.md): products,
 * orders and stock movements from the server (streamed) and the mocks, and the app's "to reorder" list. UTF-8 with a
 * byte-order mark, CRLF lines, a cell quoted only when it holds a comma, a quote or a line break, numbers as plain
 * decimals never quoted, text neutralized against formulas (csv.ts `neutralizeCell`), every date as ISO 8601 UTC with
 * the same moment in the export's time zone beside it, and a file name with the date. Pure: the callers write bytes.
 */
export type ExportCell = string | number | null | undefined;

export const EXPORT_BOM = '\uFEFF';
export const EXPORT_LINE_END = '\r\n';

/** What an export's cells depend on besides the row: the time zone its local times are in (IANA name; default UTC). */
export interface ExportContext {
  timeZone: string;
}
export const DEFAULT_EXPORT_CONTEXT: ExportContext = { timeZone: 'UTC' };

export interface ExportColumn<Row> {
  header: string | ((context: ExportContext) => string);
  cell: (row: Row, context: ExportContext) => ExportCell;
}

/** One cell as written: empty for nothing, a number as it is, text neutralized and quoted only when it must be. */
export function exportCell(value: ExportCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = neutralizeCell(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const exportLine = (cells: readonly ExportCell[]): string => cells.map(exportCell).join(',') + EXPORT_LINE_END;

export const exportHeader = <Row>(columns: readonly ExportColumn<Row>[], context: ExportContext): string[] =>
  columns.map((column) => (typeof column.header === 'string' ? column.header : column.header(context)));

/** The header line (after the byte-order mark): the first bytes of a file. */
export const exportHead = <Row>(columns: readonly ExportColumn<Row>[], context: ExportContext): string =>
  EXPORT_BOM + exportLine(exportHeader(columns, context));

/** Rows as lines, for a file written a batch at a time. */
export const exportRows = <Row>(columns: readonly ExportColumn<Row>[], rows: readonly Row[], context: ExportContext) =>
  rows.map((row) => exportLine(columns.map((column) => column.cell(row, context)))).join('');

/** A whole file at once (the mocks, the app's lists). */
export const exportFile = <Row>(columns: readonly ExportColumn<Row>[], rows: readonly Row[], context: ExportContext) =>
  exportHead(columns, context) + exportRows(columns, rows, context);

/* Time zones and dates */

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether `name` is a time zone this runtime knows (an IANA name such as `Europe/Paris`, or `UTC`). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return false;
  try {
    formatterOf(name);
    return true;
  } catch {
    return false;
  }
}

/** `2026-11-23 09:05:00`: the moment in `timeZone`, as spreadsheets read a date and time. '' for no date. */
export function localDateTime(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const part = Object.fromEntries(formatterOf(timeZone).formatToParts(at).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}

/** A date's two columns: `<header>` in ISO 8601 UTC as stored, and `<header> (<time zone>)` in local time. */
export function dateColumns<Row>(header: string, at: (row: Row) => string | null | undefined): ExportColumn<Row>[] {
  return [
    { header, cell: (row) => at(row) ?? null },
    { header: ({ timeZone }) => `${header} (${timeZone})`, cell: (row, { timeZone }) => localDateTime(at(row), timeZone) },
  ];
}

export type ExportName = 'products' | 'orders' | 'movements' | 'to-reorder' | 'customers' | 'suppliers';

/** `products-2026-11-23.csv`: what an export is called; the date is the day in the export's time zone. */
export function exportFileName(what: ExportName, at: Date = new Date(), timeZone = 'UTC'): string {
  return `${what}-${localDateTime(at.toISOString(), timeZone).slice(0, 10)}.csv`;
}

/* The exports' columns */

/** A readable reason beside its code (MOVEMENT_REASON_LABELS, stock.ts); a code this version does not know as it is. */
export function movementReasonLabel(code: string): string {
  return Object.hasOwn(MOVEMENT_REASON_LABELS, code) ? MOVEMENT_REASON_LABELS[code as MovementReason] : code;
}

/**
 * The products export: a column per catalogue field (catalogue-fields.ts), whose labels the import reads back; a
 * rich-text field is its plain text, then its HTML in `<label> HTML`, which the import prefers (csv.ts).
 */
const productColumnsOf = (fields: readonly CatalogueFieldDecl[]): readonly ExportColumn<CatalogueValues>[] =>
  fields.flatMap((field): ExportColumn<CatalogueValues>[] => {
    const value = (row: CatalogueValues) => row[field.key];
    if (field.kind !== 'html') return [{ header: field.label, cell: value }];
    return [
      { header: field.label, cell: (row) => richTextToPlain(String(value(row) ?? '')) },
      { header: `${field.label} HTML`, cell: value },
    ];
  });

/** Every column: what a role that sees every field (an owner) gets. */
export const PRODUCT_EXPORT_COLUMNS: readonly ExportColumn<CatalogueValues>[] = productColumnsOf(CATALOGUE_FIELDS);

/** The products export of `role`: without the columns of fields it may not see (the cost, field-access.ts). */
export const productExportColumnsFor = (role: Role): readonly ExportColumn<CatalogueValues>[] =>
  productColumnsOf(catalogueFieldsSeenBy(role));

/** An order as the orders export reads it (the API's order, its status and product always given). */
export interface OrderExportRow {
  _id: string;
  sku: string;
  name: string;
  category: string;
  price: number;
  quantity: number;
  status: string;
  productId: string | null;
  createdAt: string;
  updatedAt: string;
}

export const ORDER_EXPORT_COLUMNS: readonly ExportColumn<OrderExportRow>[] = [
  { header: 'Order ID', cell: (row) => row._id },
  { header: 'SKU', cell: (row) => row.sku },
  { header: 'Name', cell: (row) => row.name },
  { header: 'Category', cell: (row) => row.category },
  { header: 'Price', cell: (row) => row.price },
  { header: 'Quantity', cell: (row) => row.quantity },
  { header: 'Status', cell: (row) => row.status },
  { header: 'Product ID', cell: (row) => row.productId },
  ...dateColumns<OrderExportRow>('Created at', (row) => row.createdAt),
  ...dateColumns<OrderExportRow>('Updated at', (row) => row.updatedAt),
];

/** A stock movement as the movements export reads it: with its product (null once deleted) and who made it. */
export interface MovementExportRow {
  id: number;
  productId: string;
  sku: string | null;
  product: string | null;
  change: number;
  quantityAfter: number;
  reason: string;
  orderId: string | null;
  /** The member's name and email; null when no member is recorded (or their account is gone). */
  byName: string | null;
  byEmail: string | null;
  /** The API token they acted through, if any. */
  token: string | null;
  createdAt: string;
  /** A stock correction's reason code and note (null for other movements). */
  correctionReason: CorrectionReason | null;
  note: string | null;
}

export const MOVEMENT_EXPORT_COLUMNS: readonly ExportColumn<MovementExportRow>[] = [
  { header: 'Movement ID', cell: (row) => row.id },
  { header: 'Product ID', cell: (row) => row.productId },
  { header: 'SKU', cell: (row) => row.sku },
  { header: 'Product', cell: (row) => row.product },
  { header: 'Change', cell: (row) => row.change },
  { header: 'Quantity after', cell: (row) => row.quantityAfter },
  { header: 'Reason', cell: (row) => movementReasonLabel(row.reason) },
  { header: 'Reason code', cell: (row) => row.reason },
  { header: 'Order ID', cell: (row) => row.orderId },
  { header: 'By', cell: (row) => row.byName },
  { header: 'By email', cell: (row) => row.byEmail },
  { header: 'API token', cell: (row) => row.token },
  { header: 'Correction reason', cell: (row) => (row.correctionReason ? CORRECTION_REASON_LABELS[row.correctionReason] : null) },
  { header: 'Correction reason code', cell: (row) => row.correctionReason },
  { header: 'Note', cell: (row) => row.note },
  ...dateColumns<MovementExportRow>('Created at', (row) => row.createdAt),
];

/** A product on the "to reorder" list; `onOrder` when the list counts what is on order (roles that see it, 0042). */
export interface ReorderExportRow {
  name: string;
  sku: string;
  category: string;
  quantity: number;
  reorderPoint?: number | null;
  onOrder?: { quantity: number; expectedDate: string | null } | null;
}

export const REORDER_EXPORT_COLUMNS: readonly ExportColumn<ReorderExportRow>[] = [
  { header: 'Name', cell: (row) => row.name },
  { header: 'SKU', cell: (row) => row.sku },
  { header: 'Category', cell: (row) => row.category },
  { header: 'Quantity', cell: (row) => row.quantity },
  { header: 'Reorder point', cell: (row) => row.reorderPoint ?? 0 },
  // "Order these"'s rule (reorder-suggestion.ts, 0047): what brings it above its point, counting what is on order.
  { header: 'To order', cell: (row) => reorderShortfall(row.quantity, row.reorderPoint ?? null, row.onOrder?.quantity ?? 0) },
  // Blank where the list does not count what is on order (roles without purchasing:read).
  { header: 'On order', cell: (row) => (row.onOrder ? row.onOrder.quantity : null) },
  { header: 'Expected', cell: (row) => row.onOrder?.expectedDate ?? null },
];

/** The header rows with local times in UTC (the default): the products one is the import's labels. */
export const PRODUCT_EXPORT_HEADER = exportHeader(PRODUCT_EXPORT_COLUMNS, DEFAULT_EXPORT_CONTEXT);
export const ORDER_EXPORT_HEADER = exportHeader(ORDER_EXPORT_COLUMNS, DEFAULT_EXPORT_CONTEXT);
export const MOVEMENT_EXPORT_HEADER = exportHeader(MOVEMENT_EXPORT_COLUMNS, DEFAULT_EXPORT_CONTEXT);
