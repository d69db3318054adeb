import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { IconButton } from '../button/Button';
import { cn } from '../lib/cn';

/* Small pieces of the rich-text toolbar. Mouse-down never takes the focus from the editor (keeps its selection). */

export const keepEditorFocus = (event: MouseEvent) => event.preventDefault();

export interface ToolButtonProps {
  label: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
  expanded?: boolean;
  controls?: string;
}

export function ToolButton({ label, pressed, disabled, onClick, children, expanded, controls }: ToolButtonProps) {
  return (
    <IconButton
      label={label}
      size="sm"
      variant="ghost"
      disabled={disabled}
      aria-pressed={pressed}
      aria-expanded={expanded}
      aria-controls={controls}
      onMouseDown={keepEditorFocus}
      onClick={onClick}
      data-toolbar-item=""
      className="text-ink aria-pressed:bg-brand-100 aria-pressed:text-brand-800 aria-expanded:bg-surface-sunken"
    >
      {children}
    </IconButton>
  );
}

export function ToolSelect({
  label,
  value,
  options,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  return (
    <select
      aria-label={label}
      title={label}
      data-toolbar-item=""
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      className={cn(
        'h-8 rounded border border-line bg-surface px-1.5 text-sm text-ink',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        'disabled:cursor-not-allowed disabled:opacity-60',
      )}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

export function Separator() {
  return <span aria-hidden="true" className="mx-1 h-6 w-px self-center bg-line" />;
}

/** A button opening a row of colour swatches (text colour or background). */
export function ColorPicker({
  label,
  icon,
  colors,
  value,
  disabled,
  onPick,
}: {
  label: string;
  icon: ReactNode;
  colors: ReadonlyArray<{ name: string; value: string }>;
  value: string;
  disabled?: boolean;
  onPick: (color: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const triggerRef = useRef<HTMLSpanElement>(null);
  const close = () => {
    setOpen(false);
    triggerRef.current?.querySelector('button')?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
    }
  };
  const pick = (color: string) => {
    onPick(color);
    setOpen(false);
  };
  return (
    <span className="relative inline-flex" ref={triggerRef} onKeyDown={onKeyDown}>
      <ToolButton label={label} disabled={disabled} expanded={open} controls={panelId} onClick={() => setOpen(!open)}>
        <span className="relative inline-flex">
          {icon}
          <span
            className="absolute -bottom-1 left-0 h-1 w-full rounded-sm border border-line"
            style={{ backgroundColor: value || 'transparent' }}
          />
        </span>
      </ToolButton>
      {open ? (
        <span
          id={panelId}
          role="group"
          aria-label={label}
          className="absolute top-full left-0 z-20 mt-1 flex w-max gap-1 rounded-md border border-line bg-surface p-1.5 shadow-raised"
        >
          <button
            type="button"
            aria-label="None"
            title="None"
            aria-pressed={value === ''}
            onMouseDown={keepEditorFocus}
            onClick={() => pick('')}
            className="size-6 rounded-sm border border-line-strong bg-surface text-xs text-ink-muted aria-pressed:outline-2 aria-pressed:outline-brand-600"
          >
            <span aria-hidden="true">⌀</span>
          </button>
          {colors.map((c) => (
            <button
              key={c.value}
              type="button"
              aria-label={c.name}
              title={c.name}
              aria-pressed={value === c.value}
              onMouseDown={keepEditorFocus}
              onClick={() => pick(c.value)}
              className="size-6 rounded-sm border border-line-strong aria-pressed:outline-2 aria-pressed:outline-offset-1 aria-pressed:outline-brand-600"
              style={{ backgroundColor: c.value }}
            />
          ))}
        </span>
      ) : null}
    </span>
  );
}

const ITEM = '[data-toolbar-item]';

/**
 * Roving focus for a role="toolbar" (WAI-ARIA toolbar pattern): the toolbar is one Tab stop; Arrow Left/Right,
 * Home and End move between its controls. Returns the props for the toolbar element.
 */
export function useRovingToolbar() {
  const ref = useRef<HTMLDivElement>(null);
  const active = useRef<Element | null>(null);

  const items = () =>
    Array.from(ref.current?.querySelectorAll<HTMLElement>(ITEM) ?? []).filter(
      (el) => !(el as HTMLButtonElement).disabled,
    );

  // After every render: exactly one enabled control is tabbable.
  useLayoutEffect(() => {
    const all = items();
    const current = active.current && all.includes(active.current as HTMLElement) ? active.current : all[0];
    active.current = current ?? null;
    ref.current?.querySelectorAll<HTMLElement>(ITEM).forEach((el) => {
      el.tabIndex = el === current ? 0 : -1;
    });
  });

  const move = (target: HTMLElement | undefined) => {
    if (!target) return;
    active.current = target;
    ref.current?.querySelectorAll<HTMLElement>(ITEM).forEach((el) => {
      el.tabIndex = el === target ? 0 : -1;
    });
    target.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (!target.matches(ITEM)) return;
    const all = items();
    const index = all.indexOf(target);
    let next: HTMLElement | undefined;
    if (event.key === 'ArrowRight') next = all[(index + 1) % all.length];
    else if (event.key === 'ArrowLeft') next = all[(index - 1 + all.length) % all.length];
    else if (event.key === 'Home') next = all[0];
    else if (event.key === 'End') next = all[all.length - 1];
    else return;
    event.preventDefault();
    move(next);
  };

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.matches(ITEM) && active.current !== target) move(target);
  };

  return { ref, onKeyDown, onFocus };
}
