import { LIST_PAGE_SIZE, isListPageSize } from '@inventory/contract/rules';

/**
 * Rows per page of a paged list (products, orders), remembered per list in localStorage so the table opens as it was
 * left. Only the sizes the table offers are read back; anything else, or storage that cannot be read (private mode,
 * blocked cookies), is the spec's 5.
 */
export const PAGE_SIZE_KEY_PREFIX = 'inventory.rowsPerPage.';

type Storage_ = Pick<Storage, 'getItem' | 'setItem'> | undefined;

function browserStorage(): Storage_ {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function readPageSize(list: string, storage: Storage_ = browserStorage()): number {
  try {
    const stored = Number(storage?.getItem(PAGE_SIZE_KEY_PREFIX + list));
    return isListPageSize(stored) ? stored : LIST_PAGE_SIZE;
  } catch {
    return LIST_PAGE_SIZE;
  }
}

export function writePageSize(list: string, size: number, storage: Storage_ = browserStorage()): void {
  try {
    storage?.setItem(PAGE_SIZE_KEY_PREFIX + list, String(size));
  } catch {
    // Not remembered (storage full or blocked); the table still shows this many rows now.
  }
}
