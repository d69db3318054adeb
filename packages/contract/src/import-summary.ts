/**
 * What a dry run tells beside its counts (issue 25): the rows that would make a new product whose name a product of
 * the store already has under another SKU, a likely duplicate of it (the next supplier file naming the same laptop by
 * its own part number). Names match trimmed, whatever their ASCII case, as the databases' "C" `lower()` folds them.
 */

/** At most this many likely duplicates are listed; the count covers them all. */
export const IMPORT_MAX_DUPLICATES = 100;

/** How names are matched for likely duplicates. */
export const nameMatchKey = (name: string): string =>
  name.trim().replace(/[A-Z]+/g, (letters) => letters.toLowerCase());

export interface LikelyDuplicate {
  /** The file's row (the header is row 1). */
  row: number;
  /** The row's name. */
  name: string;
  /** The SKU of the store's product of that name. */
  sku: string;
}

/**
 * Collects the likely duplicates of a dry run, a batch of rows at a time: `newRows` are the rows that would be
 * created, `existing` the store's products whose names match any of theirs (looked up by `nameMatchKey`).
 */
export function createDuplicateReport() {
  const listed: LikelyDuplicate[] = [];
  let count = 0;
  return {
    add(newRows: readonly { row: number; name: string }[], existing: readonly { name: string; sku: string }[]): void {
      const byName = new Map<string, string>();
      for (const product of existing) {
        const key = nameMatchKey(product.name);
        if (!byName.has(key)) byName.set(key, product.sku);
      }
      for (const row of newRows) {
        const sku = byName.get(nameMatchKey(row.name));
        if (sku === undefined) continue;
        count += 1;
        if (listed.length < IMPORT_MAX_DUPLICATES) listed.push({ row: row.row, name: row.name, sku });
      }
    },
    get result(): { likelyDuplicates: LikelyDuplicate[]; likelyDuplicateCount: number } {
      return { likelyDuplicates: listed, likelyDuplicateCount: count };
    },
  };
}
