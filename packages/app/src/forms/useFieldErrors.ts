import { useCallback, useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { fieldEdited, formSettled, selectFieldErrors, type FieldErrors, type FormId } from './formErrorsSlice';

/**
 * The failures of one form that concern a field, for its inputs' `error`: the first bad field is focused when they
 * arrive (its input is found by `name` inside the form), editing a field clears its error, leaving the form clears all.
 */
export function useFieldErrors(form: FormId, formRef?: React.RefObject<HTMLElement | null>) {
  const dispatch = useAppDispatch();
  const errors: FieldErrors = useAppSelector(selectFieldErrors(form));

  useEffect(() => () => void dispatch(formSettled(form)), [dispatch, form]);

  useEffect(() => {
    const first = Object.keys(errors)[0];
    if (!first) return;
    const root: ParentNode = formRef?.current ?? document;
    const input = root.querySelector<HTMLElement>(`[name="${first}"]`);
    input?.focus();
  }, [errors, formRef]);

  const clearField = useCallback(
    (field: string) => {
      if (errors[field]) dispatch(fieldEdited({ form, field }));
    },
    [dispatch, errors, form],
  );

  return { errors, clearField };
}
