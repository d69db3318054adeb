import { LIMITS, MAX_PAGE_LIMIT, type Page, type Product } from '@inventory/contract/rules';
import { apiClient } from '../api/client';

/** SKUs are matched whole, in any case (as the server compares them). */
export const sameSku = (a: string, b: string): boolean => a.trim().toUpperCase() === b.trim().toUpperCase();

/**
 * The product of the active store whose SKU is exactly `code`, or null. It asks the paged list's search (name,
 * category or SKU contains the text), sorted by SKU, and keeps only a whole-SKU match.
 */
export async function findProductBySku(code: string, signal?: AbortSignal): Promise<Product | null> {
  const sku = code.trim();
  if (sku === '' || sku.length > LIMITS.sku) return null;
  const params = { limit: MAX_PAGE_LIMIT, q: sku, sort: 'sku', dir: 'asc' };
  const page = (await apiClient.get<Page<Product>>('/api/products', { params, signal })).data;
  return page.items.find((product) => sameSku(product.sku, sku)) ?? null;
}
