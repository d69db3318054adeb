import type { Customer, CustomerFields } from '@inventory/contract';
import type { Selectable } from 'kysely';
import type { CustomersTable } from '../db/types';

/** The only shape a customer leaves the server in: never the row (no store, no version, no stamps). */
export function toCustomer(row: Selectable<CustomersTable>): Customer {
  return {
    _id: row.id,
    name: row.name,
    company: row.company,
    email: row.email,
    phone: row.phone,
    billingAddress: row.billing_address,
    shippingAddress: row.shipping_address,
    taxId: row.tax_id,
    notes: row.notes,
    archivedAt: row.archived_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The columns of the customer form's fields (those given). */
export function customerColumns(fields: Partial<CustomerFields>) {
  return {
    ...(fields.name === undefined ? {} : { name: fields.name }),
    ...(fields.company === undefined ? {} : { company: fields.company }),
    ...(fields.email === undefined ? {} : { email: fields.email }),
    ...(fields.phone === undefined ? {} : { phone: fields.phone }),
    ...(fields.billingAddress === undefined ? {} : { billing_address: fields.billingAddress }),
    ...(fields.shippingAddress === undefined ? {} : { shipping_address: fields.shippingAddress }),
    ...(fields.taxId === undefined ? {} : { tax_id: fields.taxId }),
    ...(fields.notes === undefined ? {} : { notes: fields.notes }),
  };
}
