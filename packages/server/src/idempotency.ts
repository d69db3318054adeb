import { IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_KEY_TTL_HOURS, MESSAGES } from '@inventory/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { sha256Hex } from './crypto';
import { type Database, type Db, isUniqueViolation } from './db';
import { HttpError } from './http/errors';

/** A create request's Idempotency-Key, with what identifies the request it came with. */
export interface IdempotentRequest {
  storeId: string;
  key: string;
  fingerprint: string;
}

export interface RememberedAnswer {
  status: number;
  body: unknown;
  etag: string | null;
}

const PRUNE_INTERVAL_MS = 10 * 60_000;

/**
 * `Idempotency-Key` on creates: the first answer to a key is stored in the same transaction as the create, so a retry
 * (the client never saw the answer) gets that answer again and nothing is done twice: not a second order, not stock
 * taken twice. Two requests with one key at once: the second's insert of the key fails on the primary key, its
 * transaction rolls back, and it answers what the first stored. A key sent again with another request is refused.
 */
export function createIdempotency(db: Db, now: () => Date) {
  let lastPrune = 0;
  const prune = (at: number) => {
    if (at - lastPrune < PRUNE_INTERVAL_MS) return;
    lastPrune = at;
    const before = new Date(at - IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000).toISOString();
    db.deleteFrom('idempotency_keys').where('created_at', '<', before).execute().catch(() => undefined);
  };

  async function find(request: IdempotentRequest): Promise<RememberedAnswer | null> {
    const row = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('store_id', '=', request.storeId)
      .where('key', '=', request.key)
      .executeTakeFirst();
    if (!row) return null;
    if (row.fingerprint !== request.fingerprint) throw new HttpError(422, MESSAGES.idempotencyKeyReused);
    return { status: row.status, body: JSON.parse(row.body) as unknown, etag: row.etag };
  }

  return {
    /** The key of a request (null without the header); 400 for a malformed one. */
    of(request: FastifyRequest, storeId: string, content: unknown): IdempotentRequest | null {
      const header = request.headers['idempotency-key'];
      if (header === undefined) return null;
      if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) throw new HttpError(400, MESSAGES.idempotencyKeyInvalid);
      const fingerprint = sha256Hex(JSON.stringify([request.method, request.routeOptions.url, content]));
      return { storeId, key: header, fingerprint };
    },

    /** The stored answer of an earlier request with this key, if there is one. */
    find,

    /** Store the answer in the create's transaction (fails on the key's primary key when another request got there first). */
    async remember(trx: Kysely<Database>, request: IdempotentRequest, answer: RememberedAnswer): Promise<void> {
      const at = now().getTime();
      await trx
        .insertInto('idempotency_keys')
        .values({
          store_id: request.storeId,
          key: request.key,
          fingerprint: request.fingerprint,
          status: answer.status,
          body: JSON.stringify(answer.body),
          etag: answer.etag,
          created_at: new Date(at).toISOString(),
        })
        .execute();
      prune(at);
    },

    /**
     * Run a create under a key: the stored answer if the key was used, else `create`; if it loses the race for the key,
     * the winner's answer. Without a key, just `create`.
     */
    async run(request: IdempotentRequest | null, create: () => Promise<RememberedAnswer>): Promise<RememberedAnswer> {
      if (!request) return create();
      const earlier = await find(request);
      if (earlier) return earlier;
      try {
        return await create();
      } catch (error) {
        // A create's own 409 for a unique index (a SKU taken) keeps the violation as its cause: the same key's winner
        // may be what took it.
        if (!isUniqueViolation(error) && !isUniqueViolation((error as { cause?: unknown } | null)?.cause)) throw error;
        const winner = await find(request);
        if (!winner) throw error;
        return winner;
      }
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;

/** Send a (possibly replayed) create answer. */
export function sendAnswer(reply: FastifyReply, answer: RememberedAnswer) {
  if (answer.etag) reply.header('etag', answer.etag);
  return reply.status(answer.status).send(answer.body);
}
