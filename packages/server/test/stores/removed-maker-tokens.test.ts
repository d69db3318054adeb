import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokensDieWithMembership } from '../../src/db/migrations/0014_tokens_die_with_membership';
import { sha256Hex } from '../../src/crypto';
import { cookieHeader, register, startApp } from '../support/app';
import { databases, type TestDatabase } from '../support/databases';
import { apiToken, bearer, call, invite, joinAs, memoryMailer } from '../support/team';

/** A token dies with the membership that made it: it is deleted then, and a later membership never revives it. */
describe.each(databases)("a removed maker's API tokens ($name)", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const mailer = memoryMailer();
  let owner: string;

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database, {}, { mailer });
    owner = (await register(app, { name: 'Olivia Owner' })).token!;
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  it('are deleted when the maker is removed and stay dead when the maker is invited back', async () => {
    const second = await joinAs(app, mailer, owner, 'owner', 'Second Owner');
    const token = await apiToken(app, second.token, 'owner', 'Second owner script');
    expect((await call(app, 'GET', '/api/orders', bearer(token.token))).statusCode).toBe(200);

    expect((await call(app, 'DELETE', `/api/stores/active/members/${second.userId}`, cookieHeader(owner))).statusCode).toBe(200);
    expect((await call(app, 'GET', '/api/orders', bearer(token.token))).statusCode).toBe(401);
    expect(await app.db.selectFrom('api_tokens').select('id').where('id', '=', token._id).executeTakeFirst()).toBeUndefined();

    // Invited back (as a viewer) and accepted: the old token is still worth nothing.
    const { token: link } = await invite(app, mailer, owner, second.email, 'viewer');
    const accepted = await call(app, 'POST', `/api/invitations/${link}/accept`, cookieHeader(second.token));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await call(app, 'GET', '/api/orders', bearer(token.token))).statusCode).toBe(401);
  });

  it('die when their maker leaves the store of their own accord', async () => {
    const leaving = await joinAs(app, mailer, owner, 'owner', 'Leaving Owner');
    const token = await apiToken(app, leaving.token, 'staff', 'Their script');
    expect((await call(app, 'DELETE', `/api/stores/active/members/${leaving.userId}`, cookieHeader(leaving.token))).statusCode).toBe(200);
    expect(await app.db.selectFrom('api_tokens').select('id').where('id', '=', token._id).executeTakeFirst()).toBeUndefined();
  });

  it('left behind by members removed before migration 0014 are deleted by it; members’ tokens stay', async () => {
    const kept = await apiToken(app, owner, 'viewer', 'Kept');
    const gone = await joinAs(app, mailer, owner, 'owner', 'Gone Owner');
    const orphan = await apiToken(app, gone.token, 'viewer', 'Orphan');
    // As a removal did before tokens died with it: the membership goes, the token stays behind.
    const storeId = (await app.db.selectFrom('api_tokens').select('store_id').where('id', '=', orphan._id).executeTakeFirstOrThrow()).store_id;
    await app.db.deleteFrom('memberships').where('store_id', '=', storeId).where('user_id', '=', gone.userId).execute();
    expect(await app.db.selectFrom('api_tokens').select('id').where('token_hash', '=', sha256Hex(orphan.token)).executeTakeFirst()).toBeDefined();

    await tokensDieWithMembership.up(app.db as never);
    const left = (await app.db.selectFrom('api_tokens').select('id').execute()).map((row) => row.id);
    expect(left).toContain(kept._id);
    expect(left).not.toContain(orphan._id);
  });
});
