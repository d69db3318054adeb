import type { z } from 'zod';
import { PRICE_PATTERN, QUANTITY_PATTERN } from './catalogue';
import { MAX_PRICE, MAX_QUANTITY, SUPPLIER_LIMITS } from './constants';
import { MESSAGES } from './messages';
import { compareBytes } from './query-items';
import type { productSupplierSchema } from './schemas/supplier-responses';
import { supplierNameKey } from './suppliers';
import { isBlank, singleLineProblem } from './validation';

/**
 * The suppliers of a product (docs/decisions/0037-suppliers.md): a link of one product to one supplier of its store,
 * with the supplier's part number for it, the pack size it is sold in and the last cost paid, one link of a product
 * preferred. Their rules (the link form's and the catalogue import's Supplier columns'), which link is preferred, and
 * the order they are listed in. The server, the mocks and the app decide by these.
 */
export type ProductSupplier = z.infer<typeof productSupplierSchema>;

/** A link's own fields as the API carries them: the cost in units with at most 2 decimals (cents in the database). */
export interface ProductSupplierFields {
  partNumber: string;
  packSize: number;
  lastCost: number | null;
  preferred: boolean;
}

/** A new link's fields the request leaves out (the preferred flag is preferredOfNewLink's). */
export const PRODUCT_SUPPLIER_DEFAULTS = { partNumber: '', packSize: 1, lastCost: null } as const;

export const PRODUCT_SUPPLIER_LABELS = {
  supplierId: 'Supplier',
  partNumber: 'Supplier part number',
  packSize: 'Pack size',
  lastCost: 'Last cost',
  preferred: 'Preferred',
} as const;

/** A supplier's part number: one line, at most SUPPLIER_LIMITS.partNumber characters ('' for none). */
export function partNumberProblem(value: string): string | null {
  const label = PRODUCT_SUPPLIER_LABELS.partNumber;
  return singleLineProblem(label, value) ?? (value.trim().length > SUPPLIER_LIMITS.partNumber ? MESSAGES.fieldTooLong(label, SUPPLIER_LIMITS.partNumber) : null);
}

export const isPackSize = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_QUANTITY;

/** A cost as the API carries it: units with at most 2 decimals, 0 to MAX_PRICE (null: none known). */
export function lastCostProblem(value: number | null): string | null {
  if (value === null) return null;
  // At most 2 decimals: whole cents, within what binary fractions such as 0.1 are off by.
  if (!Number.isFinite(value) || value < 0 || Math.abs(value * 100 - Math.round(value * 100)) > 1e-6) return MESSAGES.lastCostInvalid;
  return value > MAX_PRICE ? MESSAGES.lastCostTooHigh : null;
}

/** The link form's rules over the fields sent (an edit sends some): an error per field. */
export function validateProductSupplierFields(fields: Partial<ProductSupplierFields>): Partial<Record<keyof ProductSupplierFields, string>> {
  const errors: Partial<Record<keyof ProductSupplierFields, string>> = {};
  if (fields.partNumber !== undefined) {
    const problem = partNumberProblem(fields.partNumber);
    if (problem) errors.partNumber = problem;
  }
  if (fields.packSize !== undefined && !isPackSize(fields.packSize)) errors.packSize = MESSAGES.packSizeInvalid;
  if (fields.lastCost !== undefined) {
    const problem = lastCostProblem(fields.lastCost);
    if (problem) errors.lastCost = problem;
  }
  return errors;
}

/** A pack size as a form or a CSV cell writes it (plain digits; '' is 1, a single unit). */
export function readPackSize(text: string): { packSize: number } | { message: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { packSize: 1 };
  if (!QUANTITY_PATTERN.test(trimmed) || !isPackSize(Number(trimmed))) return { message: MESSAGES.packSizeInvalid };
  return { packSize: Number(trimmed) };
}

/** A cost as a form or a CSV cell writes it (plain decimals, at most 2; '' for none). */
export function readLastCost(text: string): { lastCost: number | null } | { message: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { lastCost: null };
  if (!PRICE_PATTERN.test(trimmed)) return { message: MESSAGES.lastCostInvalid };
  const lastCost = Number(trimmed);
  return lastCost > MAX_PRICE ? { message: MESSAGES.lastCostTooHigh } : { lastCost };
}

/**
 * Whether a new link is the product's preferred one: as asked, or when the request does not say, when the product
 * has no preferred supplier yet (a product's first supplier is its preferred one). Making a link preferred takes the
 * flag from the product's other link in the same transaction (the database allows one preferred link per product).
 */
export function preferredOfNewLink(requested: boolean | undefined, productHasPreferred: boolean): boolean {
  return requested ?? !productHasPreferred;
}

/** A product's suppliers as they are listed: the preferred one first, then by supplier name (any ASCII case). */
export function orderProductSuppliers<T extends Pick<ProductSupplier, 'preferred' | 'supplier'>>(links: readonly T[]): T[] {
  return [...links].sort(
    (a, b) =>
      Number(b.preferred) - Number(a.preferred) ||
      compareBytes(supplierNameKey(a.supplier.name), supplierNameKey(b.supplier.name)) ||
      compareBytes(a.supplier._id, b.supplier._id),
  );
}

/**
 * The supplier a product is bought from when nothing else is said: its preferred link, while that supplier is not
 * archived; null when it has none (then someone chooses).
 */
export function preferredSupplierOf<T extends Pick<ProductSupplier, 'preferred' | 'supplier'>>(links: readonly T[]): T | null {
  return links.find((link) => link.preferred && link.supplier.archivedAt === null) ?? null;
}

/* The catalogue import's Supplier columns */

/** The catalogue import's columns that fill a product's supplier link (csv.ts adds them to IMPORT_FIELDS). */
export const SUPPLIER_LINK_IMPORT_FIELDS = [
  { key: 'supplier', label: 'Supplier' },
  { key: 'supplierPartNumber', label: 'Supplier part number' },
  { key: 'packSize', label: 'Pack size' },
  { key: 'supplierCost', label: 'Supplier cost' },
] as const;
export type SupplierLinkImportField = (typeof SUPPLIER_LINK_IMPORT_FIELDS)[number]['key'];

/** The names suppliers' price lists and other tools give those columns (import-headers.ts compares them). */
export const SUPPLIER_LINK_HEADER_SYNONYMS: Record<SupplierLinkImportField, readonly string[]> = {
  supplier: ['Supplier Name', 'Vendor', 'Vendor Name', 'Fournisseur', 'Lieferant'],
  supplierPartNumber: [
    'Supplier Part No',
    'Supplier Part Number',
    'Supplier SKU',
    'Supplier Item Code',
    'Supplier Code',
    'Supplier Ref',
    'Vendor SKU',
    'Vendor Part No',
    'Vendor Part Number',
    'Référence fournisseur',
    'Lieferantenartikelnummer',
  ],
  packSize: ['Pack Qty', 'Pack Quantity', 'Case Qty', 'Case Pack', 'Units per Pack', 'Order Multiple', 'Colisage', 'Verpackungseinheit'],
  supplierCost: ['Last Cost', 'Supplier Price', 'Buying Price', 'Vendor Cost', 'Vendor Price', "Prix d'achat", 'Einkaufspreis'],
};

/**
 * A row's supplier link: the supplier by name (found by supplierNameKey, made when the store has none of that name),
 * and the link's fields its file maps (left out: an existing link keeps its value, a new one gets the default).
 */
export interface ImportSupplierLink {
  name: string;
  key: string;
  partNumber?: string;
  packSize?: number;
  lastCost?: number | null;
}

export const SUPPLIER_LINK_IMPORT_MESSAGES = {
  supplierMissing: 'Supplier is required when the row gives a supplier part number, pack size or cost',
  supplierArchived: (name: string) => `${name} is archived: restore them before importing links to them`,
} as const;

/**
 * A row's Supplier cells checked (numbers already read in the file's number format): none when its Supplier cell is
 * blank and so are the others; else the supplier's name (the supplier form's name rules) and the link's fields.
 */
export function checkSupplierLinkCells(
  cells: Partial<Record<SupplierLinkImportField, string>>,
): { errors: { field: SupplierLinkImportField; message: string }[] } | { link: ImportSupplierLink | undefined } {
  const errors: { field: SupplierLinkImportField; message: string }[] = [];
  const name = (cells.supplier ?? '').trim();
  const others = (['supplierPartNumber', 'packSize', 'supplierCost'] as const).filter((field) => (cells[field] ?? '').trim() !== '');
  if (isBlank(name)) return others.length > 0 ? { errors: [{ field: 'supplier', message: SUPPLIER_LINK_IMPORT_MESSAGES.supplierMissing }] } : { link: undefined };
  const nameProblem = singleLineProblem('Supplier', name) ?? (name.length > SUPPLIER_LIMITS.name ? MESSAGES.fieldTooLong('Supplier', SUPPLIER_LIMITS.name) : null);
  if (nameProblem) errors.push({ field: 'supplier', message: nameProblem });
  const link: ImportSupplierLink = { name, key: supplierNameKey(name) };
  if (cells.supplierPartNumber !== undefined) {
    const problem = partNumberProblem(cells.supplierPartNumber);
    if (problem) errors.push({ field: 'supplierPartNumber', message: problem });
    else link.partNumber = cells.supplierPartNumber.trim();
  }
  if (cells.packSize !== undefined) {
    const read = readPackSize(cells.packSize);
    if ('message' in read) errors.push({ field: 'packSize', message: read.message });
    else link.packSize = read.packSize;
  }
  if (cells.supplierCost !== undefined) {
    const read = readLastCost(cells.supplierCost);
    if ('message' in read) errors.push({ field: 'supplierCost', message: read.message });
    else link.lastCost = read.lastCost;
  }
  return errors.length > 0 ? { errors } : { link };
}
