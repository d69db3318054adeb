import type { FormEvent } from 'react';
import { Button, Card, LoadingOverlay } from '@inventory/ui';
import type { ItemFormValues } from '../items/itemForm';
import { ItemFormFields } from '../items/ItemFormFields';
import { useItemForm } from '../items/useItemForm';

const ID_PREFIX = 'order';

export interface OrderFormProps {
  initialValues: ItemFormValues;
  saving: boolean;
  submitLabel: string;
  onSubmit: (values: ItemFormValues) => void;
}

/**
 * Name, category, price and quantity of an order (Add New Order and Order edit). Bad values show field errors and
 * nothing is sent (DESIGN.md §5); the input stays while saving and after a failed save. No SKU is sent (SPEC.md §3).
 */
export function OrderForm({ initialValues, saving, submitLabel, onSubmit }: OrderFormProps) {
  const { values, errors, onChange, validate } = useItemForm(initialValues, ID_PREFIX);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving || !validate()) return;
    onSubmit(values);
  };
  return (
    <Card>
      {saving ? <LoadingOverlay label="Saving order" /> : null}
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <ItemFormFields values={values} errors={errors} onChange={onChange} idPrefix={ID_PREFIX} />
        <div>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Card>
  );
}
