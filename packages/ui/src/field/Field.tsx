import { useId, type ReactNode } from 'react';
import { cn } from '../lib/cn';

/** Ids that tie a control to its label, hint and error, and the aria props the control needs. */
export function useFieldIds({
  id,
  hint,
  error,
  describedBy,
}: {
  id?: string;
  hint?: string;
  error?: string;
  describedBy?: string;
}) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const ariaDescribedBy = [describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined;
  return {
    controlId,
    hintId,
    errorId,
    /** Spread into `<Field>`: the ids and texts it wires to the control. */
    fieldProps: { controlId, hint, hintId, error, errorId },
    controlProps: {
      id: controlId,
      'aria-describedby': ariaDescribedBy,
      'aria-invalid': error ? (true as const) : undefined,
    },
  };
}

/** The classes every text-like control shares (input, textarea, select). */
export function controlClassName(invalid: boolean, className?: string) {
  return cn(
    'block w-full rounded border bg-surface px-3 py-2 text-base text-ink placeholder:text-ink-muted',
    'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600',
    'disabled:cursor-not-allowed disabled:bg-surface-sunken disabled:text-ink-muted',
    invalid ? 'border-danger focus-visible:outline-danger' : 'border-line-strong',
    className,
  );
}

export interface FieldProps {
  label: string;
  controlId: string;
  hint?: string;
  hintId?: string;
  error?: string;
  errorId?: string;
  required?: boolean;
  /** The label is for screen readers only (e.g. a control in a table row, named by its column). */
  labelHidden?: boolean;
  className?: string;
  children: ReactNode;
}

/** The frame of a form field: label above, control, then hint and error text wired by id. */
export function Field({
  label,
  controlId,
  hint,
  hintId,
  error,
  errorId,
  required,
  labelHidden,
  className,
  children,
}: FieldProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={controlId} className={labelHidden ? 'sr-only' : 'text-sm font-medium text-ink'}>
        {label}
        {required ? (
          <span aria-hidden="true" className="ml-0.5 text-danger">
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
