import { LIMITS } from './constants';
import type { Permission } from './stores';

/**
 * The catalogue's fields, declared once (docs/decisions/0026-one-field-declaration-and-one-export-rule.md): the CSV
 * import's columns and the row it checks (csv.ts), the products export's columns (csv-export.ts), the server's import
 * write and export cells (by its table of columns, server catalogue/columns.ts) and the mocks' import all follow
 * this list. A product field the catalogue carries in CSV is one entry here, in the order the export writes them.
 *
 * Kinds say how a cell is read and written: `sku` (blank: one is made), `text` (one line, trimmed), `money` (units
 * with at most 2 decimals; cents in the database), `count` (a whole number), `optionalCount` (blank: none, null), `html`
 * (the rich-text description: exported as plain text with the HTML in a column of its own, `<label> HTML`), `barcode`
 * (blank: none, null; else digits of a GTIN with its check digit, `validateBarcode`), `optionalText` (one line, trimmed;
 * blank: none, null), `optionalMoney` (blank: none, null; else as `money`).
 *
 * A field only some roles may see or set names its permissions (`read`, `write`; the role table in stores.ts): the
 * API leaves it out of every answer and export for a role without `read`, refuses it from a role without `write`, and
 * the import and the app follow (field-access.ts).
 */
export type CatalogueFieldKind =
  | 'sku'
  | 'text'
  | 'money'
  | 'count'
  | 'optionalCount'
  | 'html'
  | 'barcode'
  | 'optionalText'
  | 'optionalMoney';

export interface CatalogueFieldDeclaration {
  key: string;
  label: string;
  kind: CatalogueFieldKind;
  /** A file must map a column to it. */
  required: boolean;
  /** Longest text a cell may hold (text, sku and html kinds). */
  maxLength?: number;
  /** Kept by the stock ledger, not written as a plain column (quantity, reorder point). */
  stock?: true;
  /** Who may see it, beyond reading the catalogue (absent: whoever reads the catalogue). */
  read?: Permission;
  /** Who may set it, beyond editing the catalogue. */
  write?: Permission;
}

export const CATALOGUE_FIELDS = [
  { key: 'sku', label: 'SKU', kind: 'sku', required: false, maxLength: LIMITS.sku },
  { key: 'name', label: 'Name', kind: 'text', required: true, maxLength: LIMITS.name },
  { key: 'category', label: 'Category', kind: 'text', required: true, maxLength: LIMITS.category },
  { key: 'price', label: 'Price', kind: 'money', required: true },
  { key: 'quantity', label: 'Quantity', kind: 'count', required: true, stock: true },
  { key: 'reorderPoint', label: 'Reorder point', kind: 'optionalCount', required: false, stock: true },
  { key: 'description', label: 'Description', kind: 'html', required: false, maxLength: LIMITS.description },
  { key: 'barcode', label: 'Barcode', kind: 'barcode', required: false },
  { key: 'mpn', label: 'MPN', kind: 'optionalText', required: false, maxLength: LIMITS.mpn },
  // What the shop pays for one (docs/decisions/0031-product-cost.md): last, so readers of the export by position keep
  // theirs; owners and managers only.
  { key: 'cost', label: 'Cost', kind: 'optionalMoney', required: false, read: 'cost:read', write: 'cost:update' },
] as const satisfies readonly CatalogueFieldDeclaration[];

export type CatalogueFieldDecl = (typeof CATALOGUE_FIELDS)[number];
export type CatalogueField = CatalogueFieldDecl['key'];
type FieldNamed<K extends CatalogueField> = Extract<CatalogueFieldDecl, { key: K }>;

/** A value of a kind as the contract carries it (prices in units). */
export type CatalogueKindValue<Kind extends CatalogueFieldKind> = Kind extends 'money' | 'count'
  ? number
  : Kind extends 'optionalCount' | 'optionalMoney'
    ? number | null
    : Kind extends 'barcode' | 'optionalText'
      ? string | null
      : string;

/** The catalogue's values of a product as the API shows them (Product has these keys with these types). */
export type CatalogueValues = { [K in CatalogueField]: CatalogueKindValue<FieldNamed<K>['kind']> };

/** The fields the ledger does not keep: written as plain columns by an import. */
export const PLAIN_CATALOGUE_FIELDS = CATALOGUE_FIELDS.filter(
  (field): field is Exclude<CatalogueFieldDecl, { stock: true }> => !('stock' in field),
);
export type PlainCatalogueField = (typeof PLAIN_CATALOGUE_FIELDS)[number]['key'];

/** The value a new product gets for a field a file does not map (only optional fields can be unmapped). */
export function catalogueDefault(kind: CatalogueFieldKind): string | number | null {
  if (kind === 'optionalCount' || kind === 'optionalMoney' || kind === 'barcode' || kind === 'optionalText') return null;
  return kind === 'money' || kind === 'count' ? 0 : '';
}

/** A product's catalogue values (an API product, or the mocks' stored one); a field it lacks gets its kind's default. */
export function catalogueValues(product: { [K in CatalogueField]?: CatalogueValues[K] | null }): CatalogueValues {
  const values: Record<string, string | number | null> = {};
  for (const field of CATALOGUE_FIELDS) values[field.key] = product[field.key] ?? catalogueDefault(field.kind);
  return values as CatalogueValues;
}
