import { useEffect, useId, useRef, useState } from 'react';
import { ROLE_LABELS } from '@inventory/contract/rules';
import { cn, Spinner } from '@inventory/ui';
import { Check, ChevronDown, Store as StoreIcon } from 'lucide-react';
import { storeSwitchRequested } from '../membership/membershipSlice';
import { selectActiveStore, selectStores, selectSwitchingTo } from '../membership/selectors';
import { useAppDispatch, useAppSelector } from '../store/hooks';

/**
 * The header's store: with one store its name, as text; with more, a button naming the active store that opens the
 * list of their stores (with their role in each). A name too long for the header is cut with its whole text as the
 * title (and in the list, where it wraps). Choosing another switches to it (the saga reloads
 * the catalogue and opens the dashboard). Escape or a click elsewhere closes the list.
 */
export function StoreSwitcher() {
  const dispatch = useAppDispatch();
  const stores = useAppSelector(selectStores);
  const active = useAppSelector(selectActiveStore);
  const switchingTo = useAppSelector(selectSwitchingTo);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!active) return null;
  if (stores.length < 2) {
    return (
      <p
        title={active.name}
        className="m-0 inline-flex h-8 max-w-36 min-w-0 items-center gap-2 text-sm text-ink sm:max-w-80"
      >
        <StoreIcon aria-hidden="true" className="size-4 shrink-0 text-ink-muted" />
        <span className="text-ink-muted max-sm:sr-only">Store:</span>
        <span className="truncate font-semibold">{active.name}</span>
      </p>
    );
  }
  const busy = switchingTo !== null;

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        aria-busy={busy || undefined}
        onClick={() => setOpen((was) => !was)}
        title={active.name}
        className="inline-flex h-8 max-w-36 items-center gap-2 sm:max-w-80 pointer-coarse:min-h-11 rounded border border-line-strong bg-surface px-3 text-sm text-ink hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {busy ? (
          <Spinner size="sm" label="Switching store" />
        ) : (
          <StoreIcon aria-hidden="true" className="size-4 shrink-0" />
        )}
        <span className="text-ink-muted max-sm:sr-only">Store:</span>
        <span className="truncate font-semibold">{active.name}</span>
        <ChevronDown aria-hidden="true" className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')} />
      </button>
      <div
        id={listId}
        hidden={!open}
        className="absolute top-full right-0 z-40 mt-1 w-72 max-w-[calc(100vw-1rem)] rounded-lg border border-line bg-surface p-1 shadow-overlay"
      >
        <p
          className="m-0 px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-ink-muted uppercase"
          id={`${listId}-title`}
        >
          Your stores
        </p>
        <ul aria-labelledby={`${listId}-title`} className="m-0 flex list-none flex-col p-0">
          {stores.map((store) => (
            <li key={store._id}>
              <button
                type="button"
                aria-current={store.active ? 'true' : undefined}
                disabled={busy}
                onClick={() => {
                  setOpen(false);
                  button.current?.focus();
                  if (!store.active) dispatch(storeSwitchRequested(store._id));
                }}
                className="flex w-full items-center gap-3 rounded px-3 py-2 text-left text-sm text-ink hover:bg-surface-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-progress"
              >
                <span className="inline-flex size-4 shrink-0 items-center justify-center">
                  {store.active ? <Check aria-hidden="true" className="size-4 text-brand-700" /> : null}
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-medium break-words">{store.name}</span>
                  <span className="block text-xs text-ink-muted">{ROLE_LABELS[store.role]}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
