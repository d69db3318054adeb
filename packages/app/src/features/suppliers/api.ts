import type { Page, ProductSupplier, PurchaseOrder, Supplier, SupplierFields, SupplierRemoved } from '@inventory/contract/rules';
import { apiClient } from '../../api/client';
import { ifMatch, versioned, type Versioned } from '../../catalogue/versioned';

/** The supplier calls of the suppliers' screens (JSON). Only sagas call these. */
export const SUPPLIERS = '/api/suppliers';
const one = (id: string) => `${SUPPLIERS}/${encodeURIComponent(id)}`;

/** One page of suppliers (`GET /api/suppliers?limit=…`). */
export async function getSupplierPage(params: Record<string, string | number>, signal: AbortSignal): Promise<Page<Supplier>> {
  return (await apiClient.get<Page<Supplier>>(SUPPLIERS, { params, signal })).data;
}

export async function getSupplier(id: string): Promise<Versioned<Supplier>> {
  return versioned(await apiClient.get<Supplier>(one(id)));
}

export async function createSupplier(fields: SupplierFields): Promise<Supplier> {
  return (await apiClient.post<Supplier>(SUPPLIERS, fields)).data;
}

export async function updateSupplier(id: string, fields: SupplierFields, etag: string | null): Promise<Versioned<Supplier>> {
  return versioned(await apiClient.patch<Supplier>(one(id), fields, { headers: ifMatch(etag) }));
}

export async function deleteSupplier(id: string, etag: string | null): Promise<SupplierRemoved> {
  return (await apiClient.delete<SupplierRemoved>(one(id), { headers: ifMatch(etag) })).data;
}

export async function restoreSupplier(id: string, etag: string | null): Promise<Versioned<Supplier>> {
  return versioned(await apiClient.post<Supplier>(`${one(id)}/restore`, undefined, { headers: ifMatch(etag) }));
}

/** One page of a supplier's products, the links made last first (`GET /api/suppliers/{id}/products`). */
export async function getSupplierProductPage(params: Record<string, string | number>, signal: AbortSignal): Promise<Page<ProductSupplier>> {
  const { supplier, limit, after, before, skip } = params;
  const query = Object.fromEntries(Object.entries({ limit, after, before, skip }).filter(([, value]) => value !== undefined));
  return (await apiClient.get<Page<ProductSupplier>>(`${one(String(supplier))}/products`, { params: query, signal })).data;
}

/** One page of a supplier's purchase orders, newest first (`GET /api/purchase-orders?supplierId=…`). */
export async function getSupplierPurchaseOrderPage(params: Record<string, string | number>, signal: AbortSignal): Promise<Page<PurchaseOrder>> {
  const { supplier, limit, after, before, skip } = params;
  const query = Object.fromEntries(Object.entries({ supplierId: supplier, limit, after, before, skip }).filter(([, value]) => value !== undefined));
  return (await apiClient.get<Page<PurchaseOrder>>('/api/purchase-orders', { params: query, signal })).data;
}
