import { useEffect } from 'react';
import { categoryKey } from '@inventory/contract/rules';
import { Combobox } from '@inventory/ui';
import { useAppDispatch, useAppSelector } from '../store/hooks';
import { categorySuggestionsCleared, categorySuggestionsRequested, selectCategorySuggestions } from './categorySuggestions';

export interface CategoryComboboxProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * A product's category: any text, with the store's categories suggested as the user types (a name matching whatever
 * its case and accents). Taking one writes its stored spelling; typing one in other letters works too (the server
 * files it under the stored spelling), and the hint says which it will be.
 */
export function CategoryCombobox({ id, value, onChange, error, disabled }: CategoryComboboxProps) {
  const dispatch = useAppDispatch();
  const { names } = useAppSelector(selectCategorySuggestions);
  useEffect(() => () => void dispatch(categorySuggestionsCleared()), [dispatch]);
  const typed = categoryKey(value);
  const same = names.find((name) => categoryKey(name) === typed && name !== value.trim());
  return (
    <Combobox
      id={id}
      label="Category"
      name="category"
      listLabel="Categories"
      required
      value={value}
      suggestions={names.filter((name) => name !== value.trim())}
      onChange={(next) => {
        onChange(next);
        dispatch(categorySuggestionsRequested(next));
      }}
      onFocus={() => dispatch(categorySuggestionsRequested(value))}
      hint={same ? `Saved as ${same}, the spelling your store uses` : undefined}
      error={error}
      disabled={disabled}
    />
  );
}
