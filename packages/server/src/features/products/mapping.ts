import { fromCents, type Product } from '@inventory/contract';
import type { Selectable } from 'kysely';
import type { ProductsTable } from '../../db/types';
import type { PublicUrls } from '../../public-urls';

/**
 * The only shape a product leaves the server in: never the row (no owner, no version); the image as its absolute URL,
 * so a front end on another origin loads it as given.
 */
export function toProduct(row: Selectable<ProductsTable>, urls: PublicUrls): Product {
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
          filePath: urls.upload(row.image_name),
          fileType: row.image_type ?? '',
          fileSize: Number(row.image_size ?? 0),
        }
      : {},
    reorderPoint: row.reorder_point === null || row.reorder_point === undefined ? null : Number(row.reorder_point),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
