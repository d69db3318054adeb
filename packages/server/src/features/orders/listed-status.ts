import { type Order, type OrderStatus, salesStatusOfRow } from '@inventory/contract';
import type { Selectable } from 'kysely';
import type { Db } from '../../db';
import type { OrdersTable } from '../../db/types';

/**
 * A page of the orders list answers each order of lines with its `salesStatus` (docs/decisions/0046): from the row's
 * stored status, and, for an open one, whether any of its lines shipped (one query for the page, by the lines' order
 * index). An order as SPEC.md sends it answers exactly as before.
 */
export async function withListedSalesStatus(db: Db, storeId: string, rows: readonly Selectable<OrdersTable>[], orders: Order[]): Promise<Order[]> {
  const openWithLines = rows.filter((row) => Number(row.line_count) > 0 && row.status === 'open').map((row) => row.id);
  const shipped = new Set<string>();
  if (openWithLines.length > 0) {
    const found = await db
      .selectFrom('order_lines')
      .select('order_id')
      .distinct()
      .where('store_id', '=', storeId)
      .where('order_id', 'in', openWithLines)
      .where('shipped', '>', 0)
      .execute();
    for (const { order_id } of found) shipped.add(order_id);
  }
  return orders.map((order, index) => {
    const row = rows[index]!;
    if (Number(row.line_count) === 0) return order;
    return { ...order, salesStatus: salesStatusOfRow(row.status as OrderStatus, shipped.has(row.id)) };
  });
}
