import type { CorrectionReason, MovementPage } from '@inventory/contract/rules';
import { apiClient } from '../../api/client';

/** The stock calls of a product: its history, a page at a time, and corrections. Only sagas call these. */
const one = (id: string) => `/api/products/${encodeURIComponent(id)}`;

export const MOVEMENTS_PAGE_SIZE = 10;

export async function getMovements(id: string, after: string | null): Promise<MovementPage> {
  const params: Record<string, string | number> = { limit: MOVEMENTS_PAGE_SIZE };
  if (after) params.after = after;
  return (await apiClient.get<MovementPage>(`${one(id)}/movements`, { params })).data;
}

/** A correction with its reason; an empty note is not sent. */
export async function adjustStock(id: string, change: number, reason: CorrectionReason, note: string): Promise<{ message: string; quantity: number }> {
  const body = { change, reason, ...(note.trim() ? { note: note.trim() } : {}) };
  return (await apiClient.post<{ message: string; quantity: number }>(`${one(id)}/adjustments`, body)).data;
}
