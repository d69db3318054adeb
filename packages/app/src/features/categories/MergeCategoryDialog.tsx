import { useState } from 'react';
import { type Category, MESSAGES } from '@inventory/contract/rules';
import { FormDialog, Select } from '@inventory/ui';
import { useFieldErrors } from '../../forms/useFieldErrors';
import { plural } from './plural';

export interface MergeCategoryDialogProps {
  category: Category;
  /** The store's categories: every other one may be chosen. */
  categories: readonly Category[];
  saving: boolean;
  onMerge: (into: string) => void;
  onCancel: () => void;
}

/**
 * Merge a category into another: choose the target; the dialog says how many products move and how many the target
 * will then hold. The category is gone afterwards.
 */
export function MergeCategoryDialog({ category, categories, saving, onMerge, onCancel }: MergeCategoryDialogProps) {
  const [into, setInto] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const { errors, clearField } = useFieldErrors('categoryMerge');
  const others = categories.filter((other) => other._id !== category._id);
  const target = others.find((other) => other._id === into);
  const submit = () => {
    if (!target) {
      setProblem(MESSAGES.categoryMergeIntoItself);
      document.getElementById('category-merge-into')?.focus();
      return;
    }
    onMerge(target._id);
  };
  return (
    <FormDialog
      open
      title={`Merge ${category.name}`}
      description={
        <>
          <p className="m-0">
            {plural(category.products, 'product')} in {category.name} will move to the category you choose, and {category.name} will be gone.
          </p>
          {target ? (
            <p className="m-0 mt-2 font-medium text-ink" aria-live="polite">
              {plural(category.products, 'product')} move to {target.name}, which will then have {plural(target.products + category.products, 'product')}.
            </p>
          ) : null}
        </>
      }
      submitLabel="Merge"
      submitting={saving}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <Select
        id="category-merge-into"
        label="Merge into"
        name="into"
        required
        placeholder="Choose a category"
        options={others.map((other) => ({ value: other._id, label: `${other.name} (${plural(other.products, 'product')})` }))}
        value={into}
        onChange={(event) => {
          setInto(event.target.value);
          setProblem(undefined);
          clearField('into');
        }}
        error={problem ?? errors.into}
      />
    </FormDialog>
  );
}
