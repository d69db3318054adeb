import { MESSAGES } from './messages';
import { compareBytes } from './query-items';

/**
 * Categories kept tidy (docs/decisions/0032-categories.md): a store's categories are rows of their own, each with a
 * spelling (`name`, what products answer as their `category`) and a key that matches it case- and
 * accent-insensitively. A category written on a product (form, API, import) is the store's category with the same key,
 * in its stored spelling, else a new one. The server and the mocks both decide with these rules.
 */

/** The most categories one list answers (a store has tens; an import of a messy file may make thousands). */
export const CATEGORY_LIST_MAX = 1000;

/** How many categories the product form suggests as the user types. */
export const CATEGORY_SUGGESTIONS = 8;

/**
 * What makes two categories the same: compatibility decomposition (NFKD), combining marks removed, lower case,
 * trimmed, runs of white space as one space. "  LAPTOPS ", "laptops" and "Láptops" share a key.
 */
export function categoryKey(name: string): string {
  return tidySpaces(name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase());
}

/** The spelling a new category takes from what was written: trimmed, runs of white space as one space. */
export function categoryName(written: string): string {
  return tidySpaces(written);
}

const tidySpaces = (text: string) => text.trim().replace(/\s+/gu, ' ');

/** A category the store has: its stored spelling and key. */
export interface KnownCategory {
  name: string;
  key: string;
}

/** What a written category becomes: the store's category of that key (its spelling wins), else a new one. */
export interface ResolvedCategory {
  name: string;
  key: string;
  /** True when no category of the store has this key yet: the write makes it. */
  created: boolean;
}

/** The category `written` names in a store whose categories `byKey` finds. */
export function resolveCategory(written: string, byKey: (key: string) => KnownCategory | undefined): ResolvedCategory {
  const key = categoryKey(written);
  const existing = byKey(key);
  return existing ? { name: existing.name, key, created: false } : { name: categoryName(written), key, created: true };
}

/**
 * Which of the spellings of one key a category takes where a store has several (data from before categories, the
 * mocks' seeds): the one most products have, then the first in byte order (capitals first).
 */
export function preferredSpelling(spellings: readonly { name: string; products: number }[]): string {
  return [...spellings].sort((a, b) => b.products - a.products || compareBytes(a.name, b.name))[0]!.name;
}

/** A category as lists and rules see it. */
export interface CategoryRow {
  _id: string;
  name: string;
  /** How many of the store's products are in it. */
  products: number;
  createdAt: string;
  updatedAt: string;
}

export interface CategoryQuery {
  q?: string | undefined;
  limit?: number | undefined;
}

/** Whether a category matches a search: its key contains the search's key (any case, any accents). */
export function categoryMatches(category: Pick<KnownCategory, 'key'> | { name: string }, q: string | undefined): boolean {
  const wanted = q === undefined ? '' : categoryKey(q);
  if (wanted === '') return true;
  const key = 'key' in category ? category.key : categoryKey(category.name);
  return key.includes(wanted);
}

/** Byte order of their keys, then of their spellings, then of their ids: the order both databases sort in. */
export function compareCategories(a: { name: string; _id: string }, b: { name: string; _id: string }): number {
  return compareBytes(categoryKey(a.name), categoryKey(b.name)) || compareBytes(a.name, b.name) || compareBytes(a._id, b._id);
}

/** `GET /api/categories`: those matching `q`, in key order, at most `limit` (CATEGORY_LIST_MAX); `total` counts every match. */
export function queryCategories<T extends CategoryRow>(categories: readonly T[], query: CategoryQuery): { items: T[]; total: number } {
  const matching = categories.filter((category) => categoryMatches(category, query.q)).sort(compareCategories);
  return { items: matching.slice(0, Math.min(query.limit ?? CATEGORY_LIST_MAX, CATEGORY_LIST_MAX)), total: matching.length };
}

/** A refused rename or merge: the status and message the API answers. */
export interface CategoryRefusal {
  status: 400 | 404 | 409;
  message: string;
}

/**
 * Whether a category may take `name`: it must exist (404), and no other category of the store may have the new name's
 * key (409: that is a merge). A new spelling of its own key ("laptops" to "Laptops") is a rename.
 */
export function categoryRenameRefusal(change: {
  category: { _id: string } | undefined;
  name: string;
  holder: { _id: string; name: string } | undefined;
}): CategoryRefusal | null {
  if (!change.category) return { status: 404, message: MESSAGES.categoryNotFound };
  if (change.holder && change.holder._id !== change.category._id) return { status: 409, message: MESSAGES.categoryNameTaken(change.holder.name) };
  return null;
}

/** Whether `source` may be merged into `target`: both must exist and differ. */
export function categoryMergeRefusal(change: {
  source: { _id: string } | undefined;
  target: { _id: string } | undefined;
  into: string;
}): CategoryRefusal | null {
  if (!change.source) return { status: 404, message: MESSAGES.categoryNotFound };
  if (change.source._id === change.into) return { status: 400, message: MESSAGES.categoryMergeIntoItself };
  if (!change.target) return { status: 404, message: MESSAGES.categoryMergeTargetNotFound };
  return null;
}

/** At most this many of a file's categories are listed in a dry run; the counts cover them all. */
export const IMPORT_MAX_CATEGORY_MAPPINGS = 100;

/** A category of an import file as the dry run tells it: "laptops → Laptops", or a new one. */
export interface CategoryMapping {
  /** As the file writes it. */
  written: string;
  /** The category its rows go to. */
  category: string;
  /** Whether the store has that category already (else the import makes it). */
  existing: boolean;
}

/**
 * The categories of a dry run, a batch of rows at a time: each spelling of the file that goes to a category of another
 * spelling ("laptops → Laptops"), and each category the import would make (its first spelling in the file, which the
 * later spellings of its key join). `existing` finds the store's categories by key (one batch's keys at a time).
 */
export function createCategoryReport() {
  const seen = new Set<string>();
  const made = new Map<string, string>();
  const listed: CategoryMapping[] = [];
  let mapped = 0;
  let created = 0;
  const list = (mapping: CategoryMapping) => {
    if (listed.length < IMPORT_MAX_CATEGORY_MAPPINGS) listed.push(mapping);
  };
  return {
    add(written: readonly string[], existing: readonly KnownCategory[]): void {
      const byKey = new Map(existing.map((category) => [category.key, category]));
      for (const text of written) {
        const spelling = categoryName(text);
        if (seen.has(spelling)) continue;
        seen.add(spelling);
        const resolved = resolveCategory(spelling, (key) => byKey.get(key) ?? (made.has(key) ? { key, name: made.get(key)! } : undefined));
        if (resolved.created) {
          made.set(resolved.key, resolved.name);
          created += 1;
          list({ written: spelling, category: resolved.name, existing: false });
        } else if (resolved.name !== spelling) {
          mapped += 1;
          list({ written: spelling, category: resolved.name, existing: byKey.has(resolved.key) });
        }
      }
    },
    get result(): { categories: CategoryMapping[]; categoriesMapped: number; categoriesCreated: number } {
      return { categories: listed, categoriesMapped: mapped, categoriesCreated: created };
    },
  };
}
