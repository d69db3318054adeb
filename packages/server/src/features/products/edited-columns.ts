import { type ProductUpdateFieldsBody, toCents } from '@inventory/contract';
import type { Updateable } from 'kysely';
import type { ProductsTable } from '../../db/types';

/** The fields of a product an edit may change, as the update schema yields them; absent ones are kept. */
export type EditedFields = Partial<Pick<ProductUpdateFieldsBody, 'name' | 'category' | 'price' | 'reorderPoint' | 'barcode' | 'mpn' | 'cost'>>;

/**
 * The columns an edit of these fields writes: the one place a product's edited field becomes its column, for the edit
 * of one product and for a bulk action's (set-category), so a rule of a column applies to both.
 */
export function editedColumns(fields: EditedFields): Updateable<ProductsTable> {
  return {
    ...(fields.name === undefined ? {} : { name: fields.name }),
    ...(fields.category === undefined ? {} : { category: fields.category }),
    ...(fields.price === undefined ? {} : { price_cents: toCents(fields.price) }),
    // Absent (a client of the original contract): the reorder point stays as it is.
    ...(fields.reorderPoint === undefined ? {} : { reorder_point: fields.reorderPoint }),
    // Absent: the barcode and part number stay (SPEC.md's clients do not know them); blank: none.
    ...(fields.barcode === undefined ? {} : { barcode: fields.barcode }),
    ...(fields.mpn === undefined ? {} : { mpn: fields.mpn }),
    // Absent: the cost stays (only roles with cost:update may send it: the route checked).
    ...(fields.cost === undefined ? {} : { cost: fields.cost === null ? null : toCents(fields.cost) }),
  };
}
