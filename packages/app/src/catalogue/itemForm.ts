import { validateItemFields, type ItemField, type ItemFieldErrors } from '@inventory/contract/rules';

/** The four text inputs the product and order forms share (numbers stay text until sent). */
export interface ItemFormValues {
  name: string;
  category: string;
  price: string;
  quantity: string;
}

export const EMPTY_ITEM_VALUES: ItemFormValues = { name: '', category: '', price: '', quantity: '' };

export const ITEM_FIELD_ORDER: readonly ItemField[] = ['name', 'category', 'price', 'quantity'];

/** A saved product or order as form text. */
export function toItemFormValues(item: {
  name: string;
  category: string;
  price: number | string;
  quantity: number | string;
}): ItemFormValues {
  return { name: item.name, category: item.category, price: String(item.price), quantity: String(item.quantity) };
}

/** The form's values trimmed and as numbers, once `validateItemFields` found nothing. */
export function toItemPayload(values: ItemFormValues) {
  return {
    name: values.name.trim(),
    category: values.category.trim(),
    price: Number(values.price.trim()),
    quantity: Number(values.quantity.trim()),
  };
}

/** Field errors for the form; empty when it may be sent. */
export function itemFormErrors(values: ItemFormValues): ItemFieldErrors {
  return validateItemFields(values);
}

export function hasErrors(errors: ItemFieldErrors): boolean {
  return ITEM_FIELD_ORDER.some((field) => errors[field]);
}
