import type { FormEvent } from 'react';
import { customerValues, type CustomerFields } from '@inventory/contract/rules';
import { Button, Card, LoadingOverlay } from '@inventory/ui';
import { CustomerFormFields } from '../../customer-forms/CustomerFormFields';
import { useCustomerForm } from '../../customer-forms/useCustomerForm';

const ID_PREFIX = 'customer';

export interface CustomerFormProps {
  initialValues: CustomerFields;
  saving: boolean;
  submitLabel: string;
  onSubmit: (values: CustomerFields) => void;
}

/**
 * A customer (Add Customer and Edit Customer): name (required), company, email, phone, billing and shipping address,
 * tax id and notes. Bad values show under their fields and nothing is sent; the server's answers that concern a
 * field (an email another customer has) show there too; the input stays while saving and after a failed save.
 */
export function CustomerForm({ initialValues, saving, submitLabel, onSubmit }: CustomerFormProps) {
  const { values, errors, onChange, validate } = useCustomerForm(initialValues, ID_PREFIX, 'customer');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving || !validate()) return;
    onSubmit(customerValues(values));
  };
  return (
    <Card>
      {saving ? <LoadingOverlay label="Saving customer" /> : null}
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <div className="grid gap-5 md:grid-cols-2">
          <CustomerFormFields values={values} errors={errors} onChange={onChange} idPrefix={ID_PREFIX} fields={['name', 'company', 'email', 'phone']} />
        </div>
        <div className="grid gap-5 md:grid-cols-2">
          <CustomerFormFields values={values} errors={errors} onChange={onChange} idPrefix={ID_PREFIX} fields={['billingAddress', 'shippingAddress']} />
        </div>
        <CustomerFormFields values={values} errors={errors} onChange={onChange} idPrefix={ID_PREFIX} fields={['taxId', 'notes']} />
        <div>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Card>
  );
}
