import { useCallback, useMemo, useState, type ChangeEvent } from 'react';
import type { ItemField, ItemFieldErrors } from '@inventory/contract/rules';
import type { FieldErrors, FormId } from '../forms/formErrorsSlice';
import { useFieldErrors } from '../forms/useFieldErrors';
import { hasErrors, itemFormErrors, ITEM_FIELD_ORDER, type ItemFormValues } from './itemForm';

/**
 * The state of the four item fields: values, field errors after a submit (the form's own checks, then the server's
 * answers that concern a field, e.g. 409 not enough stock under Quantity), and `validate()` which shows the errors and
 * focuses the first bad field. Typing in a field clears its error.
 */
export function useItemForm(initial: ItemFormValues, idPrefix: string, form: FormId) {
  const [values, setValues] = useState<ItemFormValues>(initial);
  const [ownErrors, setErrors] = useState<ItemFieldErrors>({});
  const { errors: answered, clearField } = useFieldErrors(form);

  const onChange = useCallback(
    (event: ChangeEvent<HTMLInputElement>) => {
      const { name, value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => (current[name as ItemField] ? { ...current, [name]: undefined } : current));
      clearField(name);
    },
    [clearField],
  );

  /** True when the values may be sent; otherwise shows the errors and focuses the first bad field. */
  const validate = useCallback((): boolean => {
    const found = itemFormErrors(values);
    setErrors(found);
    if (!hasErrors(found)) return true;
    const first = ITEM_FIELD_ORDER.find((field) => found[field]);
    if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
    return false;
  }, [values, idPrefix]);

  /** Sets several fields at once (e.g. from a chosen product), clearing their errors. */
  const setFields = useCallback(
    (fields: Partial<ItemFormValues>) => {
      setValues((current) => ({ ...current, ...fields }));
      setErrors((current) => {
        const next = { ...current };
        for (const field of Object.keys(fields) as ItemField[]) delete next[field];
        return next;
      });
      for (const field of Object.keys(fields)) clearField(field);
    },
    [clearField],
  );

  const errors = useMemo(() => {
    const merged: ItemFieldErrors = { ...ownErrors };
    for (const field of ITEM_FIELD_ORDER) merged[field] ??= answered[field];
    return merged;
  }, [ownErrors, answered]);

  /** The server's answers for the form's other fields (reorder point, description). */
  const otherErrors: FieldErrors = answered;

  return { values, errors, otherErrors, onChange, validate, setFields, clearField };
}
