import { isAxiosError } from 'axios';
import type { Product } from '@inventory/contract/rules';
import { apiClient } from '../../api/client';

/** How many product calls the print view has in flight at once. */
const PARALLEL = 6;

export interface LabelProducts {
  /** The products found, in the order asked for. */
  products: Product[];
  /** Ids the store has no product for (deleted since they were chosen, or another store's). */
  missing: string[];
}

/** The products of these ids (`GET /api/products/{id}` each); a 404 is a missing product, any other failure throws. */
export async function getLabelProducts(ids: string[], signal: AbortSignal): Promise<LabelProducts> {
  const found = new Array<Product | null>(ids.length).fill(null);
  let nextIndex = 0;
  const worker = async () => {
    while (nextIndex < ids.length) {
      const index = nextIndex++;
      try {
        const url = `/api/products/${encodeURIComponent(ids[index]!)}`;
        found[index] = (await apiClient.get<Product>(url, { signal })).data;
      } catch (error) {
        if (!(isAxiosError(error) && error.response?.status === 404)) throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, ids.length) }, worker));
  return {
    products: found.filter((product): product is Product => product !== null),
    missing: ids.filter((_, index) => found[index] === null),
  };
}
