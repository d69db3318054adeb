import { fromCents, type ProductSupplier, type Supplier, type SupplierFields } from '@inventory/contract';
import type { Selectable } from 'kysely';
import type { ProductSuppliersTable, SuppliersTable } from '../db/types';

/** The only shape a supplier leaves the server in: never the row (no store, no version, no stamps). */
export function toSupplier(row: Selectable<SuppliersTable>): Supplier {
  return {
    _id: row.id,
    name: row.name,
    contact: row.contact,
    email: row.email,
    phone: row.phone,
    address: row.address,
    leadTimeDays: row.lead_time_days === null ? null : Number(row.lead_time_days),
    notes: row.notes,
    archivedAt: row.archived_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The columns of the supplier form's fields (those given). */
export function supplierColumns(fields: Partial<SupplierFields>) {
  return {
    ...(fields.name === undefined ? {} : { name: fields.name }),
    ...(fields.contact === undefined ? {} : { contact: fields.contact }),
    ...(fields.email === undefined ? {} : { email: fields.email }),
    ...(fields.phone === undefined ? {} : { phone: fields.phone }),
    ...(fields.address === undefined ? {} : { address: fields.address }),
    ...(fields.leadTimeDays === undefined ? {} : { lead_time_days: fields.leadTimeDays }),
    ...(fields.notes === undefined ? {} : { notes: fields.notes }),
  };
}

/** A link as read with its product's name and SKU and its supplier's name and archive state. */
export type LinkRow = Pick<Selectable<ProductSuppliersTable>, 'product_id' | 'supplier_id' | 'part_number' | 'pack_size' | 'last_cost_cents' | 'preferred' | 'created_at' | 'updated_at'> & {
  product_name: string;
  product_sku: string;
  supplier_name: string;
  supplier_archived_at: string | null;
};

/** A link as both of its lists answer it. */
export function toProductSupplier(row: LinkRow): ProductSupplier {
  return {
    product: { _id: row.product_id, name: row.product_name, sku: row.product_sku },
    supplier: { _id: row.supplier_id, name: row.supplier_name, archivedAt: row.supplier_archived_at },
    partNumber: row.part_number,
    packSize: Number(row.pack_size),
    lastCost: row.last_cost_cents === null ? null : fromCents(Number(row.last_cost_cents)),
    preferred: Number(row.preferred) === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
