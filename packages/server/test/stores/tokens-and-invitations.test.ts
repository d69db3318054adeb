import { type ApiToken, type Invitation, type Member, MESSAGES, type Product, type StoreListItem } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/crypto';
import { RATE_LIMITS } from '../../src/rate-limit/rules';
import { cookieHeader, register, sessionCookie, startApp, UNLIMITED, uniqueEmail } from '../support/app';
import { databases, type TestDatabase } from '../support/databases';
import { apiToken, bearer, call, invite, joinAs, memoryMailer } from '../support/team';

const DAY = 24 * 60 * 60 * 1000;

describe.each(databases)('API tokens and invitations on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const mailer = memoryMailer();
  let clock = Date.parse('2026-03-01T09:00:00.000Z');
  let owner: string;

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database, { PUBLIC_URL: 'http://shop.test' }, {
      mailer,
      now: () => new Date(clock),
      rateLimits: { ...UNLIMITED, apiTokenFailures: { limit: 3, windowMs: 15 * 60_000 }, apiToken: { limit: 5, windowMs: 60_000 } },
    });
    owner = (await register(app, { name: 'Olivia Owner' })).token!;
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const asOwner = () => cookieHeader(owner);

  describe('tokens', () => {
    it('are kept only as a hash, shown once, listed with their last use, and expire', async () => {
      const made = await apiToken(app, owner, 'staff', 'Nightly sync');
      expect(made.token).toMatch(/^inv_[A-Za-z0-9_-]{43}$/);
      const row = await app.db.selectFrom('api_tokens').selectAll().where('id', '=', made._id).executeTakeFirstOrThrow();
      expect(row.token_hash).toBe(sha256Hex(made.token));
      expect(JSON.stringify(row)).not.toContain(made.token);

      const listed = (await call(app, 'GET', '/api/stores/active/tokens', asOwner())).json<ApiToken[]>();
      expect(listed.find((token) => token._id === made._id)).toEqual({
        _id: made._id,
        name: 'Nightly sync',
        role: 'staff',
        createdBy: 'Olivia Owner',
        createdAt: new Date(clock).toISOString(),
        expiresAt: null,
        lastUsedAt: null,
      });
      expect(JSON.stringify(listed)).not.toContain(made.token);

      expect((await call(app, 'GET', '/api/products', bearer(made.token))).statusCode).toBe(200);
      const used = (await call(app, 'GET', '/api/stores/active/tokens', asOwner())).json<ApiToken[]>();
      expect(used.find((token) => token._id === made._id)?.lastUsedAt).toBe(new Date(clock).toISOString());

      const expiring = await call(app, 'POST', '/api/stores/active/tokens', asOwner(), {
        name: 'Trial',
        role: 'viewer',
        expiresAt: new Date(clock + DAY).toISOString(),
      });
      expect(expiring.statusCode).toBe(201);
      const { token } = expiring.json<{ token: string }>();
      expect((await call(app, 'GET', '/api/products', bearer(token))).statusCode).toBe(200);
      clock += DAY + 1000;
      const expired = await call(app, 'GET', '/api/products', bearer(token));
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ message: MESSAGES.tokenInvalid });
    });

    it('refuse an expiry in the past, a bad role, a role above their maker’s, and a missing name', async () => {
      const past = await call(app, 'POST', '/api/stores/active/tokens', asOwner(), { name: 'x', role: 'viewer', expiresAt: new Date(clock - 1000).toISOString() });
      expect(past.statusCode).toBe(400);
      expect(past.json()).toEqual({ message: MESSAGES.tokenExpiryPast });
      const badRole = await call(app, 'POST', '/api/stores/active/tokens', asOwner(), { name: 'x', role: 'admin' });
      expect(badRole.json()).toEqual({ message: MESSAGES.roleInvalid });
      const noName = await call(app, 'POST', '/api/stores/active/tokens', asOwner(), { name: '  ', role: 'viewer' });
      expect(noName.json()).toEqual({ message: MESSAGES.tokenNameRequired });
      const notADate = await call(app, 'POST', '/api/stores/active/tokens', asOwner(), { name: 'x', role: 'viewer', expiresAt: 'tomorrow' });
      expect(notADate.json()).toEqual({ message: MESSAGES.tokenExpiryInvalid });
    });

    it("act with their role, capped by their maker's current role, and stop when the maker leaves the store", async () => {
      const second = await joinAs(app, mailer, owner, 'owner', 'Second Owner');
      const token = await apiToken(app, second.token, 'owner', 'Second owner script');
      const product = await call(app, 'POST', '/api/orders', bearer(token.token), { name: 'Cable', category: 'Cables', price: 3, quantity: 1 });
      expect(product.statusCode).toBe(201);
      expect(product.json<Product>().createdBy).toEqual({ name: 'Second Owner', token: 'Second owner script' });

      // The maker becomes a viewer: the token reads, and no longer writes.
      expect((await call(app, 'PATCH', `/api/stores/active/members/${second.userId}`, asOwner(), { role: 'viewer' })).statusCode).toBe(200);
      expect((await call(app, 'GET', '/api/orders', bearer(token.token))).statusCode).toBe(200);
      const write = await call(app, 'POST', '/api/orders', bearer(token.token), { name: 'Cable', category: 'Cables', price: 3, quantity: 1 });
      expect(write.statusCode).toBe(403);
      expect(write.json()).toEqual({ message: MESSAGES.roleForbidden('viewer', 'add products or orders') });

      // The maker is removed: the token is worth nothing.
      expect((await call(app, 'DELETE', `/api/stores/active/members/${second.userId}`, asOwner())).statusCode).toBe(200);
      expect((await call(app, 'GET', '/api/orders', bearer(token.token))).statusCode).toBe(401);
    });

    it('need no cross-site check (no cookie), but a cookie request from another site is still refused', async () => {
      const token = await apiToken(app, owner, 'staff');
      const foreign = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
      const scripted = await call(app, 'POST', '/api/orders', { ...bearer(token.token), ...foreign }, { name: 'Cable', category: 'Cables', price: 3, quantity: 1 });
      expect(scripted.statusCode).toBe(201);
      const withCookie = await call(app, 'POST', '/api/orders', { ...bearer(token.token), ...asOwner(), ...foreign }, { name: 'Cable', category: 'Cables', price: 3, quantity: 1 });
      expect(withCookie.statusCode).toBe(403);
      expect(withCookie.json()).toEqual({ message: MESSAGES.crossSiteRefused });
    });

    it('leave other Authorization schemes to the session (a proxy’s Basic auth does not sign anyone out)', async () => {
      const response = await call(app, 'GET', '/api/products', { ...asOwner(), authorization: 'Basic dXNlcjpwYXNz' });
      expect(response.statusCode).toBe(200);
      expect((await call(app, 'GET', '/api/products', { authorization: 'Basic dXNlcjpwYXNz' })).statusCode).toBe(401);
    });

    it('are rate limited: bad tokens per address like failed sign-ins, and requests per token', async () => {
      const from = (address: string) => ({ remoteAddress: address });
      for (let i = 0; i < 3; i += 1) {
        const response = await app.inject({ method: 'GET', url: '/api/products', headers: bearer(`inv_guess${i}`), ...from('203.0.113.7') });
        expect(response.statusCode).toBe(401);
      }
      const limited = await app.inject({ method: 'GET', url: '/api/products', headers: bearer('inv_guess4'), ...from('203.0.113.7') });
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toMatch(/^\d+$/);
      // Another address is not affected.
      expect((await app.inject({ method: 'GET', url: '/api/products', headers: bearer('inv_x'), ...from('203.0.113.8') })).statusCode).toBe(401);

      const token = await apiToken(app, owner, 'viewer');
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await call(app, 'GET', '/api/products', bearer(token.token))).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect(RATE_LIMITS.apiToken.limit).toBeGreaterThan(100);
    });
  });

  describe('invitations', () => {
    it('are kept as a hash, listed while open, and work once', async () => {
      const email = uniqueEmail('once');
      const { invitation, token } = await invite(app, mailer, owner, email, 'staff');
      expect(mailer.sent.at(-1)?.text).toContain(`http://shop.test/invitations/${token}`);
      const row = await app.db.selectFrom('invitations').selectAll().where('id', '=', invitation._id).executeTakeFirstOrThrow();
      expect(row.token_hash).toBe(sha256Hex(token));
      expect(JSON.stringify(row)).not.toContain(token);
      const pending = (await call(app, 'GET', '/api/stores/active/invitations', asOwner())).json<Invitation[]>();
      expect(pending.map((i) => i.email)).toContain(email);

      const invitee = await register(app, { name: 'Ivy Invitee', email });
      // Two tabs accept at once: one joins, the other is told the link is used.
      const [first, second] = await Promise.all([
        call(app, 'POST', `/api/invitations/${token}/accept`, cookieHeader(invitee.token)),
        call(app, 'POST', `/api/invitations/${token}/accept`, cookieHeader(invitee.token)),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
      const members = (await call(app, 'GET', '/api/stores/active/members', asOwner())).json<Member[]>();
      expect(members.filter((member) => member.email === email)).toEqual([
        expect.objectContaining({ name: 'Ivy Invitee', role: 'staff' }),
      ]);
      expect((await call(app, 'GET', '/api/stores/active/invitations', asOwner())).json<Invitation[]>().map((i) => i.email)).not.toContain(email);
      // The invitee now works in the store they joined, and still has their own.
      const stores = (await call(app, 'GET', '/api/stores', cookieHeader(invitee.token))).json<StoreListItem[]>();
      expect(stores).toHaveLength(2);
      expect(stores.find((store) => store.active)?.role).toBe('staff');
    });

    it('registering through the link joins the store and makes no store of one’s own (issue 26)', async () => {
      const email = uniqueEmail('through-link');
      const { token } = await invite(app, mailer, owner, email, 'staff');
      const storesBefore = (await app.db.selectFrom('stores').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
      const response = await app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: { name: 'Lin Linked', email: email.toUpperCase(), password: 'secret123', invitation: token },
      });
      expect(response.statusCode, response.body).toBe(201);
      const invitee = sessionCookie(response)!;
      const stores = (await call(app, 'GET', '/api/stores', cookieHeader(invitee))).json<StoreListItem[]>();
      const ownerStores = (await call(app, 'GET', '/api/stores', asOwner())).json<StoreListItem[]>();
      const invited = ownerStores.find((store) => store.active)!;
      expect(stores).toEqual([expect.objectContaining({ _id: invited._id, name: invited.name, role: 'staff', active: true })]);
      const storesAfter = (await app.db.selectFrom('stores').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
      expect(Number(storesAfter)).toBe(Number(storesBefore));
      // The link is used up: accepting it again or registering with it again is refused.
      const again = await call(app, 'POST', `/api/invitations/${token}/accept`, cookieHeader(invitee));
      expect(again.json()).toEqual({ message: MESSAGES.invitationInvalid });
    });

    it('a registration with a bad or another person’s link is refused whole: no account, no store', async () => {
      const intended = uniqueEmail('intended-reg');
      const { token } = await invite(app, mailer, owner, intended, 'viewer');
      const stranger = uniqueEmail('stranger-reg');
      const other = await app.inject({ method: 'POST', url: '/api/users/register', payload: { name: 'S', email: stranger, password: 'secret123', invitation: token } });
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual({ message: MESSAGES.invitationOtherEmail(intended) });
      const unknown = await app.inject({ method: 'POST', url: '/api/users/register', payload: { name: 'S', email: stranger, password: 'secret123', invitation: 'nope' } });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({ message: MESSAGES.invitationInvalid });
      expect(await app.db.selectFrom('users').select('id').where('email', '=', stranger).executeTakeFirst()).toBeUndefined();
      // The link still works for the one it was meant for.
      const meant = await app.inject({ method: 'POST', url: '/api/users/register', payload: { name: 'I', email: intended, password: 'secret123', invitation: token } });
      expect(meant.statusCode).toBe(201);
    });

    it('say clearly when someone is already a member or already invited', async () => {
      const member = await joinAs(app, mailer, owner, 'viewer');
      const again = await call(app, 'POST', '/api/stores/active/invitations', asOwner(), { email: member.email.toUpperCase(), role: 'viewer' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: MESSAGES.alreadyMember(member.email) });
      const email = uniqueEmail('twice');
      await invite(app, mailer, owner, email, 'viewer');
      const twice = await call(app, 'POST', '/api/stores/active/invitations', asOwner(), { email, role: 'staff' });
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toEqual({ message: MESSAGES.alreadyInvited(email) });
      const bad = await call(app, 'POST', '/api/stores/active/invitations', asOwner(), { email: 'not-an-email', role: 'staff' });
      expect(bad.json()).toEqual({ message: MESSAGES.invalidEmail });
    });

    it('answer 400 once revoked or expired, and 403 for another email', async () => {
      const revokedEmail = uniqueEmail('revoked');
      const revoked = await invite(app, mailer, owner, revokedEmail, 'viewer');
      expect((await call(app, 'DELETE', `/api/stores/active/invitations/${revoked.invitation._id}`, asOwner())).statusCode).toBe(200);
      const who = await register(app, { email: revokedEmail });
      const refused = await call(app, 'POST', `/api/invitations/${revoked.token}/accept`, cookieHeader(who.token));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: MESSAGES.invitationInvalid });
      expect((await call(app, 'GET', `/api/invitations/${revoked.token}`, {})).statusCode).toBe(400);

      const otherEmail = uniqueEmail('intended');
      const intended = await invite(app, mailer, owner, otherEmail, 'viewer');
      const stranger = await call(app, 'POST', `/api/invitations/${intended.token}/accept`, cookieHeader(who.token));
      expect(stranger.statusCode).toBe(403);
      expect(stranger.json()).toEqual({ message: MESSAGES.invitationOtherEmail(otherEmail) });

      const lateEmail = uniqueEmail('late');
      const late = await invite(app, mailer, owner, lateEmail, 'viewer');
      expect((await call(app, 'GET', `/api/invitations/${late.token}`, {})).json()).toMatchObject({ email: lateEmail, role: 'viewer', storeName: "Olivia Owner's store" });
      clock += 7 * DAY + 1000;
      expect((await call(app, 'GET', `/api/invitations/${late.token}`, {})).statusCode).toBe(400);
      const lateUser = await register(app, { email: lateEmail });
      expect((await call(app, 'POST', `/api/invitations/${late.token}/accept`, cookieHeader(lateUser.token))).statusCode).toBe(400);
      expect((await call(app, 'GET', '/api/invitations/not-a-token', {})).json()).toEqual({ message: MESSAGES.invitationInvalid });
    });

    it('let a manager invite staff and viewers only, and keep the last owner', async () => {
      // The clock moved past the first owner's session above: a new store for this one.
      owner = (await register(app, { name: 'Nora New' })).token!;
      const manager = await joinAs(app, mailer, owner, 'manager');
      const asManager = cookieHeader(manager.token);
      const promote = await call(app, 'POST', '/api/stores/active/invitations', asManager, { email: uniqueEmail('boss'), role: 'owner' });
      expect(promote.statusCode).toBe(403);
      expect(promote.json()).toEqual({ message: MESSAGES.roleNotAssignable('owner') });
      expect((await call(app, 'POST', '/api/stores/active/invitations', asManager, { email: uniqueEmail('helper'), role: 'staff' })).statusCode).toBe(201);

      const members = (await call(app, 'GET', '/api/stores/active/members', asOwner())).json<Member[]>();
      const owners = members.filter((member) => member.role === 'owner');
      expect(owners).toHaveLength(1);
      const lastOwner = owners[0]!;
      const demote = await call(app, 'PATCH', `/api/stores/active/members/${lastOwner.userId}`, asOwner(), { role: 'manager' });
      expect(demote.statusCode).toBe(409);
      expect(demote.json()).toEqual({ message: MESSAGES.lastOwner });
      const leave = await call(app, 'DELETE', `/api/stores/active/members/${lastOwner.userId}`, asOwner());
      expect(leave.statusCode).toBe(409);
      // A manager leaves by themselves.
      const left = await call(app, 'DELETE', `/api/stores/active/members/${manager.userId}`, asManager);
      expect(left.json()).toEqual({ message: MESSAGES.leftStore });
    });
  });
});
