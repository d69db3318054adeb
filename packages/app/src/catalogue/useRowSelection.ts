import { useCallback, useMemo, useState } from 'react';
import type { CatalogueItem } from './catalogueItem';
import type { RowSelection } from './PagedItemsTable';

/**
 * A selection mode over a paged table: off, the table looks as ever; on, its rows get checkboxes and the chosen ids
 * are kept across pages (in the order chosen) until the mode is left. "All matching" chooses every row the list's
 * query names, on every page, without listing them (a bulk action sends the query); choosing a row by hand then
 * starts a selection of ids again.
 */
export function useRowSelection<T extends CatalogueItem>() {
  const [selecting, setSelecting] = useState(false);
  const [ids, setIds] = useState<readonly string[]>([]);
  const [allMatching, setAllMatching] = useState(false);
  const selection: RowSelection<T> = useMemo(
    () => ({
      isSelected: (item) => allMatching || ids.includes(item._id),
      onToggle: (item, selected) => {
        setAllMatching(false);
        setIds((current) => {
          const base = allMatching ? [] : current;
          return selected ? [...base.filter((id) => id !== item._id), item._id] : base.filter((id) => id !== item._id);
        });
      },
    }),
    [ids, allMatching],
  );
  const toggleSelecting = useCallback(() => {
    setSelecting((on) => !on);
    setIds([]);
    setAllMatching(false);
  }, []);
  const selectAllMatching = useCallback(() => {
    setAllMatching(true);
    setIds([]);
  }, []);
  const clear = useCallback(() => {
    setAllMatching(false);
    setIds([]);
  }, []);
  return { selecting, ids, allMatching, selection: selecting ? selection : undefined, toggleSelecting, selectAllMatching, clear };
}
