import { toCents } from '@inventory/contract/rules';
import type { CatalogueItem } from './catalogueItem';

const moneyFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

const toNumber = (value: number | string): number => {
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isFinite(n) ? n : 0;
};

/** '$' then the amount with 2 decimals and thousands separators: 1234.5 → '$1,234.50'. */
export function formatMoney(value: number | string): string {
  return `$${moneyFormat.format(toNumber(value))}`;
}

/** price x quantity, computed in cents so sums of prices like 0.1 do not drift. */
export function itemValueCents(item: Pick<CatalogueItem, 'price' | 'quantity'>): number {
  return toCents(toNumber(item.price)) * Math.round(toNumber(item.quantity));
}

export function itemValue(item: Pick<CatalogueItem, 'price' | 'quantity'>): number {
  return itemValueCents(item) / 100;
}
