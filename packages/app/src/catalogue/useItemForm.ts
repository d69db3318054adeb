import { useCallback, useState, type ChangeEvent } from 'react';
import type { ItemField, ItemFieldErrors } from '@inventory/contract/rules';
import { hasErrors, itemFormErrors, ITEM_FIELD_ORDER, type ItemFormValues } from './itemForm';

/**
 * The state of the four item fields: values, field errors after a submit, and `validate()` which shows the errors
 * and focuses the first bad field. Typing in a field clears its error.
 */
export function useItemForm(initial: ItemFormValues, idPrefix: string) {
  const [values, setValues] = useState<ItemFormValues>(initial);
  const [errors, setErrors] = useState<ItemFieldErrors>({});

  const onChange = useCallback((event: ChangeEvent<HTMLInputElement>) => {
    const { name, value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name as ItemField] ? { ...current, [name]: undefined } : current));
  }, []);

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
  const setFields = useCallback((fields: Partial<ItemFormValues>) => {
    setValues((current) => ({ ...current, ...fields }));
    setErrors((current) => {
      const next = { ...current };
      for (const field of Object.keys(fields) as ItemField[]) delete next[field];
      return next;
    });
  }, []);

  return { values, errors, onChange, validate, setFields };
}
