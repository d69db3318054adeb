import type { Order } from '@inventory/contract';
import type { OrdersTable } from '../../db/types';
import { fromCents, type Row } from '../products/mapping';

/** The only shape an order leaves the server in (DESIGN.md §4). */
export function toOrder(row: Row<OrdersTable>): Order {
  return {
    _id: row.id,
    name: row.name,
    sku: row.sku,
    category: row.category,
    price: fromCents(row.price_cents),
    quantity: Number(row.quantity),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
