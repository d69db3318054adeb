import { useState } from 'react';
import { type Category, categoryKey, MESSAGES, validateCategoryName } from '@inventory/contract/rules';
import { FormDialog, TextField } from '@inventory/ui';
import { useFieldErrors } from '../../forms/useFieldErrors';
import { plural } from './plural';

export interface RenameCategoryDialogProps {
  category: Category;
  /** The store's categories, to say before sending that a name is another's (a merge, then). */
  categories: readonly Category[];
  saving: boolean;
  onRename: (name: string) => void;
  onCancel: () => void;
}

/**
 * Rename a category: every product in it takes the new name. A name another category has (whatever its case and
 * accents) is said under the field before anything is sent, as the server would answer it (409: merge instead).
 */
export function RenameCategoryDialog({ category, categories, saving, onRename, onCancel }: RenameCategoryDialogProps) {
  const [name, setName] = useState(category.name);
  const [problem, setProblem] = useState<string | undefined>();
  const { errors, clearField } = useFieldErrors('categoryRename');
  const submit = () => {
    const holder = categories.find((other) => other._id !== category._id && categoryKey(other.name) === categoryKey(name));
    const found = validateCategoryName(name) ?? (holder ? MESSAGES.categoryNameTaken(holder.name) : null);
    setProblem(found ?? undefined);
    if (found) {
      document.getElementById('category-rename-name')?.focus();
      return;
    }
    onRename(name.trim());
  };
  return (
    <FormDialog
      open
      title={`Rename ${category.name}`}
      description={`${plural(category.products, 'product')} in ${category.name} will take the new name.`}
      submitLabel="Rename"
      submitting={saving}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <TextField
        id="category-rename-name"
        label="New name"
        name="category"
        required
        autoComplete="off"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setProblem(undefined);
          clearField('category');
        }}
        error={problem ?? errors.category}
      />
    </FormDialog>
  );
}
