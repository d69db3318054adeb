import type { CatalogueItem } from '../../catalogue/catalogueItem';

/** Out of stock: quantity 0 or '0'. */
export function isOutOfStock(item: Pick<CatalogueItem, 'quantity'>): boolean {
  return (
    item.quantity === 0 ||
    (typeof item.quantity === 'string' && item.quantity.trim() !== '' && Number(item.quantity) === 0)
  );
}
