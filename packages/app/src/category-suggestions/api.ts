import type { Category, CategoryListAnswer, CategoryMerged } from '@inventory/contract/rules';
import { apiClient } from '../api/client';

/** The category calls the product form's suggestions and the Categories page share. Only sagas call these. */
export const CATEGORIES = '/api/categories';

/** The store's categories whose name contains `q` (any case, any accents), at most `limit` (the server's most without). */
export async function listCategories(q: string, limit?: number): Promise<CategoryListAnswer> {
  const params: Record<string, string | number> = {};
  if (q.trim()) params.q = q.trim();
  if (limit !== undefined) params.limit = limit;
  return (await apiClient.get<CategoryListAnswer>(CATEGORIES, { params })).data;
}

export async function renameCategory(id: string, name: string): Promise<Category> {
  return (await apiClient.patch<Category>(`${CATEGORIES}/${id}`, { name })).data;
}

export async function mergeCategory(id: string, into: string): Promise<CategoryMerged> {
  return (await apiClient.post<CategoryMerged>(`${CATEGORIES}/${id}/merge`, { into })).data;
}
