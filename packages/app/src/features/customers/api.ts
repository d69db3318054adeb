import type { Customer, CustomerFields, CustomerRemoved, Order, Page } from '@inventory/contract/rules';
import { apiClient } from '../../api/client';
import { ifMatch, versioned, type Versioned } from '../../catalogue/versioned';
import { CUSTOMERS } from '../../customer-forms/api';

/** The customer calls of the customers' screens (JSON). Only sagas call these. */
const one = (id: string) => `${CUSTOMERS}/${encodeURIComponent(id)}`;

/** One page of customers (`GET /api/customers?limit=…`). */
export async function getCustomerPage(params: Record<string, string | number>, signal: AbortSignal): Promise<Page<Customer>> {
  return (await apiClient.get<Page<Customer>>(CUSTOMERS, { params, signal })).data;
}

export async function getCustomer(id: string): Promise<Versioned<Customer>> {
  return versioned(await apiClient.get<Customer>(one(id)));
}

export async function updateCustomer(id: string, fields: CustomerFields, etag: string | null): Promise<Versioned<Customer>> {
  return versioned(await apiClient.patch<Customer>(one(id), fields, { headers: ifMatch(etag) }));
}

export async function deleteCustomer(id: string, etag: string | null): Promise<CustomerRemoved> {
  return (await apiClient.delete<CustomerRemoved>(one(id), { headers: ifMatch(etag) })).data;
}

export async function restoreCustomer(id: string, etag: string | null): Promise<Versioned<Customer>> {
  return versioned(await apiClient.post<Customer>(`${one(id)}/restore`, undefined, { headers: ifMatch(etag) }));
}

/**
 * One page of a customer's orders, newest first (`GET /api/customers/{id}/orders`): the list's `customer` filter is
 * the path; the route pages only (no search, sort or other filter).
 */
export async function getCustomerOrderPage(params: Record<string, string | number>, signal: AbortSignal): Promise<Page<Order>> {
  const { customer, limit, after, before, skip } = params;
  const query = Object.fromEntries(Object.entries({ limit, after, before, skip }).filter(([, value]) => value !== undefined));
  return (await apiClient.get<Page<Order>>(`${one(String(customer))}/orders`, { params: query, signal })).data;
}
