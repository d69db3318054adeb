import { LIST_PAGE_SIZE, isListPageSize } from '@inventory/contract/rules';

/**
 * A paged list's choices, remembered per list in localStorage so the table opens as it was left: rows per page
 * (products, orders; only the sizes the table offers are read back, anything else is the spec's 5) and whether names
 * show in full. Storage that cannot be read (private mode, blocked cookies) gives the defaults.
 */
export const PAGE_SIZE_KEY_PREFIX = 'inventory.rowsPerPage.';
export const FULL_NAMES_KEY_PREFIX = 'inventory.fullNames.';

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

/** Names in full instead of the spec's 16 characters: off unless the user turned it on for this list. */
export function readFullNames(list: string, storage: Storage_ = browserStorage()): boolean {
  try {
    return storage?.getItem(FULL_NAMES_KEY_PREFIX + list) === '1';
  } catch {
    return false;
  }
}

export function writeFullNames(list: string, on: boolean, storage: Storage_ = browserStorage()): void {
  try {
    storage?.setItem(FULL_NAMES_KEY_PREFIX + list, on ? '1' : '0');
  } catch {
    // Not remembered; the table still shows what was chosen now.
  }
}
