import type { Store, StoreListItem } from '@inventory/contract/rules';
import { apiClient } from '../api/client';

/** The stores of the signed-in user and the switch between them. Each returns the body; only sagas call these. */
const STORES = '/api/stores';

export async function getStores(): Promise<StoreListItem[]> {
  return (await apiClient.get<StoreListItem[]>(STORES)).data;
}

export async function switchStore(storeId: string): Promise<Store> {
  return (await apiClient.put<Store>(`${STORES}/active`, { storeId })).data;
}
