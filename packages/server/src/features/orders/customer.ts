import { orderCustomerRefusal, type OrderCustomer } from '@inventory/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db';
import { isPostgres } from '../../db/json-rows';
import { HttpError } from '../../http/errors';

/**
 * An order's customer (docs/decisions/0035-customers.md). Naming one on a create or a change takes the customer's row
 * (PostgreSQL `for key share`: their edits go on, their deletion waits; SQLite's write lock is the database's) after
 * the products' locks and before the order's write, so deleting a customer and placing an order for them never cross:
 * the deletion either sees the order and archives them, or goes first and the order is refused here.
 */
export async function lockOrderCustomer(trx: Kysely<Database>, storeId: string, customerId: string): Promise<void> {
  let query = trx.selectFrom('customers').select(['name', 'archived_at']).where('id', '=', customerId).where('store_id', '=', storeId);
  if (isPostgres(trx)) query = query.forKeyShare();
  const customer = await query.executeTakeFirst();
  const refusal = orderCustomerRefusal(customer ? { name: customer.name, archivedAt: customer.archived_at } : null);
  if (refusal) throw new HttpError(refusal.status, refusal.message);
}

/** `customer: {_id, name}` of a single-item answer, or nothing for an order without one (answered as before). */
export async function customerOfOrder(reader: Kysely<Database>, row: { customer_id: string | null }): Promise<{ customer?: OrderCustomer }> {
  if (!row.customer_id) return {};
  const customer = await reader.selectFrom('customers').select(['id', 'name']).where('id', '=', row.customer_id).executeTakeFirst();
  return customer ? { customer: { _id: customer.id, name: customer.name } } : {};
}
