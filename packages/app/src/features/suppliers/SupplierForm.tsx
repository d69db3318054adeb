import { useCallback, useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  firstSupplierError,
  readLeadTime,
  SUPPLIER_FIELD_KEYS,
  SUPPLIER_FIELD_LABELS,
  SUPPLIER_TEXT_FIELDS,
  type SupplierField,
  type SupplierFieldErrors,
  type SupplierFields,
  supplierValues,
  validateSupplierFields,
} from '@inventory/contract/rules';
import { Button, Card, LoadingOverlay, TextArea, TextField } from '@inventory/ui';
import { useFieldErrors } from '../../forms/useFieldErrors';

const ID_PREFIX = 'supplier';

/** The form's values as typed: text, the lead time too ('' for none). */
type SupplierFormValues = Record<SupplierField, string>;

const INPUT: Partial<Record<SupplierField, { type?: string; inputMode?: 'email' | 'tel' | 'numeric'; autoComplete: string }>> = {
  name: { autoComplete: 'off' },
  contact: { autoComplete: 'off' },
  email: { type: 'email', inputMode: 'email', autoComplete: 'off' },
  phone: { type: 'tel', inputMode: 'tel', autoComplete: 'off' },
  leadTimeDays: { inputMode: 'numeric', autoComplete: 'off' },
};

const HINTS: Partial<Record<SupplierField, string>> = {
  name: 'Unique among your suppliers; an import finds them by it',
  contact: 'The person to ask for',
  leadTimeDays: 'Days from ordering to delivery, 0 to 365; empty when not known',
};

const asText = (fields: SupplierFields): SupplierFormValues => ({ ...fields, leadTimeDays: fields.leadTimeDays === null ? '' : String(fields.leadTimeDays) });

/** The values as the API takes them and the form's own errors: the contract's rules, the lead time read from its text. */
function check(values: SupplierFormValues): { fields: SupplierFields | null; errors: SupplierFieldErrors } {
  const lead = readLeadTime(values.leadTimeDays);
  const fields = { ...values, leadTimeDays: 'days' in lead ? lead.days : null };
  const errors = validateSupplierFields(fields);
  if ('message' in lead) errors.leadTimeDays = lead.message;
  return { fields: firstSupplierError(errors) ? null : supplierValues(fields), errors };
}

export interface SupplierFormProps {
  initialValues: SupplierFields;
  saving: boolean;
  submitLabel: string;
  onSubmit: (values: SupplierFields) => void;
}

/**
 * A supplier (Add Supplier and Edit Supplier): name (required), contact, email, phone, address, lead time in days and
 * notes. Bad values show under their fields and nothing is sent; the server's answers that concern a field (a name
 * another supplier has) show there too; the input stays while saving and after a failed save.
 */
export function SupplierForm({ initialValues, saving, submitLabel, onSubmit }: SupplierFormProps) {
  const [values, setValues] = useState<SupplierFormValues>(() => asText(initialValues));
  const [ownErrors, setErrors] = useState<SupplierFieldErrors>({});
  const { errors: answered, clearField } = useFieldErrors('supplier');
  const onChange = useCallback(
    (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const { name, value } = event.target;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => (current[name as SupplierField] ? { ...current, [name]: undefined } : current));
      clearField(name);
    },
    [clearField],
  );
  const errors = useMemo(() => {
    const merged: SupplierFieldErrors = { ...ownErrors };
    for (const field of SUPPLIER_FIELD_KEYS) merged[field] ??= answered[field];
    return merged;
  }, [ownErrors, answered]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = check(values);
    setErrors(checked.errors);
    const first = SUPPLIER_FIELD_KEYS.find((field) => checked.errors[field]);
    if (first) document.getElementById(`${ID_PREFIX}-${first}`)?.focus();
    if (checked.fields) onSubmit(checked.fields);
  };
  const field = (key: SupplierField) => {
    const common = {
      id: `${ID_PREFIX}-${key}`,
      label: SUPPLIER_FIELD_LABELS[key],
      name: key,
      value: values[key],
      error: errors[key],
      hint: HINTS[key],
      required: key === 'name',
    };
    return key !== 'leadTimeDays' && SUPPLIER_TEXT_FIELDS.multiline.has(key) ? (
      <TextArea key={key} {...common} rows={key === 'notes' ? 4 : 3} onChange={onChange} />
    ) : (
      <TextField key={key} {...common} {...INPUT[key]} onChange={onChange} />
    );
  };
  return (
    <Card>
      {saving ? <LoadingOverlay label="Saving supplier" /> : null}
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <div className="grid gap-5 md:grid-cols-2">{(['name', 'contact', 'email', 'phone'] as const).map(field)}</div>
        <div className="grid gap-5 md:grid-cols-2">{(['address', 'leadTimeDays'] as const).map(field)}</div>
        {field('notes')}
        <div>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Card>
  );
}
