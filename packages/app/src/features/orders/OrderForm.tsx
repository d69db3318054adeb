import { useState, type FormEvent } from 'react';
import { ORDER_STATUSES, type OrderCustomer, type OrderStatus, type Product } from '@inventory/contract/rules';
import { Button, Card, LoadingOverlay, Select } from '@inventory/ui';
import type { ItemFormValues } from '../../catalogue/itemForm';
import { ItemFormFields } from '../../catalogue/ItemFormFields';
import { useItemForm } from '../../catalogue/useItemForm';
import { CustomerPicker } from '../../customer-picker/CustomerPicker';
import type { OrderFormValues } from './ordersSlice';
import { ORDER_STATUS_LABELS } from '../../catalogue/OrderStatusBadge';
import { ProductPicker, type PickedProduct } from '../../product-picker/ProductPicker';

const ID_PREFIX = 'order';


export interface OrderFormProps {
  initialValues: ItemFormValues;
  /** The order's catalogue product (edit), null for none. */
  initialProduct?: PickedProduct | null;
  /** The order's customer (edit), null for none. */
  initialCustomer?: OrderCustomer | null;
  /** The order's status (edit): shown as a select; absent on a new order (open). */
  initialStatus?: OrderStatus;
  saving: boolean;
  submitLabel: string;
  onSubmit: (values: OrderFormValues) => void;
}

/**
 * An order (Add New Order and Order edit): its customer, picked by search or made right here ("New customer…"), a
 * catalogue product picked by search (it fills name, category and price,
 * still editable, and the order takes its stock), then name, category, price, quantity and, on an edit, the status.
 * Bad values show field errors and nothing is sent; the input stays while saving and after a failed save (e.g. 409 not
 * enough stock). No SKU is sent: the server makes it.
 */
export function OrderForm({
  initialValues,
  initialProduct = null,
  initialCustomer = null,
  initialStatus,
  saving,
  submitLabel,
  onSubmit,
}: OrderFormProps) {
  const { values, errors, onChange, validate, setFields } = useItemForm(initialValues, ID_PREFIX, 'order');
  const [product, setProduct] = useState<PickedProduct | null>(initialProduct);
  const [customer, setCustomer] = useState<OrderCustomer | null>(initialCustomer);
  const [status, setStatus] = useState<OrderStatus | undefined>(initialStatus);

  const onProduct = (chosen: Product | null) => {
    if (!chosen) {
      setProduct(null);
      return;
    }
    setProduct({ _id: chosen._id, name: chosen.name, sku: chosen.sku, quantity: chosen.quantity });
    setFields({ name: chosen.name, category: chosen.category, price: String(chosen.price) });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving || !validate()) return;
    onSubmit({
      ...values,
      productId: product?._id ?? null,
      customerId: customer?._id ?? null,
      ...(status === undefined ? {} : { status }),
    });
  };
  return (
    <Card>
      {saving ? <LoadingOverlay label="Saving order" /> : null}
      <form onSubmit={submit} noValidate className="flex flex-col gap-5">
        <CustomerPicker value={customer} onChange={setCustomer} disabled={saving} />
        <ProductPicker value={product} onChange={onProduct} disabled={saving} />
        <ItemFormFields values={values} errors={errors} onChange={onChange} idPrefix={ID_PREFIX} />
        {status !== undefined ? (
          <Select
            id={`${ID_PREFIX}-status`}
            label="Status"
            name="status"
            value={status}
            onChange={(event) => setStatus(event.target.value as OrderStatus)}
            options={ORDER_STATUSES.map((value) => ({ value, label: ORDER_STATUS_LABELS[value] }))}
            hint="Cancelling gives the stock back; a fulfilled order can no longer be changed"
          />
        ) : null}
        <div>
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Card>
  );
}
