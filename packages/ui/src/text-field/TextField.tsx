import { forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { Field, controlClassName, useFieldIds } from '../field/Field';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> {
  label: string;
  name: string;
  /** Shown under the control in the danger colour; sets aria-invalid and joins the description. */
  error?: string;
  /** Helper text under the control, part of its description. */
  hint?: string;
  /** Classes for the field's wrapper (label + control + texts); `className` styles the input. */
  wrapperClassName?: string;
}

/** A labelled input (text, email, password, number, ...) with hint and error wired for screen readers. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, name, error, hint, id, className, wrapperClassName, type = 'text', required, ...props },
  ref,
) {
  const { fieldProps, controlProps } = useFieldIds({
    id,
    hint,
    error,
    describedBy: props['aria-describedby'],
  });
  return (
    <Field label={label} required={required} className={wrapperClassName} {...fieldProps}>
      <input
        ref={ref}
        name={name}
        type={type}
        required={required}
        className={controlClassName(Boolean(error), className)}
        {...props}
        {...controlProps}
      />
    </Field>
  );
});

export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name'> {
  label: string;
  name: string;
  error?: string;
  hint?: string;
  wrapperClassName?: string;
}

/** A labelled multi-line text control with the same hint and error wiring as TextField. */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { label, name, error, hint, id, className, wrapperClassName, rows = 4, required, ...props },
  ref,
) {
  const { fieldProps, controlProps } = useFieldIds({
    id,
    hint,
    error,
    describedBy: props['aria-describedby'],
  });
  return (
    <Field label={label} required={required} className={wrapperClassName} {...fieldProps}>
      <textarea
        ref={ref}
        name={name}
        rows={rows}
        required={required}
        className={controlClassName(Boolean(error), className)}
        {...props}
        {...controlProps}
      />
    </Field>
  );
});
