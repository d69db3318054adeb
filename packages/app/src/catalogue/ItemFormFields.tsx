import type { ChangeEvent, ReactNode } from 'react';
import type { ItemFieldErrors } from '@inventory/contract/rules';
import { TextField } from '@inventory/ui';
import type { ItemFormValues } from './itemForm';

export interface ItemFormFieldsProps {
  values: ItemFormValues;
  errors: ItemFieldErrors;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** Prefix of the inputs' ids, so two forms on one page never share one. */
  idPrefix: string;
  disabled?: boolean;
  /** Another control for the category (the product form's suggestions); without it, a plain text field. */
  renderCategory?: (field: { id: string; value: string; error?: string; disabled?: boolean }) => ReactNode;
}

/**
 * Name, category, price and quantity with their field errors (from `validateItemFields`), as the product form and the
 * order form both show them. Price and quantity are text inputs with a numeric keyboard, so the messages are ours.
 */
export function ItemFormFields({ values, errors, onChange, idPrefix, disabled, renderCategory }: ItemFormFieldsProps) {
  return (
    <>
      <TextField
        id={`${idPrefix}-name`}
        label="Name"
        name="name"
        required
        autoComplete="off"
        value={values.name}
        onChange={onChange}
        error={errors.name}
        disabled={disabled}
      />
      {renderCategory ? (
        renderCategory({ id: `${idPrefix}-category`, value: values.category, error: errors.category, disabled })
      ) : (
        <TextField
          id={`${idPrefix}-category`}
          label="Category"
          name="category"
          required
          autoComplete="off"
          value={values.category}
          onChange={onChange}
          error={errors.category}
          disabled={disabled}
        />
      )}
      <TextField
        id={`${idPrefix}-price`}
        label="Price"
        name="price"
        required
        inputMode="decimal"
        autoComplete="off"
        value={values.price}
        onChange={onChange}
        error={errors.price}
        hint="In dollars, e.g. 1299.99"
        disabled={disabled}
      />
      <TextField
        id={`${idPrefix}-quantity`}
        label="Quantity"
        name="quantity"
        required
        inputMode="numeric"
        autoComplete="off"
        value={values.quantity}
        onChange={onChange}
        error={errors.quantity}
        disabled={disabled}
      />
    </>
  );
}
