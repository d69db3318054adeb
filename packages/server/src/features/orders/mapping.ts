import { fromCents, type Order } from '@inventory/contract';
import type { Selectable } from 'kysely';
import type { OrdersTable } from '../../db/types';

/** The only shape an order leaves the server in: never the row (no owner, no version). */
export function toOrder(row: Omit<Selectable<OrdersTable>, 'line_count'>): Order {
  return {
    _id: row.id,
    name: row.name,
    sku: row.sku,
    category: row.category,
    price: fromCents(row.price_cents),
    quantity: Number(row.quantity),
    status: row.status as Order['status'],
    productId: row.product_id ?? null,
    // Only when it has one: an order without a customer answers exactly as before (docs/decisions/0035-customers.md).
    ...(row.customer_id ? { customerId: row.customer_id } : {}),
    number: Number(row.number),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
