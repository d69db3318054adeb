import type { CatalogueItem } from '../../catalogue/catalogueItem';
import { itemValueCents } from '../../catalogue/money';

/** The dashboard's figures over the product list. */

/** Sum of price x quantity over all items, to the cent. */
export function totalValue(items: ReadonlyArray<Pick<CatalogueItem, 'price' | 'quantity'>>): number {
  return items.reduce((sum, item) => sum + itemValueCents(item), 0) / 100;
}

/** Out of stock: quantity 0 or '0'. */
export function isOutOfStock(item: Pick<CatalogueItem, 'quantity'>): boolean {
  return (
    item.quantity === 0 ||
    (typeof item.quantity === 'string' && item.quantity.trim() !== '' && Number(item.quantity) === 0)
  );
}

/** The distinct category values, in first-seen order. */
export function distinctCategories(items: ReadonlyArray<Pick<CatalogueItem, 'category'>>): string[] {
  return [...new Set(items.map((item) => item.category))];
}
