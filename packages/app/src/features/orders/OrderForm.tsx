import type { FormEvent } from 'react';
import { Button, Card, LoadingOverlay } from '@inventory/ui';
import type { ItemFormValues } from '../../catalogue/itemForm';
import { ItemFormFields } from '../../catalogue/ItemFormFields';
import { useItemForm } from '../../catalogue/useItemForm';

const ID_PREFIX = 'order';

export interface OrderFormProps {
  initialValues: ItemFormValues;
  saving: boolean;
  submitLabel: string;
  onSubmit: (values: ItemFormValues) => void;
}

/**
 * Name, category, price and quantity of an order (Add New Order and Order edit). Bad values show field errors and
 * nothing is sent; the input stays while saving and after a failed save. No SKU is sent: the server makes it.
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
