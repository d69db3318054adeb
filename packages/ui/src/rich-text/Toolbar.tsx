import { useId, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
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
