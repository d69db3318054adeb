import { MESSAGES } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors';
import { decodeUtf8 } from './utf8';

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
export const FORBIDDEN_KEY_MESSAGE = 'Request body must not contain __proto__ or constructor keys';
/** PostgreSQL text cannot hold U+0000 (and no field needs it): refused up front on both databases, not a 500. */
export const NUL_MESSAGE = MESSAGES.nulCharacter;

class ForbiddenKeyError extends Error {}
class NulCharacterError extends Error {}

/**
 * JSON body parser: refuses prototype-poisoning keys (`__proto__`, `constructor`, `prototype`) anywhere in the body
 * with a clear 400, and tells malformed and empty bodies apart. Fastify's own parser folds them all into one error.
 * The body is read as bytes and decoded strictly once it is whole (chunk boundaries do not matter): bytes that are
 * not UTF-8 answer 400 instead of being stored as U+FFFD.
 */
export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : decodeUtf8(body);
    if (text === null) {
      done(new HttpError(400, MESSAGES.invalidUtf8), undefined);
      return;
    }
    if (text.trim() === '') {
      done(new HttpError(400, 'Request body must be a JSON object'), undefined);
      return;
    }
    try {
      const parsed: unknown = JSON.parse(text, function reviver(key, value: unknown) {
        if (FORBIDDEN_KEYS.has(key)) throw new ForbiddenKeyError();
        if (key.includes('\u0000') || (typeof value === 'string' && value.includes('\u0000'))) throw new NulCharacterError();
        return value;
      });
      done(null, parsed);
    } catch (error) {
      const message = error instanceof ForbiddenKeyError ? FORBIDDEN_KEY_MESSAGE : error instanceof NulCharacterError ? NUL_MESSAGE : MESSAGES.malformedJson;
      done(new HttpError(400, message), undefined);
    }
  });
}
