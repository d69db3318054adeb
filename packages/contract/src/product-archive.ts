import { MESSAGES } from './messages';

/**
 * Archived products (docs/decisions/0033-archived-products-and-bulk-actions.md): deleting a product that has a history
 * archives it instead, so its orders keep naming it and its ledger stays whole. The server and the mocks decide by
 * these rules; the app says what will happen by them.
 */

/** Which products a list shows: the active ones (the default), the archived ones, or both. */
export const PRODUCT_ARCHIVE_FILTERS = ['exclude', 'only', 'include'] as const;
export type ProductArchiveFilter = (typeof PRODUCT_ARCHIVE_FILTERS)[number];

/** What a product has been through: the orders naming it and its ledger rows, the opening one included. */
export interface ProductHistory {
  orders: number;
  movements: number;
}

export type ProductRemoval = 'delete' | 'archive';

/**
 * What deleting a product does: one that orders name, or whose stock moved after it was made (any movement besides
 * its opening one), is archived; one with no history is deleted as before.
 */
export function removalOf(history: ProductHistory): ProductRemoval {
  return history.orders > 0 || movementsSinceOpening(history) > 0 ? 'archive' : 'delete';
}

/** The movements of a product after its opening one (every product is made with one; a row restored from before the ledger may have none). */
export function movementsSinceOpening(history: Pick<ProductHistory, 'movements'>): number {
  return Math.max(0, history.movements - 1);
}

/** What `GET /api/products/{id}/removal` answers: the outcome, and the history it follows from (movements since the opening one). */
export interface RemovalOutlook {
  outcome: ProductRemoval;
  orders: number;
  movements: number;
}

/** The outlook of a product's removal from its history. */
export function removalOutlook(history: ProductHistory): RemovalOutlook {
  return { outcome: removalOf(history), orders: history.orders, movements: movementsSinceOpening(history) };
}

/** What the delete dialog says will happen to the product, by name. */
export function removalSentence(name: string, outlook: RemovalOutlook): string {
  return outlook.outcome === 'delete'
    ? MESSAGES.productRemovalDelete(name)
    : MESSAGES.productRemovalArchive(name, outlook.orders, outlook.movements);
}

export const isArchivedProduct = (product: { archivedAt?: string | null }): boolean =>
  product.archivedAt !== undefined && product.archivedAt !== null;

/** Whether a product belongs in a list filtered by `filter` (absent: the active ones). */
export function matchesProductArchive(product: { archivedAt?: string | null }, filter: ProductArchiveFilter | undefined): boolean {
  const archived = isArchivedProduct(product);
  if (filter === 'include') return true;
  return filter === 'only' ? archived : !archived;
}

/** The products the figures, the category list, the exports and the whole list count: the active ones. */
export function activeProducts<T extends { archivedAt?: string | null }>(products: readonly T[]): T[] {
  return products.filter((product) => !isArchivedProduct(product));
}

/** A refusal of naming a product on a new order (or moving an order to it): the status and message the API answers. */
export interface OrderProductRefusal {
  status: 400 | 409;
  message: string;
}

/**
 * Whether a new order (or an order moved to another product) may take stock from this product (null: not one of the
 * store's): 400 for none (as before), 409 for an archived one. An order keeps a product archived after it was placed.
 */
export function orderProductRefusal(product: { name: string; archivedAt?: string | null } | null): OrderProductRefusal | null {
  if (product === null) return { status: 400, message: MESSAGES.orderProductGone };
  if (isArchivedProduct(product)) return { status: 409, message: MESSAGES.productArchivedNoOrders(product.name) };
  return null;
}

/* Bulk actions */

export const BULK_ACTIONS = ['set-category', 'archive'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/**
 * The most products one bulk action (or one sheet of labels for a whole list) takes: one transaction holds each of
 * their locks, so it is bounded; more answers 413 with a message and changes nothing.
 */
export const BULK_LIMIT = 2_000;

/** Whether a bulk action may take `count` products: null when it may, else the message of its 4xx. */
export function bulkSizeRefusal(count: number): { status: 400 | 413; message: string } | null {
  if (count === 0) return { status: 400, message: MESSAGES.bulkNothingChosen };
  if (count > BULK_LIMIT) return { status: 413, message: MESSAGES.bulkTooMany(BULK_LIMIT) };
  return null;
}

/** What a bulk archive did to each product it took, by the rule of a single delete. */
export interface BulkRemovalCounts {
  archived: string[];
  deleted: string[];
}

/** Split the products of a bulk archive by what `removalOf` decides for each (ids in the order given). */
export function splitRemovals(products: readonly { id: string; history: ProductHistory }[]): BulkRemovalCounts {
  const split: BulkRemovalCounts = { archived: [], deleted: [] };
  for (const { id, history } of products) (removalOf(history) === 'archive' ? split.archived : split.deleted).push(id);
  return split;
}
