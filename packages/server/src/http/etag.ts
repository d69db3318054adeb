import { MESSAGES } from '@inventory/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/**
 * Optimistic concurrency for products and orders. Every single-item answer carries `ETag: "<version>"`; a write
 * with `If-Match` names the version it was based on. `If-Match: *` matches any existing item; a list of tags matches
 * when one of them (strong or weak `W/"n"`) is the current version; anything else, unparseable tags included,
 * answers 409 editConflict. Without If-Match the write applies to whatever is current (last write wins).
 *
 * A compressed single-item answer carries the tag of its encoding, `"<version>-br"` or `"<version>-gzip"` (strong tags
 * name exact bytes: http/compression.ts); sent back as If-Match it names the same version as `"<version>"`.
 */
export type IfMatch = null | '*' | number[];

export function etagOf(version: number): string {
  return `"${version}"`;
}

export function setEtag(reply: FastifyReply, version: number): FastifyReply {
  return reply.header('etag', etagOf(version));
}

export function ifMatchOf(request: FastifyRequest): IfMatch {
  const header = request.headers['if-match'];
  if (header === undefined) return null;
  const tags = header.split(',').map((tag) => tag.trim());
  if (tags.includes('*')) return '*';
  const versions: number[] = [];
  for (const tag of tags) {
    const match = /^(?:W\/)?"(\d{1,15})(?:-(?:br|gzip))?"$/.exec(tag);
    if (match) versions.push(Number(match[1]));
  }
  return versions;
}

/** Throw 409 when `ifMatch` does not name `version`. */
export function checkIfMatch(ifMatch: IfMatch, version: number): void {
  if (ifMatch === null || ifMatch === '*') return;
  if (!ifMatch.includes(version)) throw new HttpError(409, MESSAGES.editConflict);
}
