import { useCallback, useMemo, useState, type ChangeEvent } from 'react';
import { type StoreSettings, type StoreSettingsErrors, validateStoreSettings } from '@inventory/contract/rules';
import { useFieldErrors } from '../../forms/useFieldErrors';
import { formValuesOf, settingsOf, type SettingsFormValues } from './settingsFormValues';

/**
 * The settings form's state: its values as typed (the preview reads them live), the errors of the contract's rules
 * after a submit and the server's answers that concern a field; typing clears a field's error.
 */
export function useSettingsForm(settings: StoreSettings) {
  const [values, setValues] = useState<SettingsFormValues>(() => formValuesOf(settings));
  const [ownErrors, setErrors] = useState<StoreSettingsErrors>({});
  const { errors: answered, clearField } = useFieldErrors('storeSettings');

  const onChange = useCallback(
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const { name, value, type } = event.target;
      const checked = type === 'checkbox' ? (event.target as HTMLInputElement).checked : undefined;
      setValues((current) => ({ ...current, [name]: checked ?? value }));
      setErrors((current) => (current[name as keyof StoreSettingsErrors] ? { ...current, [name]: undefined } : current));
      clearField(name);
    },
    [clearField],
  );

  /** True when the values may be sent; otherwise shows the errors and focuses the first bad field. */
  const validate = useCallback((): boolean => {
    const found = validateStoreSettings(settingsOf(values));
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) document.getElementById(`settings-${first}`)?.focus();
    return first === undefined;
  }, [values]);

  const errors = useMemo(() => {
    const merged: Partial<Record<string, string>> = { ...ownErrors };
    for (const [field, message] of Object.entries(answered)) merged[field] ??= message;
    return merged as StoreSettingsErrors;
  }, [ownErrors, answered]);
  return { values, errors, onChange, validate };
}
