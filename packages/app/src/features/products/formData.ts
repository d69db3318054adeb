import { makeSku } from '@inventory/contract/rules';
import { toItemPayload } from '../../catalogue/itemForm';
import type { ProductFormValues } from './productsSlice';

/**
 * The multipart body of POST and PATCH /api/products: name, category, quantity, price, description, barcode, part
 * number, the cost when the form had it (only roles that may set it: the server refuses it from others) and the image
 * when one was chosen. A new product also gets its SKU: the one typed, else the spec's (3
 * letters of the category, '-', now).
 */
export function productFormData(
  values: ProductFormValues,
  image: File | null,
  options: { withSku: boolean; now?: number },
): FormData {
  const item = toItemPayload(values);
  const form = new FormData();
  form.append('name', item.name);
  if (options.withSku) form.append('sku', values.sku?.trim() || makeSku(item.category, options.now));
  form.append('category', item.category);
  form.append('quantity', String(item.quantity));
  form.append('price', String(item.price));
  form.append('description', values.description);
  if (values.reorderPoint !== undefined) form.append('reorderPoint', values.reorderPoint.trim());
  if (values.barcode !== undefined) form.append('barcode', values.barcode.trim());
  if (values.mpn !== undefined) form.append('mpn', values.mpn.trim());
  if (values.cost !== undefined) form.append('cost', values.cost.trim());
  if (image) form.append('image', image, image.name);
  return form;
}
