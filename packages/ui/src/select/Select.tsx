import { forwardRef, type SelectHTMLAttributes } from 'react';
import { ChevronDown } from 'lucide-react';
import { Field, controlClassName, useFieldIds } from '../field/Field';
import { cn } from '../lib/cn';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'children'> {
  label: string;
  name: string;
  options: SelectOption[];
  /** A first, empty option (e.g. 'Choose a category'). */
  placeholder?: string;
  error?: string;
  hint?: string;
  /** The label is for screen readers only (e.g. a select in a table row). */
  labelHidden?: boolean;
  wrapperClassName?: string;
}

/** A labelled native select with the same hint and error wiring as TextField. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { label, name, options, placeholder, error, hint, id, className, wrapperClassName, required, labelHidden, ...props },
  ref,
) {
  const { fieldProps, controlProps } = useFieldIds({
    id,
    hint,
    error,
    describedBy: props['aria-describedby'],
  });
  return (
    <Field label={label} required={required} labelHidden={labelHidden} className={wrapperClassName} {...fieldProps}>
      <div className="relative">
        <select
          ref={ref}
          name={name}
          required={required}
          className={controlClassName(Boolean(error), cn('appearance-none pr-9', className))}
          {...props}
          {...controlProps}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-ink-muted" />
      </div>
    </Field>
  );
});
