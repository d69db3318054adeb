import type { AxiosResponse } from 'axios';

/**
 * Optimistic concurrency (docs/decisions/0007-edit-conflicts-with-etags.md): a single-item answer carries
 * `ETag: "<version>"`; the edit screens keep it and send it back as `If-Match` on PATCH, so the server answers 409 if
 * the item changed in between.
 */
export interface Versioned<T> {
  item: T;
  etag: string | null;
}

export function readEtag(response: Pick<AxiosResponse, 'headers'>): string | null {
  const etag: unknown = response.headers.etag ?? response.headers.ETag;
  return typeof etag === 'string' && etag !== '' ? etag : null;
}

export function versioned<T>(response: AxiosResponse<T>): Versioned<T> {
  return { item: response.data, etag: readEtag(response) };
}

export function ifMatch(etag: string | null): Record<string, string> {
  return etag ? { 'If-Match': etag } : {};
}
