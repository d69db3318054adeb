import type { Product } from '@inventory/contract';
import type { ProductsTable } from '../../db/types';
import { uploadUrl } from '../uploads/service';

export type Row<T> = Omit<T, 'version'> & { version: number };

/** Whole cents from a price with at most 2 decimals, and back to a number of 2 decimals. */
export const toCents = (price: number): number => Math.round(price * 100);
export const fromCents = (cents: number): number => Number((Number(cents) / 100).toFixed(2));

/** The only shape a product leaves the server in (DESIGN.md §4). */
export function toProduct(row: Row<ProductsTable>): Product {
  return {
    _id: row.id,
    name: row.name,
    sku: row.sku,
    category: row.category,
    price: fromCents(row.price_cents),
    quantity: Number(row.quantity),
    description: row.description,
    image: row.image_name
      ? {
          fileName: row.image_file_name ?? row.image_name,
          filePath: uploadUrl(row.image_name),
          fileType: row.image_type ?? '',
          fileSize: Number(row.image_size ?? 0),
        }
      : {},
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
