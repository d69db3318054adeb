import { useCallback, useMemo, useState } from 'react';
import type { CatalogueItem } from './catalogueItem';
import type { RowSelection } from './PagedItemsTable';

/**
 * A selection mode over a paged table: off, the table looks as ever; on, its rows get checkboxes and the chosen ids
 * are kept across pages (in the order chosen) until the mode is left.
 */
export function useRowSelection<T extends CatalogueItem>() {
  const [selecting, setSelecting] = useState(false);
  const [ids, setIds] = useState<readonly string[]>([]);
  const selection: RowSelection<T> = useMemo(
    () => ({
      isSelected: (item) => ids.includes(item._id),
      onToggle: (item, selected) =>
        setIds((current) =>
          selected ? [...current.filter((id) => id !== item._id), item._id] : current.filter((id) => id !== item._id),
        ),
    }),
    [ids],
  );
  const toggleSelecting = useCallback(() => {
    setSelecting((on) => !on);
    setIds([]);
  }, []);
  return { selecting, ids, selection: selecting ? selection : undefined, toggleSelecting };
}
