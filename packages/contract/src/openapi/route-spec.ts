import type { z } from 'zod';
import type { Permission } from '../stores';
import type { HeaderObject, HttpMethod, MediaTypeObject } from './types';

/** How the route table (routes.ts, supplier-routes.ts) describes a route; document.ts turns each into an operation. */
export type TagName =
  | 'Users'
  | 'Stores'
  | 'Settings'
  | 'Products'
  | 'Categories'
  | 'Orders'
  | 'Customers'
  | 'Suppliers'
  | 'Purchasing'
  | 'Invoices'
  | 'Reports'
  | 'Contact'
  | 'Uploads'
  | 'Health'
  | 'Docs';

/** Failures a route answers beyond those its traits imply, each with what it means on that route. */
export type ExtraStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422;

export interface RouteSpec {
  method: HttpMethod;
  /** OpenAPI path template: `{id}`, not `:id`. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: TagName;
  /**
   * `session`: a signed-in person only (the session cookie), 401 otherwise. `store`: the active store of a session, or
   * the store of an API token (`Authorization: Bearer`), with `permission` checked against the role (403 otherwise).
   * `optional`: answers either way, reading the session when there is one.
   */
  auth?: 'session' | 'store' | 'optional';
  /** Takes an `Idempotency-Key` header: a retry answers the first result and does nothing twice (422 for another request). */
  idempotent?: boolean;
  /** Query parameters (a strict object schema); each of its keys becomes an optional `in: query` parameter. */
  query?: z.ZodType;
  /** An `optional` route that also reads an API token (`Authorization: Bearer`). */
  acceptsToken?: boolean;
  /** What the caller's role in the active store must allow (stores.ts); 403 with a message otherwise. */
  permission?: Permission;
  params?: Record<string, { schema: z.ZodType; description: string }>;
  /** A named request schema (see document.ts), sent as JSON or as multipart/form-data. */
  body?: { media: 'json' | 'multipart'; schema: string; description?: string };
  answer: {
    status: 200 | 201;
    description: string;
    /** A named response schema, as JSON; or other media (bytes, a page). */
    schema?: string;
    media?: Record<string, MediaTypeObject>;
    /** Single-item answers carry the item's version as a strong ETag. */
    etag?: boolean;
    /** `session`: starts a session (Set-Cookie). `cleared`: ends it (Set-Cookie with an expired cookie). */
    cookie?: 'session' | 'cleared';
    /** Headers of the route's own beside those the traits imply. */
    headers?: Record<string, HeaderObject>;
  };
  /** A list answer: weak ETag of the list's version, 304 to a matching If-None-Match. */
  list?: boolean;
  /** An edit of a versioned item: If-Match names the version it is based on, 409 when that is stale. */
  ifMatch?: boolean;
  /** Counted by the rate limits: 429 with Retry-After. */
  rateLimited?: boolean;
  /** A GET that changes state: refused cross-site like POST/PUT/PATCH/DELETE. */
  changesState?: boolean;
  /** Answers without the database (no 503). */
  noDatabase?: boolean;
  /** `schema`: a named answer schema other than `Error` (e.g. the import's 422 with its row errors). */
  extra?: Partial<Record<ExtraStatus, { description: string; example?: string; schema?: string }>>;
}
