import { forwardRef, useState, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import { Field, controlClassName, useFieldIds } from '../field/Field';
import { cn } from '../lib/cn';

export interface ComboboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'role'> {
  label: string;
  name: string;
  value: string;
  /** Every change of the text: typed, or a suggestion picked. */
  onChange: (value: string) => void;
  /** What to offer for the text as it is now (the caller filters); an empty list shows none. */
  suggestions: readonly string[];
  /** The listbox's accessible name, e.g. "Categories". */
  listLabel: string;
  error?: string;
  hint?: string;
  wrapperClassName?: string;
}

/**
 * A text field that suggests values as the user types (the WAI-ARIA combobox with a list popup, editable: any text is
 * a value, a suggestion only saves typing). Arrow keys move through the suggestions, Enter or a click takes one,
 * Escape closes the list, and what the user typed stays theirs until they take one.
 */
export const Combobox = forwardRef<HTMLInputElement, ComboboxProps>(function Combobox(
  { label, name, value, onChange, suggestions, listLabel, error, hint, id, className, wrapperClassName, required, onKeyDown, onBlur, onFocus, ...props },
  ref,
) {
  const { controlId, fieldProps, controlProps } = useFieldIds({ id, hint, error, describedBy: props['aria-describedby'] });
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = `${controlId}-list`;
  const shown = open && suggestions.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;

  const take = (suggestion: string) => {
    onChange(suggestion);
    setOpen(false);
    setActive(-1);
  };
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (!open) setOpen(true);
      else setActive((index) => Math.min(suggestions.length - 1, index + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => Math.max(0, index - 1));
    } else if (event.key === 'Enter' && shown && active >= 0 && suggestions[active] !== undefined) {
      event.preventDefault();
      take(suggestions[active]!);
    } else if (event.key === 'Escape' && shown) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <Field label={label} required={required} className={wrapperClassName} {...fieldProps}>
      <div className="relative">
        <input
          ref={ref}
          name={name}
          type="text"
          role="combobox"
          aria-expanded={shown}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          required={required}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={(event) => {
            onFocus?.(event);
            setOpen(true);
          }}
          onBlur={(event) => {
            onBlur?.(event);
            setOpen(false);
            setActive(-1);
          }}
          onKeyDown={keyDown}
          className={controlClassName(Boolean(error), className)}
          {...props}
          {...controlProps}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={listLabel}
          hidden={!shown}
          className="absolute z-10 mt-1 max-h-72 w-full overflow-y-auto rounded-md border border-line bg-surface py-1 shadow-card"
        >
          {suggestions.map((suggestion, index) => (
            <li
              key={suggestion}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              // Before the input's blur, so the click is not lost with the list.
              onMouseDown={(event) => {
                event.preventDefault();
                take(suggestion);
              }}
              className={cn('cursor-pointer px-3 py-2.5 text-ink', index === active ? 'bg-brand-50' : 'hover:bg-surface-muted')}
            >
              {suggestion}
            </li>
          ))}
        </ul>
      </div>
    </Field>
  );
});
