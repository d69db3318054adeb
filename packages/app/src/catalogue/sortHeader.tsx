import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';

/** The options of a list of archivable records' "Show" filter: '' the active ones, 'only' the archived, 'include' both. */
export const ARCHIVE_OPTIONS = [
  { value: '', label: 'Active' },
  { value: 'only', label: 'Archived' },
  { value: 'include', label: 'All' },
];

/** A column's header that sorts the list (aria-sort; the same column again turns the direction round). */
export function sortHeader<S extends string>(label: string, key: S, sort: S, dir: 'asc' | 'desc', onSort: (key: S) => void) {
  const active = key === sort;
  const Icon = !active ? ArrowUpDown : dir === 'asc' ? ArrowUp : ArrowDown;
  return {
    ariaSort: (active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none') as 'ascending' | 'descending' | 'none',
    header: (
      <button
        type="button"
        className="inline-flex items-center gap-1 font-semibold text-ink hover:underline pointer-coarse:min-h-11 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        onClick={() => onSort(key)}
      >
        {label}
        <Icon aria-hidden="true" className={active ? 'size-4' : 'size-4 opacity-40'} />
      </button>
    ),
  };
}
