import { useCallback, useState, type ChangeEvent } from 'react';
import type { FieldErrors, FormId } from './formErrorsSlice';
import { useFieldErrors } from './useFieldErrors';

/**
 * Controlled form values keyed by the inputs' `name`, and the form's field errors (`useFieldErrors`): editing a field
 * clears its error.
 */
export function useFormFields<T extends Record<string, string>>(initial: T, form: FormId) {
  const [values, setValues] = useState<T>(initial);
  const { errors, clearField } = useFieldErrors(form);
  const onChange = useCallback(
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const { name, value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
      clearField(name);
    },
    [clearField],
  );
  return [values, onChange, errors as FieldErrors] as const;
}
