import { isAxiosError } from 'axios';
import type { Page, Product } from '@inventory/contract/rules';
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

/**
 * Every product the dashboard's query names (`matching`: its URL parameters), a page of 100 at a time, up to `max`:
 * the labels of a whole list. `more`: the query names more than that.
 */
export async function getMatchingLabelProducts(matching: string, max: number, signal: AbortSignal): Promise<LabelProducts & { more: boolean }> {
  const products: Product[] = [];
  let after: string | null = null;
  do {
    const params = new URLSearchParams(matching);
    params.set('limit', '100');
    if (after) params.set('after', after);
    const page: Page<Product> = (await apiClient.get<Page<Product>>(`/api/products?${params.toString()}`, { signal })).data;
    products.push(...page.items);
    after = page.next;
  } while (after !== null && products.length < max);
  return { products: products.slice(0, max), missing: [], more: products.length > max || after !== null };
}
