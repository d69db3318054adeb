import { NAME_TRUNCATE_LENGTH } from '@inventory/contract';

/**
 * What the dashboard and the orders table show of a product or an order (SPEC.md §2, §3, §9). Prices and quantities
 * are numbers from the API; a string that slipped through (e.g. quantity '0') counts the same.
 */
export interface CatalogueItem {
  _id: string;
  name: string;
  category: string;
  price: number | string;
  quantity: number | string;
}

const moneyFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const toNumber = (value: number | string): number => {
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isFinite(n) ? n : 0;
};

/** '$' then the amount with 2 decimals and thousands separators: 1234.5 → '$1,234.50'. */
export function formatMoney(value: number | string): string {
  return `$${moneyFormat.format(toNumber(value))}`;
}

/** The spec's truncation: the first 16 characters then '...' (as the original app reads); shorter names unchanged. */
export const ELLIPSIS = '...';

export function truncateName(name: string, length: number = NAME_TRUNCATE_LENGTH): string {
  // By code points, so an emoji or accented letter is never cut in half.
  const characters = Array.from(name);
  return characters.length > length ? `${characters.slice(0, length).join('')}${ELLIPSIS}` : name;
}

/** price x quantity, computed in cents so sums of prices like 0.1 do not drift. */
export function itemValueCents(item: Pick<CatalogueItem, 'price' | 'quantity'>): number {
  return Math.round(toNumber(item.price) * 100) * Math.round(toNumber(item.quantity));
}

export function itemValue(item: Pick<CatalogueItem, 'price' | 'quantity'>): number {
  return itemValueCents(item) / 100;
}

/** Sum of price x quantity over all items. */
export function totalValue(items: ReadonlyArray<Pick<CatalogueItem, 'price' | 'quantity'>>): number {
  return items.reduce((sum, item) => sum + itemValueCents(item), 0) / 100;
}

/** Out of stock: quantity 0 or '0' (SPEC.md §3). */
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

/** Items whose name or category contains the search text, ignoring case; blank search keeps everything. */
export function filterItems<T extends Pick<CatalogueItem, 'name' | 'category'>>(
  items: readonly T[],
  search: string,
): T[] {
  const wanted = search.trim().toLocaleLowerCase();
  if (!wanted) return items as T[];
  return items.filter(
    (item) => item.name.toLocaleLowerCase().includes(wanted) || item.category.toLocaleLowerCase().includes(wanted),
  );
}

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A readable local date and time, e.g. 'Mar 4, 2024, 2:05 PM'; '' for a missing or bad date. */
export function formatDateTime(iso: string | undefined | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat.format(date);
}
