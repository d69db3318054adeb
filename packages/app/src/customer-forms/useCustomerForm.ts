import { useCallback, useMemo, useState, type ChangeEvent } from 'react';
import {
  CUSTOMER_FIELD_KEYS,
  type CustomerField,
  type CustomerFieldErrors,
  type CustomerFields,
  validateCustomerFields,
} from '@inventory/contract/rules';
import type { FormId } from '../forms/formErrorsSlice';
import { useFieldErrors } from '../forms/useFieldErrors';

/**
 * The state of a customer form (the customer page's, and the order form's new customer): values, field errors after a
 * submit (the contract's validateCustomerFields, then the server's answers that concern a field, such as an email
 * another customer has), and `validate()`, which shows them and focuses the first bad field. Typing clears a field's
 * error.
 */
export function useCustomerForm(initial: CustomerFields, idPrefix: string, form: FormId, shown: readonly CustomerField[] = CUSTOMER_FIELD_KEYS) {
  const [values, setValues] = useState<CustomerFields>(initial);
  const [ownErrors, setErrors] = useState<CustomerFieldErrors>({});
  const { errors: answered, clearField } = useFieldErrors(form);

  const onChange = useCallback(
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const { name, value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => (current[name as CustomerField] ? { ...current, [name]: undefined } : current));
      clearField(name);
    },
    [clearField],
  );

  /** True when the values may be sent; otherwise shows the errors of the shown fields and focuses the first. */
  const validate = useCallback((): boolean => {
    const all = validateCustomerFields(values);
    const found: CustomerFieldErrors = {};
    for (const field of shown) if (all[field]) found[field] = all[field];
    setErrors(found);
    const first = shown.find((field) => found[field]);
    if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
    return first === undefined;
  }, [values, idPrefix, shown]);

  const errors = useMemo(() => {
    const merged: CustomerFieldErrors = { ...ownErrors };
    for (const field of CUSTOMER_FIELD_KEYS) merged[field] ??= answered[field];
    return merged;
  }, [ownErrors, answered]);

  /** Back to the initial values (a new customer's empty form), with `fields` set (e.g. the name searched for). */
  const reset = useCallback(
    (fields: Partial<CustomerFields> = {}) => {
      setValues({ ...initial, ...fields });
      setErrors({});
    },
    [initial],
  );

  return { values, errors, onChange, validate, reset };
}
