import type { MessageResponse, Order, OrderPayload as ItemPayload, OrderStatus } from '@inventory/contract/rules';
import { apiClient } from '../../api/client';
import { ifMatch, versioned, type Versioned } from '../../catalogue/versioned';

/** The order calls (JSON; the client sends no SKU). Only sagas call these. */
const ORDERS = '/api/orders';

/** An order's JSON: the item fields, its catalogue product and customer (null: none) and, on an edit, its status. */
export interface OrderPayload extends ItemPayload {
  productId?: string | null;
  customerId?: string | null;
  status?: OrderStatus;
}
const one = (id: string) => `${ORDERS}/${encodeURIComponent(id)}`;

export async function createOrder(payload: OrderPayload): Promise<Order> {
  return (await apiClient.post<Order>(ORDERS, payload)).data;
}

export async function getOrder(id: string): Promise<Versioned<Order>> {
  return versioned(await apiClient.get<Order>(one(id)));
}

export async function updateOrder(id: string, payload: OrderPayload, etag: string | null): Promise<Versioned<Order>> {
  return versioned(await apiClient.patch<Order>(one(id), payload, { headers: ifMatch(etag) }));
}

export async function deleteOrder(id: string): Promise<MessageResponse> {
  return (await apiClient.delete<MessageResponse>(one(id))).data;
}
