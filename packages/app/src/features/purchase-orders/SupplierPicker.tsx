import { useEffect, useState } from 'react';
import { Combobox } from '@inventory/ui';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { selectPurchaseOrders, supplierSearchRequested } from './purchaseOrdersSlice';

/** What the form keeps of the chosen supplier. */
export interface PickedSupplier {
  _id: string;
  name: string;
}

export interface SupplierPickerProps {
  value: PickedSupplier | null;
  onChange: (supplier: PickedSupplier | null) => void;
  error?: string;
  disabled?: boolean;
}

/**
 * The purchase order's supplier: a combobox over the store's suppliers who are not archived (typing searches the
 * server by name; arrows, Enter or a click take one). The text is the supplier once it is one of their names.
 */
export function SupplierPicker({ value, onChange, error, disabled }: SupplierPickerProps) {
  const dispatch = useAppDispatch();
  const { suppliers, suppliersStatus } = useAppSelector(selectPurchaseOrders);
  const [text, setText] = useState(value?.name ?? '');

  useEffect(() => {
    dispatch(supplierSearchRequested(''));
  }, [dispatch]);

  // The text names a supplier (taken from the list, or typed whole): they are the order's.
  useEffect(() => {
    const named = suppliers.find((supplier) => supplier.name.toLowerCase() === text.trim().toLowerCase());
    if (named && named._id !== value?._id) onChange({ _id: named._id, name: named.name });
    else if (!named && value && value.name !== text && suppliersStatus === 'loaded') onChange(null);
  }, [suppliers, suppliersStatus, text, value, onChange]);

  return (
    <Combobox
      id="purchase-order-supplier"
      name="supplierId"
      label="Supplier"
      required
      value={text}
      onChange={(next) => {
        setText(next);
        dispatch(supplierSearchRequested(next));
      }}
      suggestions={suppliers.map((supplier) => supplier.name)}
      listLabel="Suppliers"
      hint="Search by name."
      error={error}
      disabled={disabled}
      autoComplete="off"
    />
  );
}
