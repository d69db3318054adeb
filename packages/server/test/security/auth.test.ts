import { MESSAGES, RESET_TOKEN_TTL_MINUTES, SESSION_COOKIE_NAME } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/crypto';
import type { RateLimitRules } from '../../src/rate-limit/rules';
import { sessionCookie, startApp, UNLIMITED, uniqueEmail } from '../support/app';
import { databases, type TestDatabase } from '../support/databases';
import { client, mailedResetToken } from '../support/security';

const MINUTE = 60_000;
/** Small limits so the suite reaches them quickly; the windows are the production ones. */
const LIMITS: RateLimitRules = {
  ...UNLIMITED,
  loginAccount: { limit: 3, windowMs: 15 * MINUTE },
  loginAddress: { limit: 6, windowMs: 15 * MINUTE },
  register: { limit: 4, windowMs: 60 * MINUTE },
  forgotPassword: { limit: 4, windowMs: 15 * MINUTE },
  resetPassword: { limit: 8, windowMs: 15 * MINUTE },
  contact: { limit: 2, windowMs: 60 * MINUTE },
};

let addressCounter = 0;
/** A fresh client address per test, so tests do not share per-address counts. */
const newAddress = () => {
  addressCounter += 1;
  return `10.${Math.floor(addressCounter / 250)}.${addressCounter % 250}.${1 + (Date.now() % 200)}`;
};

describe.each(databases)('security: authentication and sessions on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  /** The app's clock: tests move it to expire reset tokens. */
  let clock = Date.now();

  beforeAll(async () => {
    database = await kind.create();
    // The production cost: the other suites hash at the minimal one (PASSWORD_HASH_COST, support/app.ts).
    app = await startApp(database, { PASSWORD_HASH_COST: 'standard' }, { rateLimits: LIMITS, now: () => new Date(clock) });
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const api = () => client(app);
  /** Register from a fresh address (register is limited per address too). */
  const newUser = async (password = 'secret123') => {
    const email = uniqueEmail('sec');
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: { name: 'Ada', email, password },
      remoteAddress: newAddress(),
    });
    expect(response.statusCode).toBe(201);
    return { email, password, token: sessionCookie(response), id: response.json<{ _id: string }>()._id };
  };
  const passwordHash = async (id: string) =>
    (await app.db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirstOrThrow()).password_hash;

  describe('passwords', () => {
    it('[ASVS 2.4.1/2.4.4] stores argon2id hashes with a per-user salt: one password, two users, two different hashes', async () => {
      const a = await newUser('same-password-1');
      const b = await newUser('same-password-1');
      const [hashA, hashB] = [await passwordHash(a.id), await passwordHash(b.id)];
      for (const hash of [hashA, hashB]) {
        // OWASP's minimum for Argon2id: 19 MiB, two passes, one lane.
        expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{16,}\$[A-Za-z0-9+/]{32,}$/);
        expect(hash).not.toContain('same-password-1');
      }
      expect(hashA).not.toBe(hashB);
      const salt = (hash: string) => hash.split('$')[4];
      expect(salt(hashA)).not.toBe(salt(hashB));
    });
  });

  describe('sessions', () => {
    it('[ASVS 3.3.1/3.2.1] rotates the session id at login: the cookie held before signing in is not the one after, and is dead', async () => {
      const user = await newUser();
      // A cookie planted before login (session fixation) and a real earlier session.
      for (const before of ['planted-by-attacker-0123456789abcdefghijklmnopq', user.token ?? '']) {
        const response = await api().login(user.email, user.password, { token: before });
        expect(response.statusCode).toBe(200);
        const after = sessionCookie(response);
        expect(after).toBeDefined();
        expect(after).not.toBe(before);
        expect((await api().getUser(before)).statusCode).toBe(401);
        expect((await api().getUser(after)).statusCode).toBe(200);
      }
    });

    it('[ASVS 3.3.1] logout ends the session on the server: replaying the old cookie answers 401', async () => {
      const user = await newUser();
      expect((await api().getUser(user.token)).statusCode).toBe(200);
      const logout = await api().call('GET', '/api/users/logout', user.token);
      expect(logout.statusCode).toBe(200);
      expect(logout.cookies.find((c) => c.name === SESSION_COOKIE_NAME)?.value).toBe('');
      const replay = await api().getUser(user.token);
      expect(replay.statusCode).toBe(401);
      expect(replay.json()).toEqual({ message: MESSAGES.notAuthorized });
      expect(await app.db.selectFrom('sessions').select('id_hash').where('user_id', '=', user.id).execute()).toEqual([]);
    });

    it('[ASVS 3.3.3] a password change ends every other session and keeps the current one', async () => {
      const user = await newUser();
      const other = sessionCookie(await api().login(user.email, user.password));
      const third = sessionCookie(await api().login(user.email, user.password));
      const change = await api().call('PATCH', '/api/users/changepassword', user.token, {
        oldPassword: user.password,
        password: 'changed-secret',
      });
      expect(change.statusCode).toBe(200);
      expect((await api().getUser(user.token)).statusCode).toBe(200);
      expect((await api().getUser(other)).statusCode).toBe(401);
      expect((await api().getUser(third)).statusCode).toBe(401);
    });

    it('[ASVS 3.3.3/2.5] a password reset ends every session', async () => {
      const user = await newUser();
      const other = sessionCookie(await api().login(user.email, user.password));
      expect((await api().forgot(user.email, newAddress())).statusCode).toBe(200);
      expect((await api().reset(await mailedResetToken(database.dataDir), 'reset-secret', newAddress())).statusCode).toBe(200);
      expect((await api().getUser(user.token)).statusCode).toBe(401);
      expect((await api().getUser(other)).statusCode).toBe(401);
      expect((await api().login(user.email, 'reset-secret', { from: newAddress() })).statusCode).toBe(200);
    });
  });

  describe('reset tokens', () => {
    it('[ASVS 2.7.2/2.5.1] a reset token is stored hashed: no row holds the mailed token', async () => {
      const user = await newUser();
      await api().forgot(user.email, newAddress());
      const token = await mailedResetToken(database.dataDir);
      expect(token.length).toBeGreaterThanOrEqual(43);
      const rows = await app.db.selectFrom('password_resets').selectAll().where('user_id', '=', user.id).execute();
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toContain(token);
      expect(rows[0]?.token_hash).toBe(sha256Hex(token));
    });

    it('[ASVS 2.7.3/2.5.1] a reset token works once', async () => {
      const user = await newUser();
      await api().forgot(user.email, newAddress());
      const token = await mailedResetToken(database.dataDir);
      expect((await api().reset(token, 'first-reset', newAddress())).statusCode).toBe(200);
      const again = await api().reset(token, 'second-reset', newAddress());
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ message: MESSAGES.resetTokenInvalid });
      expect((await api().login(user.email, 'second-reset', { from: newAddress() })).statusCode).toBe(401);
      expect((await api().login(user.email, 'first-reset', { from: newAddress() })).statusCode).toBe(200);
    });

    it(`[ASVS 2.7.2] a reset token expires after ${RESET_TOKEN_TTL_MINUTES} minutes`, async () => {
      const user = await newUser();
      const start = clock;
      try {
        await api().forgot(user.email, newAddress());
        const late = await mailedResetToken(database.dataDir);
        clock = start + (RESET_TOKEN_TTL_MINUTES * MINUTE + 1000);
        const expired = await api().reset(late, 'too-late-secret', newAddress());
        expect(expired.statusCode).toBe(400);
        expect(expired.json()).toEqual({ message: MESSAGES.resetTokenInvalid });

        clock = start;
        await api().forgot(user.email, newAddress());
        const timely = await mailedResetToken(database.dataDir);
        clock = start + (RESET_TOKEN_TTL_MINUTES * MINUTE - 60_000);
        expect((await api().reset(timely, 'in-time-secret', newAddress())).statusCode).toBe(200);
      } finally {
        clock = start;
      }
      expect((await api().login(user.email, 'in-time-secret', { from: newAddress() })).statusCode).toBe(200);
    });
  });

  describe('throttling', () => {
    const expectThrottled = (response: Awaited<ReturnType<FastifyInstance['inject']>>, windowMs = 15 * MINUTE) => {
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual({ message: MESSAGES.tooManyRequests });
      const retryAfter = Number(response.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
      expect(response.headers['set-cookie']).toBeUndefined();
    };

    it('[ASVS 2.2.1] throttles login per account across addresses: after 3 failures even the right password gets 429', async () => {
      const user = await newUser();
      for (let i = 0; i < 3; i += 1) {
        expect((await api().login(user.email, `wrong-${i}`, { from: newAddress() })).statusCode).toBe(401);
      }
      expectThrottled(await api().login(user.email, user.password, { from: newAddress() }));
      // The account key is the lowercased email: changing its case is no way round.
      expectThrottled(await api().login(user.email.toUpperCase(), user.password, { from: newAddress() }));
    });

    it('[ASVS 2.2.1] throttles unknown emails exactly like known ones (no enumeration through 429)', async () => {
      const known = await newUser();
      const unknown = uniqueEmail('ghost');
      const answers = async (email: string) => {
        const statuses: number[] = [];
        for (let i = 0; i < 4; i += 1) statuses.push((await api().login(email, `wrong-${i}`, { from: newAddress() })).statusCode);
        return statuses;
      };
      expect(await answers(known.email)).toEqual([401, 401, 401, 429]);
      expect(await answers(unknown)).toEqual([401, 401, 401, 429]);
    });

    it('[ASVS 2.2.1] a successful login clears the account\'s failures', async () => {
      const user = await newUser();
      for (let round = 0; round < 3; round += 1) {
        for (let i = 0; i < 2; i += 1) expect((await api().login(user.email, 'wrong', { from: newAddress() })).statusCode).toBe(401);
        expect((await api().login(user.email, user.password, { from: newAddress() })).statusCode).toBe(200);
      }
    });

    it('[ASVS 2.2.1] throttles login per client address across accounts', async () => {
      const victim = await newUser();
      const attacker = newAddress();
      for (let i = 0; i < 6; i += 1) {
        expect((await api().login(uniqueEmail('spray'), 'Password1', { from: attacker })).statusCode).toBe(401);
      }
      expectThrottled(await api().login(victim.email, victim.password, { from: attacker }));
      // Another address is not affected.
      expect((await api().login(victim.email, victim.password, { from: newAddress() })).statusCode).toBe(200);
    });

    it('[ASVS 2.2.1] counts concurrent guesses atomically: a burst cannot get past the limit', async () => {
      const user = await newUser();
      const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => api().login(user.email, `wrong-${i}`, { from: newAddress() })));
      const statuses = burst.map((response) => response.statusCode).sort();
      expect(statuses.filter((status) => status === 401)).toHaveLength(3);
      expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    });

    it('[ASVS 2.2.1] a spoofed X-Forwarded-For does not reset the per-address count when no proxy is trusted', async () => {
      const attacker = newAddress();
      for (let i = 0; i < 6; i += 1) {
        const response = await api().login(uniqueEmail('spoof'), 'Password1', { from: attacker, headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } });
        expect(response.statusCode).toBe(401);
      }
      expectThrottled(
        await api().login(uniqueEmail('spoof'), 'Password1', { from: attacker, headers: { 'x-forwarded-for': '198.51.100.77' } }),
      );
    });

    it('[ASVS 2.2.1] X-Forwarded-For names the client when TRUST_PROXY is configured (and only from that proxy)', async () => {
      const proxy = '192.0.2.10';
      const behindProxy = await startApp(database, { TRUST_PROXY: proxy }, { rateLimits: LIMITS, now: () => new Date(clock) });
      try {
        const viaProxy = (forwardedFor: string, from = proxy) =>
          client(behindProxy).login(uniqueEmail('proxied'), 'Password1', { from, headers: { 'x-forwarded-for': forwardedFor } });
        // Eight clients behind the proxy: each is counted on its own, none reaches the per-address limit.
        for (let i = 0; i < 8; i += 1) expect((await viaProxy(`203.0.113.${100 + i}`)).statusCode).toBe(401);
        // One client behind the proxy is counted as itself.
        const one = `198.51.100.${1 + (Date.now() % 200)}`;
        for (let i = 0; i < 6; i += 1) expect((await viaProxy(one)).statusCode).toBe(401);
        expectThrottled(await viaProxy(one));
        // A direct client that is not the trusted proxy cannot choose its address with the header.
        const direct = newAddress();
        for (let i = 0; i < 6; i += 1) expect((await viaProxy(`203.0.113.${200 + i}`, direct)).statusCode).toBe(401);
        expectThrottled(await viaProxy('203.0.113.250', direct));
      } finally {
        await behindProxy.close();
      }
    });

    it('[ASVS 2.2.1/2.5] the real user resets the password and signs in while the attacker\'s address stays throttled', async () => {
      const victim = await newUser();
      const attacker = newAddress();
      const home = newAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await api().login(victim.email, `guess-${i}`, { from: attacker })).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
      // The account is locked for the owner too...
      expectThrottled(await api().login(victim.email, victim.password, { from: home }));
      // ...but not the reset.
      expect((await api().forgot(victim.email, home)).statusCode).toBe(200);
      const reset = await api().reset(await mailedResetToken(database.dataDir), 'owner-new-secret', home);
      expect(reset.statusCode).toBe(200);
      expect((await api().login(victim.email, 'owner-new-secret', { from: home })).statusCode).toBe(200);
      // The attacker's address stays throttled, even with the new password.
      expectThrottled(await api().login(victim.email, 'owner-new-secret', { from: attacker }));
    });

    it('[ASVS 2.2.1] an attacker spamming forgot password from elsewhere does not stop the owner\'s reset', async () => {
      const victim = await newUser();
      const attacker = newAddress();
      for (let i = 0; i < 4; i += 1) expect((await api().forgot(victim.email, attacker)).statusCode).toBe(200);
      expectThrottled(await api().forgot(victim.email, attacker));
      const home = newAddress();
      expect((await api().forgot(victim.email, home)).statusCode).toBe(200);
      expect((await api().reset(await mailedResetToken(database.dataDir), 'fresh-secret', home)).statusCode).toBe(200);
    });

    it('[ASVS 2.2.1] limits registrations and reset attempts per address and contact messages per user', async () => {
      const from = newAddress();
      for (let i = 0; i < 4; i += 1) {
        const response = await api().call('POST', '/api/users/register', undefined, { name: 'Bot', email: uniqueEmail('bot'), password: 'secret123' }, {}, from);
        expect(response.statusCode).toBe(201);
      }
      const fifth = await api().call('POST', '/api/users/register', undefined, { name: 'Bot', email: uniqueEmail('bot'), password: 'secret123' }, {}, from);
      expectThrottled(fifth, 60 * MINUTE);

      const guesser = newAddress();
      for (let i = 0; i < 8; i += 1) expect((await api().reset(`guess${i}`.padEnd(43, 'x'), 'whatever1', guesser)).statusCode).toBe(400);
      expectThrottled(await api().reset('guess-final'.padEnd(43, 'x'), 'whatever1', guesser));

      const user = await newUser();
      for (let i = 0; i < 2; i += 1) {
        expect((await api().call('POST', '/api/contactus', user.token, { subject: `Hi ${i}`, message: 'Hello' })).statusCode).toBe(200);
      }
      // Per user, not per address: another address does not help.
      expectThrottled(await api().call('POST', '/api/contactus', user.token, { subject: 'Hi', message: 'Hello' }, {}, newAddress()), 60 * MINUTE);
    });
  });

  describe('no account enumeration', () => {
    it('[ASVS 2.2/3.2] login answers an unknown email and a wrong password identically (status, body, headers)', async () => {
      const user = await newUser();
      const unknown = await api().login(uniqueEmail('nobody'), 'wrong-password', { from: newAddress() });
      const wrong = await api().login(user.email, 'wrong-password', { from: newAddress() });
      expect(unknown.statusCode).toBe(401);
      expect(wrong.statusCode).toBe(unknown.statusCode);
      expect(wrong.body).toBe(unknown.body);
      expect(wrong.json()).toEqual({ message: MESSAGES.invalidCredentials });
      const headerNames = (response: typeof wrong) => Object.keys(response.headers).filter((name) => name !== 'date').sort();
      expect(headerNames(wrong)).toEqual(headerNames(unknown));
      expect(wrong.headers['set-cookie']).toBeUndefined();
    });

    it('[ASVS 2.5.7] forgot password answers a known and an unknown email identically', async () => {
      const user = await newUser();
      const known = await api().forgot(user.email, newAddress());
      const unknown = await api().forgot(uniqueEmail('nobody'), newAddress());
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.body).toBe(known.body);
      expect(unknown.json()).toEqual({ message: MESSAGES.resetEmailSent });
    });
  });
});
