import { useCallback, useState, type ChangeEvent } from 'react';

/** Controlled form values keyed by the inputs' `name`. */
export function useFormFields<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const onChange = useCallback((event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const { name, value } = event.target;
    setValues((current) => ({ ...current, [name]: value }));
  }, []);
  return [values, onChange] as const;
}
