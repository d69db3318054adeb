import { fromCents, toCents } from './money';
import { compareBytes, matchesStock } from './query-items';
import type { CatalogueSummary, CategoryCount } from './schemas/lists';

/**
 * The dashboard's figures from a store's products. The server keeps them as counters in SQL (one read at any size);
 * the mocks compute them here; the server's list tests hold the two equal after every kind of write.
 */
interface FigureRow {
  category: string;
  price: number;
  quantity: number;
  reorderPoint?: number | null;
}

/** `GET /api/products/summary`: value in whole cents (price × quantity per product), then back to 2 decimals. */
export function catalogueSummary(products: readonly FigureRow[]): CatalogueSummary {
  let cents = 0;
  let outOfStock = 0;
  let lowStock = 0;
  for (const product of products) {
    cents += toCents(product.price) * product.quantity;
    if (matchesStock(product, 'out')) outOfStock += 1;
    if (matchesStock(product, 'low')) lowStock += 1;
  }
  return {
    totalProducts: products.length,
    totalStoreValue: fromCents(cents),
    outOfStock,
    lowStock,
    categories: new Set(products.map((p) => p.category)).size,
  };
}

/** The most categories the category list answers (a filter menu, not an export). */
export const CATEGORY_LIST_LIMIT = 1000;

/** `GET /api/products/categories`: each category with how many products, in byte order of the name. */
export function categoryCounts(products: readonly Pick<FigureRow, 'category'>[]): CategoryCount[] {
  const counts = new Map<string, number>();
  for (const product of products) counts.set(product.category, (counts.get(product.category) ?? 0) + 1);
  return [...counts]
    .map(([name, count]) => ({ name, products: count }))
    .sort((a, b) => compareBytes(a.name, b.name))
    .slice(0, CATEGORY_LIST_LIMIT);
}
