import type {
  CatalogueSummary,
  CategoryCount,
  MessageResponse,
  Page,
  Product,
  ProductBulkBody,
  ProductBulkResult,
  ProductRemovalAnswer,
} from '@inventory/contract/rules';
import { apiClient } from '../../api/client';
import { ifMatch, versioned, type Versioned } from '../../catalogue/versioned';

/** The product calls (multipart for create and update). Only sagas call these. */
const PRODUCTS = '/api/products';
const one = (id: string) => `${PRODUCTS}/${encodeURIComponent(id)}`;

export async function createProduct(form: FormData): Promise<Product> {
  return (await apiClient.post<Product>(PRODUCTS, form)).data;
}

export async function getProduct(id: string): Promise<Versioned<Product>> {
  return versioned(await apiClient.get<Product>(one(id)));
}

export async function updateProduct(id: string, form: FormData, etag: string | null): Promise<Versioned<Product>> {
  return versioned(await apiClient.patch<Product>(one(id), form, { headers: ifMatch(etag) }));
}

/** SPEC.md's answer, and whether the product was deleted or archived (the `Product-Removal` header). */
export async function deleteProduct(id: string): Promise<MessageResponse & { outcome: 'deleted' | 'archived' }> {
  const response = await apiClient.delete<MessageResponse>(one(id));
  const header: unknown = response.headers['product-removal'];
  return { ...response.data, outcome: header === 'archived' ? 'archived' : 'deleted' };
}

export async function getRemoval(id: string): Promise<ProductRemovalAnswer> {
  return (await apiClient.get<ProductRemovalAnswer>(`${one(id)}/removal`)).data;
}

export async function restoreProduct(id: string, etag: string | null): Promise<Versioned<Product>> {
  return versioned(await apiClient.post<Product>(`${one(id)}/restore`, undefined, { headers: ifMatch(etag) }));
}

export async function bulkProducts(body: ProductBulkBody): Promise<ProductBulkResult> {
  return (await apiClient.post<ProductBulkResult>(`${PRODUCTS}/bulk`, body)).data;
}

export async function getProductPage(params: Record<string, string | number>, signal: AbortSignal): Promise<Page<Product>> {
  return (await apiClient.get<Page<Product>>(PRODUCTS, { params, signal })).data;
}

export async function getSummary(): Promise<CatalogueSummary> {
  return (await apiClient.get<CatalogueSummary>(`${PRODUCTS}/summary`)).data;
}

export async function getCategories(): Promise<CategoryCount[]> {
  return (await apiClient.get<CategoryCount[]>(`${PRODUCTS}/categories`)).data;
}
