import { skuMatchKey } from './csv';
import { makeSku } from './catalogue';
import { MESSAGES } from './messages';

/**
 * What identifies a product in its store (docs/decisions/0030-free-skus-barcodes-and-part-numbers.md): its SKU, unique
 * whatever its ASCII case (`skuMatchKey`; the databases' unique index of migration 0017 folds the same letters). The
 * server asks its index; the mocks ask this with their stored products; both answer the same 409.
 */

/** The product among `products` (one store's) whose SKU is `sku` whatever its case, or undefined. */
export function productWithSku<P extends { sku: string }>(products: Iterable<P>, sku: string): P | undefined {
  const key = skuMatchKey(sku.trim());
  for (const product of products) if (skuMatchKey(product.sku) === key) return product;
  return undefined;
}

/** The 409 message when `sku` is taken by one of `products` (one store's), else null. */
export function skuTakenProblem(products: Iterable<{ sku: string; name: string }>, sku: string): string | null {
  const holder = productWithSku(products, sku);
  return holder ? MESSAGES.skuTaken(holder.sku, holder.name) : null;
}

/**
 * The SKU made for a product given none (`makeSku` for `category` at `at`, or a millisecond later while `products`
 * has it in any case), with the moment it was made at: two made in the same millisecond would clash. The server
 * makes the same and lets the unique index judge it.
 */
export function makeFreeSku(products: Iterable<{ sku: string }>, category: string, at: number): { sku: string; at: number } {
  const taken = new Set<string>();
  for (const product of products) taken.add(skuMatchKey(product.sku));
  for (let moment = at; ; moment += 1) {
    const sku = makeSku(category, moment);
    if (!taken.has(skuMatchKey(sku))) return { sku, at: moment };
  }
}
