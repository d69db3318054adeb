import { MESSAGES } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter, TooManyRequestsError } from '../src/rate-limit/limiter';
import { RATE_LIMITS } from '../src/rate-limit/rules';
import { register, startApp, UNLIMITED } from './support/app';
import { databases, type TestDatabase } from './support/databases';

const WINDOW = 60_000;

describe.each(databases)('rate limiter on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let clock = Date.UTC(2030, 0, 1, 12, 0, 0);

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const limiter = () => createRateLimiter({ db: app.db, rules: { contact: { limit: 3, windowMs: WINDOW } }, now: () => new Date(clock) });
  const outcome = (promise: Promise<void>) =>
    promise.then(
      () => 'ok',
      (error: unknown) => (error instanceof TooManyRequestsError ? `429 ${error.retryAfterSeconds}s` : `error ${String(error)}`),
    );

  it('has documented production limits', () => {
    expect(RATE_LIMITS.loginAccount).toEqual({ limit: 5, windowMs: 15 * 60_000 });
    expect(RATE_LIMITS.loginAddress).toEqual({ limit: 20, windowMs: 15 * 60_000 });
  });

  it('takes the registrations one address may make per hour from REGISTRATIONS_PER_HOUR', async () => {
    const { register: _fromSetting, ...others } = UNLIMITED;
    const limited = await startApp(database, { REGISTRATIONS_PER_HOUR: '2' }, { rateLimits: others });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await register(limited)).response.statusCode);
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });

  it('counts up to the limit in a window, answers 429 with the seconds left, and starts again in the next window', async () => {
    const rl = limiter();
    clock = Date.UTC(2030, 0, 1, 12, 0, 15);
    const subject = `s-${Math.random()}`;
    const results = [];
    for (let i = 0; i < 5; i += 1) results.push(await outcome(rl.consume('contact', subject)));
    expect(results).toEqual(['ok', 'ok', 'ok', '429 45s', '429 45s']);
    const error = await rl.consume('contact', subject).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TooManyRequestsError);
    expect((error as TooManyRequestsError).statusCode).toBe(429);
    expect((error as TooManyRequestsError).message).toBe(MESSAGES.tooManyRequests);
    expect((error as TooManyRequestsError).headers).toEqual({ 'retry-after': '45' });
    clock = Date.UTC(2030, 0, 1, 12, 1, 0);
    expect(await outcome(rl.consume('contact', subject))).toBe('ok');
  });

  it('is atomic under concurrency: a burst gets exactly the limit through', async () => {
    const rl = limiter();
    const subject = `burst-${Math.random()}`;
    const results = await Promise.all(Array.from({ length: 12 }, () => outcome(rl.consume('contact', subject))));
    expect(results.filter((r) => r === 'ok')).toHaveLength(3);
    expect(results.filter((r) => r.startsWith('429'))).toHaveLength(9);
  });

  it('shares counts between limiter instances (as between processes), refunds and resets', async () => {
    const [one, two] = [limiter(), limiter()];
    const subject = `shared-${Math.random()}`;
    await one.consume('contact', subject);
    await two.consume('contact', subject);
    await one.consume('contact', subject);
    expect(await outcome(two.consume('contact', subject))).toMatch(/^429/);
    await two.refund('contact', subject);
    await two.refund('contact', subject);
    expect(await outcome(one.consume('contact', subject))).toBe('ok');
    await one.reset('contact', subject);
    expect(await outcome(two.consume('contact', subject))).toBe('ok');
    // A refund never goes below zero.
    const fresh = `fresh-${Math.random()}`;
    for (let i = 0; i < 3; i += 1) await one.refund('contact', fresh);
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push(await outcome(one.consume('contact', fresh)));
    expect(results.slice(0, 3)).toEqual(['ok', 'ok', 'ok']);
    expect(results[3]).toMatch(/^429/);
  });

  it('prunes expired windows opportunistically', async () => {
    const rl = limiter();
    const old = `old-${Math.random()}`;
    clock = Date.UTC(2030, 0, 2, 0, 0, 0);
    await rl.consume('contact', old);
    clock += 10 * WINDOW;
    await limiter().consume('contact', `trigger-${Math.random()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const rows = await app.db.selectFrom('rate_limits').select('key').where('key', '=', `contact:${old}`).execute();
    expect(rows).toEqual([]);
  });
});
