import { useEffect, useId, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { cn } from '../lib/cn';

export interface TruncatedTextProps {
  /** What is shown: the text already cut (the caller decides where, e.g. 16 characters and "..."). */
  shown: string;
  /** The whole text, shown in a tooltip on hover and on keyboard focus. */
  full: string;
  className?: string;
}

/**
 * Cut text whose whole shows on hover and on focus. A `title` alone shows only to a mouse after a delay, never on
 * keyboard focus nor to touch, so the cut text is focusable and describes itself by a tooltip rendered while it is
 * wanted (the cell's own text stays the cut text, which is what the table shows). Escape hides it. The tooltip is
 * placed `fixed` under the text: a table scrolls sideways in a box that would otherwise clip it; a scroll hides it.
 */
export function TruncatedText({ shown, full, className }: TruncatedTextProps) {
  const id = useId();
  const [at, setAt] = useState<{ top: number; left: number } | null>(null);
  const open = at !== null;
  useEffect(() => {
    if (!open) return;
    const hide = () => setAt(null);
    window.addEventListener('scroll', hide, true);
    return () => window.removeEventListener('scroll', hide, true);
  }, [open]);
  if (shown === full) return <span className={className}>{full}</span>;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setAt(null);
    }
  };
  const show = (event: SyntheticEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    setAt({ top: box.bottom + 4, left: box.left });
  };
  const hide = () => setAt(null);
  return (
    <span
      // A tab stop of its own: the full name must be reachable without a mouse.
      tabIndex={0}
      aria-describedby={open ? id : undefined}
      className={cn(
        'inline-block cursor-help rounded-sm underline decoration-dotted underline-offset-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        className,
      )}
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={onKeyDown}
    >
      {shown}
      {at ? (
        <span
          id={id}
          role="tooltip"
          style={{ top: at.top, left: at.left }}
          className="fixed z-30 w-max max-w-80 rounded-md bg-ink px-2 py-1 text-sm font-normal whitespace-normal text-ink-inverse shadow-card"
        >
          {full}
        </span>
      ) : null}
    </span>
  );
}
