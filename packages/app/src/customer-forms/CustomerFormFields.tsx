import type { ChangeEvent } from 'react';
import {
  CUSTOMER_FIELD_KEYS,
  CUSTOMER_FIELD_LABELS,
  type CustomerField,
  type CustomerFieldErrors,
  type CustomerFields,
  MULTILINE_CUSTOMER_FIELDS,
} from '@inventory/contract/rules';
import { TextArea, TextField } from '@inventory/ui';

/** How each field is typed on a phone's keyboard and filled by the browser. */
const INPUT: Partial<Record<CustomerField, { type?: string; inputMode?: 'email' | 'tel'; autoComplete: string }>> = {
  name: { autoComplete: 'off' },
  company: { autoComplete: 'off' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'off' },
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'off' },
  taxId: { autoComplete: 'off' },
};

const HINTS: Partial<Record<CustomerField, string>> = {
  taxId: 'A VAT number or other tax id',
  email: 'Unique among your customers; an import finds them by it',
};

export interface CustomerFormFieldsProps {
  values: CustomerFields;
  errors: CustomerFieldErrors;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  /** Prefix of the inputs' ids, so two forms on one page never share one. */
  idPrefix: string;
  /** The fields to show, in the form's order (default: all of them). */
  fields?: readonly CustomerField[];
  disabled?: boolean;
}

/**
 * A customer's fields with their errors under them: one line each, addresses and notes as text areas. Only the name
 * is required (the contract's validateCustomerFields).
 */
export function CustomerFormFields({ values, errors, onChange, idPrefix, fields = CUSTOMER_FIELD_KEYS, disabled }: CustomerFormFieldsProps) {
  return (
    <>
      {fields.map((field) => {
        const common = {
          id: `${idPrefix}-${field}`,
          label: CUSTOMER_FIELD_LABELS[field],
          name: field,
          value: values[field],
          error: errors[field],
          hint: HINTS[field],
          required: field === 'name',
          disabled,
        };
        return MULTILINE_CUSTOMER_FIELDS.has(field) ? (
          <TextArea key={field} {...common} rows={field === 'notes' ? 4 : 3} onChange={onChange} />
        ) : (
          <TextField key={field} {...common} {...INPUT[field]} onChange={onChange} />
        );
      })}
    </>
  );
}
