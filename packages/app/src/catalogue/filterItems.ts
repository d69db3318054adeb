import type { CatalogueItem } from './catalogueItem';

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
