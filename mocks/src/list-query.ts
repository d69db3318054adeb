import {
  firstIssueMessage,
  orderListQuerySchema,
  orderNumberPage,
  orderNumberSearch,
  productListQuerySchema,
  queryItems,
  type Order,
  type Page,
  type Product,
} from '@inventory/contract';
import { errorResponse } from './http';

type Paged<T> = { ok: true; page: Page<T> } | { ok: false; response: Response } | undefined;

function rawQuery(request: Request): Record<string, string> | undefined {
  const params = new URL(request.url).searchParams;
  if (!params.has('limit')) return undefined;
  const raw: Record<string, string> = {};
  for (const [key, value] of params) raw[key] = value;
  return raw;
}

/**
 * The paged form of `GET /api/products` (`limit` in the query), by the contract's in-memory rule, as the server
 * answers from its indexes; undefined when the request asks for the whole list (no `limit`).
 */
export function productPageOf<T extends Product>(request: Request, rows: readonly T[]): Paged<T> {
  const raw = rawQuery(request);
  if (!raw) return undefined;
  const parsed = productListQuerySchema.safeParse(raw);
  if (!parsed.success) return { ok: false, response: errorResponse(400, firstIssueMessage(parsed.error)) };
  return { ok: true, page: queryItems(rows, parsed.data) };
}

/** The paged form of `GET /api/orders`, as `productPageOf`. */
export function orderPageOf<T extends Order>(request: Request, rows: readonly T[]): Paged<T> {
  const raw = rawQuery(request);
  if (!raw) return undefined;
  const parsed = orderListQuerySchema.safeParse(raw);
  if (!parsed.success) return { ok: false, response: errorResponse(400, firstIssueMessage(parsed.error)) };
  const number = orderNumberSearch(parsed.data);
  return { ok: true, page: number === null ? queryItems(rows, parsed.data) : orderNumberPage(rows, number, parsed.data) };
}
