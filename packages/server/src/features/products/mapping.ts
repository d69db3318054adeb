import type { Product } from '@inventory/contract';
import type { Selectable } from 'kysely';
import type { ProductsTable } from '../../db/types';
import type { PublicUrls } from '../../public-urls';
import { catalogueValuesOf } from '../../catalogue/columns';

/**
 * The only shape a product leaves the server in: never the row (no owner, no version); the image as its absolute URL,
 * so a front end on another origin loads it as given.
 */
export function toProduct(row: Selectable<ProductsTable>, urls: PublicUrls): Product {
  const values = catalogueValuesOf(row);
  // The original contract's keys in its order, then the later fields (reorderPoint, …).
  const { name, sku, category, price, quantity, description, ...later } = values;
  return {
    _id: row.id,
    name,
    sku,
    category,
    price,
    quantity,
    description,
    image: row.image_name
      ? {
          fileName: row.image_file_name ?? row.image_name,
          filePath: urls.upload(row.image_name),
          fileType: row.image_type ?? '',
          fileSize: Number(row.image_size ?? 0),
        }
      : {},
    ...later,
    // Only on an archived product: every other answer stays as it was (0033).
    ...(row.archived_at === null ? {} : { archivedAt: row.archived_at }),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
