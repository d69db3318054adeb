import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { Product } from '@inventory/contract/rules';
import { Button } from '@inventory/ui';
import { ScanButton } from '../scanning/ScanButton';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { productSearchCleared, productSearchRequested, selectProductPicker } from './productPicker';

/** What the form keeps of the chosen product: its id, and what to show. */
export interface PickedProduct {
  _id: string;
  name: string;
  sku?: string;
  /** Known when chosen in this form (the search answered it). */
  quantity?: number;
}

export interface ProductPickerProps {
  value: PickedProduct | null;
  onChange: (product: Product | null) => void;
  disabled?: boolean;
  /** The field's label and hint (default: the one-line order's). */
  label?: string;
  hint?: string;
  /** Enter with no option chosen: the text typed (a keyboard-wedge scanner ends its code with Enter). */
  onEnterText?: (text: string) => void;
  /** Products out of stock may be chosen too (a purchase order buys exactly those); default: only those in stock. */
  allowOutOfStock?: boolean;
}

/**
 * A combobox over the catalogue: typing searches the server (name, category or SKU), arrows move, Enter or a click
 * chooses, Escape closes. The chosen product shows with its stock; "No product" clears it. Shared by the order forms and
 * the purchase order form (product-picker/: what two features use).
 */
export function ProductPicker({
  value,
  onChange,
  disabled,
  label = 'Product',
  hint = 'Optional: an order of a catalogue product takes its stock.',
  onEnterText,
  allowOutOfStock = false,
}: ProductPickerProps) {
  const dispatch = useAppDispatch();
  const { results, status, message } = useAppSelector(selectProductPicker);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const ids = useId();
  const listId = `${ids}-list`;
  const inputId = 'order-product';
  const hintId = `${ids}-hint`;

  useEffect(() => () => void dispatch(productSearchCleared()), [dispatch]);

  const search = (query: string) => {
    setText(query);
    setOpen(true);
    setActive(-1);
    dispatch(productSearchRequested(query));
  };
  const choose = (product: Product) => {
    onChange(product);
    setOpen(false);
    setText('');
    setActive(-1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) search(text);
      else setActive((i) => Math.min(results.length - 1, i + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (event.key === 'Enter' && open && active >= 0 && results[active]) {
      event.preventDefault();
      if (allowOutOfStock || results[active]!.quantity > 0) choose(results[active]!);
    } else if (event.key === 'Enter' && onEnterText && text.trim() !== '') {
      event.preventDefault();
      onEnterText(text.trim());
      setOpen(false);
      setText('');
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  const showList = open && status !== 'idle';
  const listShown = showList && results.length > 0;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium text-ink">
        {label}
      </label>
      {value ? (
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-line bg-surface-muted px-3 py-2">
          <span className="font-medium text-ink">{value.name}</span>
          {value.sku ? <span className="text-sm text-ink-muted">{value.sku}</span> : null}
          {value.quantity !== undefined ? <span className="text-sm text-ink">In stock: {value.quantity}</span> : null}
          <Button variant="secondary" size="sm" onClick={() => onChange(null)} disabled={disabled}>
            No product
          </Button>
        </div>
      ) : null}
      <div className="flex items-start gap-2">
        <div className="relative min-w-0 flex-1">
          <input
            id={inputId}
            type="text"
            role="combobox"
            aria-expanded={listShown}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-describedby={hintId}
            aria-activedescendant={listShown && active >= 0 ? `${listId}-${active}` : undefined}
            autoComplete="off"
            disabled={disabled}
            value={text}
            placeholder={value ? 'Search for another product' : 'Search by name, category or SKU'}
            onChange={(event) => search(event.target.value)}
            onFocus={() => {
              if (!open) search(text);
            }}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
            className="h-10 w-full rounded-md border border-line-strong bg-surface px-3 text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
          />
          {showList && results.length > 0 ? (
            <ul
              id={listId}
              role="listbox"
              aria-label="Products"
              className="absolute z-10 mt-1 max-h-72 w-full overflow-y-auto rounded-md border border-line bg-surface py-1 shadow-card"
            >
              {results.map((product, index) => {
                // None in stock: shown, so the user knows it exists, but it cannot be ordered.
                const unavailable = !allowOutOfStock && product.quantity <= 0;
                return (
                  <li
                    key={product._id}
                    id={`${listId}-${index}`}
                    role="option"
                    aria-selected={index === active}
                    aria-disabled={unavailable || undefined}
                    // Chosen on mousedown, before the input's blur closes the list.
                    onMouseDown={(event) => {
                      event.preventDefault();
                      if (!unavailable) choose(product);
                    }}
                    className={`flex justify-between gap-3 px-3 py-2 ${unavailable ? 'cursor-not-allowed text-ink-muted' : 'cursor-pointer'} ${index === active ? 'bg-brand-50' : ''}`}
                  >
                    <span>
                      {product.name}{' '}
                      <span className="text-sm text-ink-muted">
                        · {product.category} · {product.sku}
                      </span>
                    </span>
                    {unavailable ? (
                      <span className="shrink-0 text-sm font-medium text-danger">Out of stock: unavailable</span>
                    ) : (
                      <span className="shrink-0 text-sm text-ink">{product.quantity} in stock</span>
                    )}
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>
        <ScanButton onProduct={choose} label="Scan a product's barcode" disabled={disabled} />
      </div>
      <p role="status" className="m-0 min-h-5 text-sm text-ink-muted">
        {showList && status === 'searching' && results.length === 0 ? 'Searching…' : null}
        {showList && status === 'done' && results.length === 0 ? 'No products match' : null}
        {showList && status === 'failed' ? message : null}
      </p>
      <p id={hintId} className="m-0 text-sm text-ink-muted">
        {hint}
      </p>
    </div>
  );
}
