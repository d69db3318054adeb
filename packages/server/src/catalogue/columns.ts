import {
  CATALOGUE_FIELDS,
  type CatalogueField,
  type CatalogueFieldKind,
  type CatalogueValues,
  fromCents,
  PLAIN_CATALOGUE_FIELDS,
  type PlainCatalogueField,
  toCents,
} from '@inventory/contract';
import type { Selectable } from 'kysely';
import type { ProductsTable } from '../db/types';
import type { BatchColumn } from '../stock/ledger';

/**
 * Where each catalogue field (contract catalogue-fields.ts) lives in the products table. A field added there fails to
 * compile here until it has its column; the API's product, the import's writes and the products export read through
 * this table (docs/decisions/0026-one-field-declaration-and-one-export-rule.md).
 */
export const PRODUCT_COLUMNS = {
  sku: 'sku',
  name: 'name',
  category: 'category',
  price: 'price_cents',
  quantity: 'quantity',
  reorderPoint: 'reorder_point',
  description: 'description',
  barcode: 'barcode',
  mpn: 'mpn',
  cost: 'cost',
} as const satisfies Record<CatalogueField, keyof ProductsTable>;

export type ProductColumn = (typeof PRODUCT_COLUMNS)[CatalogueField];
type CatalogueRow = Pick<Selectable<ProductsTable>, ProductColumn>;

/** A column's value as the contract carries it: cents as units, database integers (bigint strings) as numbers. */
export function fieldFromColumn(kind: CatalogueFieldKind, value: unknown): string | number | null {
  switch (kind) {
    case 'money':
      return fromCents(Number(value));
    case 'optionalMoney':
      return value === null || value === undefined ? null : fromCents(Number(value));
    case 'count':
      return Number(value);
    case 'optionalCount':
      return value === null || value === undefined ? null : Number(value);
    case 'barcode':
    case 'optionalText':
      return value === null || value === undefined ? null : String(value);
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

/** A field's value as its column stores it (units to cents). */
export const fieldToColumn = (kind: CatalogueFieldKind, value: string | number | null): string | number | null =>
  (kind === 'money' || kind === 'optionalMoney') && typeof value === 'number' ? toCents(value) : value;

/** The catalogue's values of a products row, as the API shows them. */
export function catalogueValuesOf(row: CatalogueRow): CatalogueValues {
  const values: Record<string, string | number | null> = {};
  for (const field of CATALOGUE_FIELDS) values[field.key] = fieldFromColumn(field.kind, row[PRODUCT_COLUMNS[field.key]]);
  return values as CatalogueValues;
}

/** The columns of the fields the ledger does not keep, with how a batch statement reads their cells. */
export interface PlainProductColumn extends BatchColumn {
  name: (typeof PRODUCT_COLUMNS)[PlainCatalogueField];
  field: PlainCatalogueField;
  kind: CatalogueFieldKind;
}
const cellType = (kind: CatalogueFieldKind): BatchColumn['type'] =>
  kind === 'money' || kind === 'optionalMoney' || kind === 'count' ? 'integer' : 'text';
export const PLAIN_PRODUCT_COLUMNS: readonly PlainProductColumn[] = PLAIN_CATALOGUE_FIELDS.map((field) => ({
  field: field.key,
  kind: field.kind,
  name: PRODUCT_COLUMNS[field.key],
  type: cellType(field.kind),
}));
