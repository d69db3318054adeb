import type { Order, OrderReturn, ReturnReason, Shipment } from '@inventory/contract/rules';
import type { OrderLineBody } from '../../../documents/pricing';
import { apiClient } from '../../../api/client';
import { ifMatch, versioned, type Versioned } from '../../../catalogue/versioned';

/** The calls of orders of several lines, their shipments and returns (issue 27). Only sagas call these. */
const ORDERS = '/api/orders';
const one = (id: string) => `${ORDERS}/${encodeURIComponent(id)}`;

export type { OrderLineBody, Pricing } from '../../../documents/pricing';
export { getPricing } from '../../../documents/pricing';

export interface SalesOrderBody {
  lines: OrderLineBody[];
  customerId: string | null;
}

export interface ShipmentBody {
  lines: { lineId: string; quantity: number }[];
  /** YYYY-MM-DD; absent: today (the server's day). */
  date?: string;
  carrier: string;
  trackingNumber: string;
}

export interface ReturnBody {
  lines: { lineId: string; quantity: number; reason: ReturnReason; restock: boolean }[];
}

export async function createSalesOrder(body: SalesOrderBody): Promise<Order> {
  return (await apiClient.post<Order>(ORDERS, body)).data;
}

export async function updateSalesOrder(
  id: string,
  body: SalesOrderBody,
  etag: string | null,
): Promise<Versioned<Order>> {
  return versioned(await apiClient.patch<Order>(one(id), body, { headers: ifMatch(etag) }));
}

/** Cancels what has not shipped: the order's SPEC fields sent back as they are, with `status: cancelled` (0041). */
export async function cancelSalesOrder(order: Order, etag: string | null): Promise<Versioned<Order>> {
  const body = {
    name: order.name,
    category: order.category,
    price: order.price,
    quantity: order.quantity,
    status: 'cancelled',
  };
  return versioned(await apiClient.patch<Order>(one(order._id), body, { headers: ifMatch(etag) }));
}

export async function listShipments(orderId: string): Promise<Shipment[]> {
  return (await apiClient.get<Shipment[]>(`${one(orderId)}/shipments`)).data;
}

export async function createShipment(orderId: string, body: ShipmentBody): Promise<Shipment> {
  return (await apiClient.post<Shipment>(`${one(orderId)}/shipments`, body)).data;
}

export async function listReturns(orderId: string): Promise<OrderReturn[]> {
  return (await apiClient.get<OrderReturn[]>(`${one(orderId)}/returns`)).data;
}

export async function createReturn(orderId: string, body: ReturnBody): Promise<OrderReturn> {
  return (await apiClient.post<OrderReturn>(`${one(orderId)}/returns`, body)).data;
}

/** The server's printable packing slip of one shipment (a page of its own; the session cookie signs it in). */
export function packingSlipHref(orderId: string, shipmentId: string): string {
  return `${apiClient.defaults.baseURL ?? ''}${one(orderId)}/shipments/${encodeURIComponent(shipmentId)}/packing-slip`;
}
