import type { Page, ProductSupplier, ProductSupplierFields, Supplier } from '@inventory/contract/rules';
import { apiClient } from '../api/client';

/** A product's suppliers (`/api/products/{id}/suppliers`) and the suppliers to choose from. Only sagas call these. */
const linksOf = (productId: string) => `/api/products/${encodeURIComponent(productId)}/suppliers`;

export async function getProductSuppliers(productId: string): Promise<ProductSupplier[]> {
  return (await apiClient.get<ProductSupplier[]>(linksOf(productId))).data;
}

export async function addProductSupplier(productId: string, supplierId: string, fields: ProductSupplierFields): Promise<ProductSupplier> {
  return (await apiClient.post<ProductSupplier>(linksOf(productId), { supplierId, ...fields })).data;
}

export async function putProductSupplier(productId: string, supplierId: string, fields: Partial<ProductSupplierFields>): Promise<ProductSupplier> {
  return (await apiClient.put<ProductSupplier>(`${linksOf(productId)}/${encodeURIComponent(supplierId)}`, fields)).data;
}

export async function removeProductSupplier(productId: string, supplierId: string): Promise<void> {
  await apiClient.delete(`${linksOf(productId)}/${encodeURIComponent(supplierId)}`);
}

/** The store's active suppliers to link, by name (the first 100: a shop's suppliers are a handful to a few dozen). */
export async function getSupplierChoices(): Promise<Supplier[]> {
  return (await apiClient.get<Page<Supplier>>('/api/suppliers', { params: { limit: 100, sort: 'name' } })).data.items;
}
