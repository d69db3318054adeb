import {
  MAX_PAGE_LIMIT,
  otherUpcForm,
  productOfScannedCode,
  SCANNED_CODE_MAX,
  type Page,
  type Product,
} from '@inventory/contract/rules';
import { apiClient } from '../api/client';

/**
 * The product of the active store that a scanned or typed `code` names, or null: its SKU (in any case), its barcode
 * or its manufacturer part number (docs/decisions/0030-free-skus-barcodes-and-part-numbers.md). It asks the paged
 * list's search (`q` finds a SKU containing the text and a whole barcode or part number), sorted by SKU, and keeps
 * only a whole match by the contract's rule (`productOfScannedCode`: SKU first, then barcode, then part number). A
 * 12- or 13-digit code that names nothing is asked again in its other UPC form (`otherUpcForm`).
 */
export async function findProductByCode(code: string, signal?: AbortSignal): Promise<Product | null> {
  const text = code.trim();
  if (text === '' || text.length > SCANNED_CODE_MAX) return null;
  const found = await productOfCode(text, signal);
  if (found) return found;
  // A UPC-A read as its EAN-13 (a leading 0), or the other way round: the box's barcode is stored as printed.
  const other = otherUpcForm(text);
  return other === null ? null : productOfCode(other, signal);
}

async function productOfCode(text: string, signal?: AbortSignal): Promise<Product | null> {
  const params = { limit: MAX_PAGE_LIMIT, q: text, sort: 'sku', dir: 'asc' };
  const page = (await apiClient.get<Page<Product>>('/api/products', { params, signal })).data;
  return productOfScannedCode(page.items, text) ?? null;
}
