import { useId } from 'react';
import { Search } from 'lucide-react';
import { cn } from '../lib/cn';

export interface SearchInputProps {
  value: string;
  /** Receives the new text (not the event). */
  onChange: (value: string) => void;
  placeholder: string;
  /** The accessible name (visually hidden). */
  label: string;
  className?: string;
}

/** A search box with a magnifier icon; its label is read by screen readers only. */
export function SearchInput({ value, onChange, placeholder, label, className }: SearchInputProps) {
  const id = useId();
  return (
    <div className={cn('relative w-full max-w-xs', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted" />
      <input
        id={id}
        type="search"
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        className="block w-full rounded border border-line-strong bg-surface py-2 pr-3 pl-9 text-sm text-ink placeholder:text-ink-muted focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600"
      />
    </div>
  );
}
