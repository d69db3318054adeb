import type { Customer, CustomerFields, Page } from '@inventory/contract/rules';
import { apiClient } from '../api/client';

/** The customer calls the customers' screens and the order form's picker share. Only sagas call these. */
export const CUSTOMERS = '/api/customers';

export async function createCustomer(fields: CustomerFields): Promise<Customer> {
  return (await apiClient.post<Customer>(CUSTOMERS, fields)).data;
}

/** A page of the store's active customers matching `q` (name, company, email or phone). */
export async function searchCustomers(q: string, limit: number): Promise<Page<Customer>> {
  const params: Record<string, string | number> = { limit, sort: 'name' };
  if (q.trim()) params.q = q.trim();
  return (await apiClient.get<Page<Customer>>(CUSTOMERS, { params })).data;
}
