import {
  API_TOKEN_PREFIX,
  LIMITS,
  MESSAGES,
  forbiddenMessage,
  type ApiToken,
  type ApiTokenCreated,
  type Invitation,
  type Member,
  type Order,
  type Product,
  type Role,
  type Store,
  type StoreListItem,
  type User,
} from '@inventory/contract';
import { expect } from 'vitest';
import type { ScenarioClient } from './client';
import { UNKNOWN_UUID, formOf, isoDate } from './support';
import type { Scenario, ScenarioContext } from './types';
import { expectMessage, register } from './users';

const STORES = '/api/stores';
const ACTIVE = `${STORES}/active`;
const MEMBERS = `${ACTIVE}/members`;
const INVITATIONS = `${ACTIVE}/invitations`;
const TOKENS = `${ACTIVE}/tokens`;
const PRODUCTS = '/api/products';
const ORDERS = '/api/orders';

const laptop = { name: 'ThinkPad T14', category: 'Laptops', price: '1299.99', quantity: '5' };
const toner = { name: 'HP 59A Toner', category: 'Printers', price: 119.9, quantity: 6 };

const uuid = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

/** The invitation token in a link or mail text: the segment after `/invitations/`. */
export function invitationTokenFromLink(link: string): string {
  const match = /\/invitations\/([A-Za-z0-9_-]+)/.exec(link);
  if (!match?.[1]) throw new Error(`No /invitations/<token> in: ${link}`);
  return match[1];
}

async function listStores(client: ScenarioClient): Promise<StoreListItem[]> {
  const response = await client.get<StoreListItem[]>(STORES);
  expect(response.status).toBe(200);
  for (const store of response.body) {
    expect(store).toEqual({
      _id: uuid,
      name: expect.any(String),
      role: expect.any(String),
      active: expect.any(Boolean),
    });
  }
  expect(response.body.filter((store) => store.active)).toHaveLength(1);
  return response.body;
}

async function activeStore(client: ScenarioClient): Promise<Store> {
  const response = await client.get<Store>(ACTIVE);
  expect(response.status).toBe(200);
  return response.body;
}

async function createProduct(client: ScenarioClient, fields: Record<string, string> = laptop): Promise<Product> {
  const response = await client.postForm<Product>(PRODUCTS, formOf(fields));
  expect(response.status).toBe(201);
  return response.body;
}

async function createOrder(client: ScenarioClient, body: object = toner): Promise<Order> {
  const response = await client.post<Order>(ORDERS, body);
  expect(response.status).toBe(201);
  return response.body;
}

async function listIds(client: ScenarioClient, path: string): Promise<string[]> {
  const response = await client.get<Array<{ _id: string }>>(path);
  expect(response.status).toBe(200);
  return response.body.map((item) => item._id);
}

interface Joined {
  client: ScenarioClient;
  user: User;
  email: string;
  name: string;
}

/** A new user (in a browser of their own) invited by `owner` with `role`, who accepts: the store is now theirs too. */
export async function join(owner: ScenarioClient, ctx: ScenarioContext, role: Role, tag: string): Promise<Joined> {
  const client = owner.newSession();
  const { email, name, user } = await register(client, tag);
  const invited = await owner.post<Invitation>(INVITATIONS, { email, role });
  expect(invited.status).toBe(201);
  const token = invitationTokenFromLink(await ctx.readInvitationLink(email));
  const accepted = await client.post<Store>(`/api/invitations/${token}/accept`);
  expect({ status: accepted.status, role: accepted.body.role }).toEqual({ status: 200, role });
  return { client, user, email, name };
}

export const storeScenarios: Scenario[] = [
  {
    name: 'stores: every route answers 401 when signed out',
    async run(client) {
      expectMessage(await client.get(STORES), 401, MESSAGES.notAuthorized);
      expectMessage(await client.post(STORES, { name: 'Shop' }), 401, MESSAGES.notAuthorized);
      expectMessage(await client.get(ACTIVE), 401, MESSAGES.notAuthorized);
      expectMessage(await client.put(ACTIVE, { storeId: UNKNOWN_UUID }), 401, MESSAGES.notAuthorized);
      expectMessage(await client.patch(ACTIVE, { name: 'Shop' }), 401, MESSAGES.notAuthorized);
      expectMessage(await client.get(MEMBERS), 401, MESSAGES.notAuthorized);
      expectMessage(await client.get(INVITATIONS), 401, MESSAGES.notAuthorized);
      expectMessage(await client.get(TOKENS), 401, MESSAGES.notAuthorized);
      expectMessage(await client.post(`/api/invitations/${'a'.repeat(64)}/accept`), 401, MESSAGES.notAuthorized);
    },
  },
  {
    name: 'stores: registering makes one store, owned by the new user and active',
    async run(client) {
      await register(client, 'nora');
      const stores = await listStores(client);
      expect(stores).toEqual([{ _id: uuid, name: expect.any(String), role: 'owner', active: true }]);
      expect(stores[0]!.name.trim()).not.toBe('');
      expect(await activeStore(client)).toEqual({ _id: stores[0]!._id, name: stores[0]!.name, role: 'owner' });
    },
  },
  {
    name: 'stores: the owner renames the active store; the name is checked',
    async run(client) {
      await register(client, 'oscar');
      const renamed = await client.patch<Store>(ACTIVE, { name: '  Acme IT Supplies  ' });
      expect({ status: renamed.status, body: renamed.body }).toEqual({
        status: 200,
        body: { _id: uuid, name: 'Acme IT Supplies', role: 'owner' },
      });
      expect((await listStores(client)).map((s) => s.name)).toEqual(['Acme IT Supplies']);
      const cases: Array<[unknown, string]> = [
        [{}, MESSAGES.storeNameRequired],
        [{ name: '' }, MESSAGES.storeNameRequired],
        [{ name: '   ' }, MESSAGES.storeNameRequired],
        [{ name: 's'.repeat(LIMITS.storeName + 1) }, MESSAGES.fieldTooLong('Store name', LIMITS.storeName)],
        [{ name: 'Shop', owner: 'me' }, 'Unexpected field: owner'],
      ];
      for (const [body, message] of cases) {
        const response = await client.patch(ACTIVE, body);
        expect({ body, status: response.status, answer: response.body }).toEqual({
          body,
          status: 400,
          answer: { message },
        });
      }
      expect((await activeStore(client)).name).toBe('Acme IT Supplies');
    },
  },
  {
    name: "stores: a new store is owned and active; switching moves products and orders; another store's items answer 404",
    async run(client) {
      await register(client, 'petra');
      const [first] = await listStores(client);
      const product = await createProduct(client);

      const created = await client.post<Store>(STORES, { name: 'Second Shop' });
      expect({ status: created.status, body: created.body }).toEqual({
        status: 201,
        body: { _id: uuid, name: 'Second Shop', role: 'owner' },
      });
      const second = created.body;
      const stores = await listStores(client);
      expect(stores).toHaveLength(2);
      expect(stores.find((s) => s.active)?._id).toBe(second._id);
      expect([...stores].map((s) => s.name)).toEqual([...stores].map((s) => s.name).sort((a, b) => a.localeCompare(b)));

      // The new store is empty; the first store's product is not found here.
      expect(await listIds(client, PRODUCTS)).toEqual([]);
      expectMessage(await client.get(`${PRODUCTS}/${product._id}`), 404, MESSAGES.productNotFound);
      expectMessage(await client.delete(`${PRODUCTS}/${product._id}`), 404, MESSAGES.productNotFound);
      const order = await createOrder(client);

      const switched = await client.put<Store>(ACTIVE, { storeId: first!._id });
      expect({ status: switched.status, body: switched.body }).toEqual({
        status: 200,
        body: { _id: first!._id, name: first!.name, role: 'owner' },
      });
      expect((await listStores(client)).find((s) => s.active)?._id).toBe(first!._id);
      expect(await listIds(client, PRODUCTS)).toEqual([product._id]);
      expect(await listIds(client, ORDERS)).toEqual([]);
      expectMessage(await client.get(`${ORDERS}/${order._id}`), 404, MESSAGES.orderNotFound);

      expectMessage(await client.put(ACTIVE, { storeId: UNKNOWN_UUID }), 404, MESSAGES.storeNotFound);
      expect((await client.put(ACTIVE, { storeId: 'not-a-store' })).status).toBe(400);
      expectMessage(await client.post(STORES, { name: ' ' }), 400, MESSAGES.storeNameRequired);
      // Someone else's store is not yours to switch to.
      const other = client.newSession();
      await register(other, 'quincy');
      expectMessage(await other.put(ACTIVE, { storeId: second._id }), 404, MESSAGES.storeNotFound);
    },
  },
  {
    name: 'invitations: invite by email, preview the link, accept it as the invited user; the members list shows them',
    async run(client, ctx) {
      const owner = await register(client, 'rita');
      await client.patch(ACTIVE, { name: 'Team Store' });
      const store = await activeStore(client);
      const invitee = client.newSession();
      const { email, name, user } = await register(invitee, 'sven');

      const invited = await client.post<Invitation>(INVITATIONS, { email: email.toUpperCase(), role: 'staff' });
      expect({ status: invited.status, body: invited.body }).toEqual({
        status: 201,
        body: { _id: uuid, email, role: 'staff', invitedBy: owner.name, createdAt: isoDate, expiresAt: isoDate },
      });
      expect(Date.parse(invited.body.expiresAt)).toBeGreaterThan(Date.now());
      expect((await client.get(INVITATIONS)).body).toEqual([invited.body]);

      expectMessage(await client.post(INVITATIONS, { email, role: 'staff' }), 409, MESSAGES.alreadyInvited(email));
      expectMessage(
        await client.post(INVITATIONS, { email: owner.email, role: 'staff' }),
        409,
        MESSAGES.alreadyMember(owner.email),
      );
      expectMessage(await client.post(INVITATIONS, { email: 'sven@', role: 'staff' }), 400, MESSAGES.invalidEmail);
      expectMessage(await client.post(INVITATIONS, { email: '', role: 'staff' }), 400, MESSAGES.emailRequired);
      expectMessage(await client.post(INVITATIONS, { email, role: 'admin' }), 400, MESSAGES.roleInvalid);

      const token = invitationTokenFromLink(await ctx.readInvitationLink(email));
      const url = `/api/invitations/${token}`;
      // The preview needs no sign-in.
      const preview = await client.newSession().get(url);
      expect({ status: preview.status, body: preview.body }).toEqual({
        status: 200,
        body: {
          storeName: 'Team Store',
          email,
          role: 'staff',
          invitedBy: owner.name,
          expiresAt: invited.body.expiresAt,
        },
      });
      expectMessage(
        await client.newSession().get(`/api/invitations/${'0'.repeat(64)}`),
        400,
        MESSAGES.invitationInvalid,
      );

      // Signed in as someone else: refused, and the link still works for the right person.
      const stranger = client.newSession();
      await register(stranger, 'tara');
      expectMessage(await stranger.post(`${url}/accept`), 403, MESSAGES.invitationOtherEmail(email));

      const accepted = await invitee.post<Store>(`${url}/accept`);
      expect({ status: accepted.status, body: accepted.body }).toEqual({
        status: 200,
        body: { _id: store._id, name: 'Team Store', role: 'staff' },
      });
      const theirs = await listStores(invitee);
      expect(theirs).toHaveLength(2);
      expect(theirs.find((s) => s.active)).toEqual({ _id: store._id, name: 'Team Store', role: 'staff', active: true });
      expect(await activeStore(invitee)).toEqual({ _id: store._id, name: 'Team Store', role: 'staff' });

      // Used: the link no longer works, and nothing is pending.
      expectMessage(await client.newSession().get(url), 400, MESSAGES.invitationInvalid);
      expectMessage(await invitee.post(`${url}/accept`), 400, MESSAGES.invitationInvalid);
      expect((await client.get(INVITATIONS)).body).toEqual([]);

      const members = await client.get<Member[]>(MEMBERS);
      expect(members.status).toBe(200);
      expect(members.body).toEqual([
        {
          userId: owner.user._id,
          name: owner.name,
          email: owner.email,
          role: 'owner',
          joinedAt: isoDate,
          lastActiveAt: expect.toBeOneOf([null, isoDate]),
        },
        {
          userId: user._id,
          name,
          email,
          role: 'staff',
          joinedAt: isoDate,
          lastActiveAt: expect.toBeOneOf([null, isoDate]),
        },
      ]);
      // Members read the list; only owners and managers see invitations.
      expect((await invitee.get<Member[]>(MEMBERS)).body).toHaveLength(2);
      expectMessage(await invitee.get(INVITATIONS), 403, forbiddenMessage('staff', 'members:manage'));
      expectMessage(
        await invitee.post(INVITATIONS, { email: 'x@example.com', role: 'viewer' }),
        403,
        forbiddenMessage('staff', 'members:manage'),
      );
    },
  },
  {
    name: 'invitations: a revoked invitation link stops working; revoking twice answers 404',
    async run(client, ctx) {
      await register(client, 'ursula');
      const { email } = await register(client.newSession(), 'viktor');
      const invited = await client.post<Invitation>(INVITATIONS, { email, role: 'viewer' });
      expect(invited.status).toBe(201);
      const token = invitationTokenFromLink(await ctx.readInvitationLink(email));
      expectMessage(await client.delete(`${INVITATIONS}/${invited.body._id}`), 200, MESSAGES.invitationRevoked);
      expectMessage(await client.delete(`${INVITATIONS}/${invited.body._id}`), 404, MESSAGES.invitationNotFound);
      expectMessage(await client.delete(`${INVITATIONS}/${UNKNOWN_UUID}`), 404, MESSAGES.invitationNotFound);
      expect((await client.get(INVITATIONS)).body).toEqual([]);
      expectMessage(await client.get(`/api/invitations/${token}`), 400, MESSAGES.invitationInvalid);
      // Revoked, it may be sent again.
      expect((await client.post(INVITATIONS, { email, role: 'viewer' })).status).toBe(201);
    },
  },
  {
    name: 'members: owners change any role, managers move staff and viewers only, and a store keeps its last owner',
    async run(client, ctx) {
      const owner = await register(client, 'wanda');
      const manager = await join(client, ctx, 'staff', 'xavier');
      const viewer = await join(client, ctx, 'viewer', 'yara');

      const promoted = await client.patch<Member>(`${MEMBERS}/${manager.user._id}`, { role: 'manager' });
      expect({ status: promoted.status, body: promoted.body }).toEqual({
        status: 200,
        body: {
          userId: manager.user._id,
          name: manager.name,
          email: manager.email,
          role: 'manager',
          joinedAt: isoDate,
          lastActiveAt: expect.toBeOneOf([null, isoDate]),
        },
      });
      // The new role applies to their very next request.
      expect((await activeStore(manager.client)).role).toBe('manager');
      expectMessage(await client.patch(`${MEMBERS}/${viewer.user._id}`, { role: 'boss' }), 400, MESSAGES.roleInvalid);
      expectMessage(await client.patch(`${MEMBERS}/${UNKNOWN_UUID}`, { role: 'staff' }), 404, MESSAGES.memberNotFound);

      // A manager moves viewers and staff, and gives no higher role.
      const moved = await manager.client.patch<Member>(`${MEMBERS}/${viewer.user._id}`, { role: 'staff' });
      expect({ status: moved.status, role: moved.body.role }).toEqual({ status: 200, role: 'staff' });
      expectMessage(
        await manager.client.patch(`${MEMBERS}/${viewer.user._id}`, { role: 'manager' }),
        403,
        MESSAGES.roleNotAssignable('manager'),
      );
      expectMessage(
        await manager.client.patch(`${MEMBERS}/${owner.user._id}`, { role: 'viewer' }),
        403,
        MESSAGES.memberCannotManage,
      );
      expectMessage(await manager.client.delete(`${MEMBERS}/${owner.user._id}`), 403, MESSAGES.memberCannotManage);
      expectMessage(
        await manager.client.post(INVITATIONS, { email: 'zed@example.com', role: 'manager' }),
        403,
        MESSAGES.roleNotAssignable('manager'),
      );
      expect((await manager.client.post(INVITATIONS, { email: 'zed@example.com', role: 'viewer' })).status).toBe(201);
      // Staff manage no one.
      expectMessage(
        await viewer.client.patch(`${MEMBERS}/${manager.user._id}`, { role: 'viewer' }),
        403,
        forbiddenMessage('staff', 'members:manage'),
      );
      expectMessage(
        await manager.client.patch(ACTIVE, { name: 'Mine' }),
        403,
        forbiddenMessage('manager', 'store:manage'),
      );

      // The last owner can neither step down nor leave.
      expectMessage(await client.patch(`${MEMBERS}/${owner.user._id}`, { role: 'manager' }), 409, MESSAGES.lastOwner);
      expectMessage(await client.delete(`${MEMBERS}/${owner.user._id}`), 409, MESSAGES.lastOwner);
      // With a second owner, one may.
      expect((await client.patch(`${MEMBERS}/${manager.user._id}`, { role: 'owner' })).status).toBe(200);
      const steppedDown = await client.patch<Member>(`${MEMBERS}/${owner.user._id}`, { role: 'manager' });
      expect({ status: steppedDown.status, role: steppedDown.body.role }).toEqual({ status: 200, role: 'manager' });
    },
  },
  {
    name: "members: a removed member's next request answers 403 notAMember and moves them to another of their stores; members may leave",
    async run(client, ctx) {
      await register(client, 'abel');
      const [ownStore] = await listStores(client);
      const removed = await join(client, ctx, 'staff', 'bianca');
      const leaver = await join(client, ctx, 'viewer', 'carlo');
      await createProduct(client);
      expect(await listIds(removed.client, PRODUCTS)).toHaveLength(1);

      expectMessage(await client.delete(`${MEMBERS}/${removed.user._id}`), 200, MESSAGES.memberRemoved);
      expectMessage(await client.delete(`${MEMBERS}/${removed.user._id}`), 404, MESSAGES.memberNotFound);
      expectMessage(await removed.client.get(PRODUCTS), 403, MESSAGES.notAMember);
      // Moved to their own store at the same time.
      const theirs = await listStores(removed.client);
      expect(theirs.map((s) => s._id)).not.toContain(ownStore!._id);
      expect(theirs).toHaveLength(1);
      expect(await listIds(removed.client, PRODUCTS)).toEqual([]);

      expectMessage(await leaver.client.delete(`${MEMBERS}/${leaver.user._id}`), 200, MESSAGES.leftStore);
      const members = await client.get<Member[]>(MEMBERS);
      expect(members.body.map((m) => m.role)).toEqual(['owner']);
      expect((await listStores(leaver.client)).map((s) => s._id)).not.toContain(ownStore!._id);
    },
  },
  {
    name: 'roles: a viewer reads only; staff add and edit but delete nothing; each answer says what the role does not allow',
    async run(client, ctx) {
      const owner = await register(client, 'dora');
      const product = await createProduct(client);
      const order = await createOrder(client);
      const member = await join(client, ctx, 'viewer', 'emil');
      const productUrl = `${PRODUCTS}/${product._id}`;
      const orderUrl = `${ORDERS}/${order._id}`;

      expect(await listIds(member.client, PRODUCTS)).toEqual([product._id]);
      expect((await member.client.get(productUrl)).status).toBe(200);
      expect((await member.client.get(orderUrl)).status).toBe(200);
      const cannotAdd = forbiddenMessage('viewer', 'catalogue:create');
      expect(cannotAdd).toBe('Your role (viewer) does not allow you to add products or orders.');
      expectMessage(await member.client.postForm(PRODUCTS, formOf(laptop)), 403, cannotAdd);
      expectMessage(await member.client.post(ORDERS, toner), 403, cannotAdd);
      expectMessage(
        await member.client.patchForm(productUrl, formOf(laptop)),
        403,
        forbiddenMessage('viewer', 'catalogue:update'),
      );
      expectMessage(await member.client.patch(orderUrl, toner), 403, forbiddenMessage('viewer', 'catalogue:update'));
      expectMessage(await member.client.delete(productUrl), 403, forbiddenMessage('viewer', 'catalogue:delete'));
      expect(await listIds(client, PRODUCTS)).toEqual([product._id]);

      expect((await client.patch(`${MEMBERS}/${member.user._id}`, { role: 'staff' })).status).toBe(200);
      const added = await member.client.postForm<Product>(PRODUCTS, formOf({ ...laptop, name: 'Staff laptop' }));
      expect(added.status).toBe(201);
      expect(added.body.createdBy).toEqual({ name: member.name, token: null });
      const edited = await member.client.patchForm<Product>(productUrl, formOf({ ...laptop, quantity: '4' }));
      expect({ status: edited.status, quantity: edited.body.quantity }).toEqual({ status: 200, quantity: 4 });
      expect(edited.body.createdBy).toEqual({ name: owner.name, token: null });
      expect(edited.body.updatedBy).toEqual({ name: member.name, token: null });
      expect((await client.get<Product>(productUrl)).body.updatedBy).toEqual({ name: member.name, token: null });
      const editedOrder = await member.client.patch<Order>(orderUrl, { ...toner, quantity: 2 });
      expect(editedOrder.body.updatedBy).toEqual({ name: member.name, token: null });

      const cannotDelete = forbiddenMessage('staff', 'catalogue:delete');
      expect(cannotDelete).toBe('Your role (staff) does not allow you to delete products or orders.');
      expectMessage(await member.client.delete(productUrl), 403, cannotDelete);
      expectMessage(await member.client.delete(orderUrl), 403, cannotDelete);
      expect(await listIds(client, PRODUCTS)).toContain(product._id);
      expect(await listIds(client, ORDERS)).toEqual([order._id]);
      // Lists leave out who did what.
      const listed = await client.get<Product[]>(PRODUCTS);
      for (const item of listed.body) expect(item).not.toHaveProperty('createdBy');
    },
  },
  {
    name: 'tokens: owners create, list and revoke API tokens; a token works on its store with its role; the secret is answered once',
    async run(client, ctx) {
      const owner = await register(client, 'fiona');
      const store = await activeStore(client);
      const product = await createProduct(client);
      expect((await client.get(TOKENS)).body).toEqual([]);

      const created = await client.post<ApiTokenCreated>(TOKENS, { name: '  Stock sync ', role: 'staff' });
      expect({ status: created.status, body: created.body }).toEqual({
        status: 201,
        body: {
          _id: uuid,
          name: 'Stock sync',
          role: 'staff',
          createdBy: owner.name,
          createdAt: isoDate,
          expiresAt: null,
          lastUsedAt: null,
          token: expect.stringMatching(new RegExp(`^${API_TOKEN_PREFIX}\\S{16,}$`)),
        },
      });
      const secret = created.body.token;
      const listed = await client.get<ApiToken[]>(TOKENS);
      expect(listed.body).toEqual([
        {
          _id: created.body._id,
          name: 'Stock sync',
          role: 'staff',
          createdBy: owner.name,
          createdAt: isoDate,
          expiresAt: null,
          lastUsedAt: expect.toBeOneOf([null, isoDate]),
        },
      ]);
      expect(JSON.stringify(listed.body)).not.toContain(secret);

      // A script with the token: no cookie, its store, its role.
      const script = client.newSession();
      const bearer = { headers: { authorization: `Bearer ${secret}` } };
      expect((await script.get<Store>(ACTIVE, bearer)).body).toEqual({
        _id: store._id,
        name: store.name,
        role: 'staff',
      });
      const products = await script.get<Product[]>(PRODUCTS, bearer);
      expect(products.body.map((p) => p._id)).toEqual([product._id]);
      const made = await script.post<Order>(ORDERS, toner, bearer);
      expect(made.status).toBe(201);
      expect(made.body.createdBy).toEqual({ name: owner.name, token: 'Stock sync' });
      expectMessage(
        await script.delete(`${PRODUCTS}/${product._id}`, bearer),
        403,
        forbiddenMessage('staff', 'catalogue:delete'),
      );
      // Tokens do not manage tokens.
      expect((await script.get(TOKENS, bearer)).status).toBe(401);

      const expiring = await client.post<ApiTokenCreated>(TOKENS, {
        name: 'Reporting',
        role: 'viewer',
        expiresAt: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString(),
      });
      expect({ status: expiring.status, expiresAt: expiring.body.expiresAt }).toEqual({
        status: 201,
        expiresAt: isoDate,
      });
      expect((await client.get<ApiToken[]>(TOKENS)).body.map((t) => t.name)).toEqual(['Reporting', 'Stock sync']);

      const cases: Array<[unknown, string]> = [
        [{ name: '', role: 'staff' }, MESSAGES.tokenNameRequired],
        [{ role: 'staff' }, MESSAGES.tokenNameRequired],
        [
          { name: 'x'.repeat(LIMITS.tokenName + 1), role: 'staff' },
          MESSAGES.fieldTooLong('Token name', LIMITS.tokenName),
        ],
        [{ name: 'Sync', role: 'robot' }, MESSAGES.roleInvalid],
        [{ name: 'Sync', role: 'staff', expiresAt: 'next week' }, MESSAGES.tokenExpiryInvalid],
        [{ name: 'Sync', role: 'staff', expiresAt: '2020-01-01T00:00:00.000Z' }, MESSAGES.tokenExpiryPast],
      ];
      for (const [body, message] of cases) {
        const response = await client.post(TOKENS, body);
        expect({ body, status: response.status, answer: response.body }).toEqual({
          body,
          status: 400,
          answer: { message },
        });
      }

      // Only owners manage tokens.
      const manager = await join(client, ctx, 'manager', 'gustav');
      expectMessage(await manager.client.get(TOKENS), 403, forbiddenMessage('manager', 'tokens:manage'));
      expectMessage(
        await manager.client.post(TOKENS, { name: 'Mine', role: 'viewer' }),
        403,
        forbiddenMessage('manager', 'tokens:manage'),
      );

      expectMessage(await client.delete(`${TOKENS}/${created.body._id}`), 200, MESSAGES.tokenRevoked);
      expectMessage(await client.delete(`${TOKENS}/${created.body._id}`), 404, MESSAGES.tokenNotFound);
      expectMessage(await client.delete(`${TOKENS}/${UNKNOWN_UUID}`), 404, MESSAGES.tokenNotFound);
      expectMessage(await script.get(PRODUCTS, bearer), 401, MESSAGES.tokenInvalid);
      expectMessage(
        await script.get(PRODUCTS, { headers: { authorization: `Bearer ${API_TOKEN_PREFIX}nonsense` } }),
        401,
        MESSAGES.tokenInvalid,
      );
      expect((await client.get<ApiToken[]>(TOKENS)).body.map((t) => t.name)).toEqual(['Reporting']);
    },
  },
  {
    name: "tokens: a token acts with its role capped at its maker's current role, and dies when its maker leaves the store",
    async run(client, ctx) {
      await register(client, 'tessa');
      const maker = await join(client, ctx, 'owner', 'theo');
      const made = await maker.client.post<ApiTokenCreated>(TOKENS, { name: 'Sync', role: 'manager' });
      expect(made.status).toBe(201);
      const script = client.newSession();
      const bearer = { headers: { authorization: `Bearer ${made.body.token}` } };
      const product = await script.postForm<Product>(PRODUCTS, formOf(laptop), bearer);
      expect(product.status).toBe(201);

      // The maker becomes staff: the token creates but no longer deletes (staff's message, not the manager's).
      expect((await client.patch(`${MEMBERS}/${maker.user._id}`, { role: 'staff' })).status).toBe(200);
      expectMessage(
        await script.delete(`${PRODUCTS}/${product.body._id}`, bearer),
        403,
        forbiddenMessage('staff', 'catalogue:delete'),
      );
      // Then a viewer: it reads only.
      expect((await client.patch(`${MEMBERS}/${maker.user._id}`, { role: 'viewer' })).status).toBe(200);
      expectMessage(
        await script.post(ORDERS, toner, bearer),
        403,
        forbiddenMessage('viewer', 'catalogue:create'),
      );
      expect((await script.get(PRODUCTS, bearer)).status).toBe(200);
      // Token management takes a session only: a token beside the session cookie is refused.
      expectMessage(await maker.client.get(TOKENS, bearer), 401, MESSAGES.notAuthorized);
      // Removed: the token no longer works at all.
      expect((await client.delete(`${MEMBERS}/${maker.user._id}`)).status).toBe(200);
      expectMessage(await script.get(PRODUCTS, bearer), 401, MESSAGES.tokenInvalid);
      expectMessage(await script.post(ORDERS, toner, bearer), 401, MESSAGES.tokenInvalid);
    },
  },
  {
    name: 'members: staff and viewers manage nobody: removing a member answers 403 memberCannotManage, an unknown one 404',
    async run(client, ctx) {
      const owner = await register(client, 'mona');
      const staff = await join(client, ctx, 'staff', 'sami');
      const viewer = await join(client, ctx, 'viewer', 'vera');
      expectMessage(await staff.client.delete(`${MEMBERS}/${viewer.user._id}`), 403, MESSAGES.memberCannotManage);
      expectMessage(await staff.client.delete(`${MEMBERS}/${owner.user._id}`), 403, MESSAGES.memberCannotManage);
      expectMessage(await viewer.client.delete(`${MEMBERS}/${staff.user._id}`), 403, MESSAGES.memberCannotManage);
      expectMessage(await staff.client.delete(`${MEMBERS}/${UNKNOWN_UUID}`), 404, MESSAGES.memberNotFound);
      // Changing a role needs members:manage first; an owner's change of an unknown member is 404 after the body is read.
      expectMessage(
        await staff.client.patch(`${MEMBERS}/${viewer.user._id}`, { role: 'staff' }),
        403,
        forbiddenMessage('staff', 'members:manage'),
      );
      expect((await client.patch(`${MEMBERS}/${UNKNOWN_UUID}`, { role: 'wizard' })).status).toBe(400);
      expectMessage(await client.patch(`${MEMBERS}/${UNKNOWN_UUID}`, { role: 'staff' }), 404, MESSAGES.memberNotFound);
      // Anyone may leave.
      expect((await viewer.client.delete(`${MEMBERS}/${viewer.user._id}`)).body).toEqual({ message: MESSAGES.leftStore });
      const members = await client.get<Member[]>(MEMBERS);
      expect(members.body.map((m) => m.email).sort()).toEqual([owner.email, staff.email].map((e) => e.toLowerCase()).sort());
    },
  },
  {
    name: 'stores: the owner deletes the active store with its catalogue; the session moves to another store',
    async run(client, ctx) {
      await register(client, 'hanna');
      const [first] = await listStores(client);
      const staff = await join(client, ctx, 'staff', 'ivo');
      expectMessage(await staff.client.delete(ACTIVE), 403, forbiddenMessage('staff', 'store:manage'));

      const second = (await client.post<Store>(STORES, { name: 'Pop-up Shop' })).body;
      await createProduct(client);
      expectMessage(await client.delete(ACTIVE), 200, MESSAGES.storeDeleted);
      const left = await listStores(client);
      expect(left.map((s) => s._id)).toEqual([first!._id]);
      expect(left[0]!.active).toBe(true);
      expect(await listIds(client, PRODUCTS)).toEqual([]);
      expectMessage(await client.put(ACTIVE, { storeId: second._id }), 404, MESSAGES.storeNotFound);

      // Deleting the last store leaves the owner a new, empty one.
      expectMessage(await client.delete(ACTIVE), 200, MESSAGES.storeDeleted);
      const fresh = await listStores(client);
      expect(fresh).toEqual([{ _id: uuid, name: expect.any(String), role: 'owner', active: true }]);
      expect(fresh[0]!._id).not.toBe(first!._id);
      // The staff member's store is gone: their next store request says so.
      expectMessage(await staff.client.get(PRODUCTS), 403, MESSAGES.notAMember);
    },
  },
  {
    name: 'members: a staff member\'s correction and order make them the product\'s last changer; the owner stays its creator',
    async run(client, ctx) {
      const owner = await register(client, 'stampowner');
      const made = await client.postForm<Product>(PRODUCTS, formOf(laptop));
      expect(made.status).toBe(201);
      const staff = await join(client, ctx, 'staff', 'stampstaff');
      const corrected = await staff.client.post(`${PRODUCTS}/${made.body._id}/adjustments`, { change: -1, reason: 'lost' });
      expect(corrected.status).toBe(200);
      const afterCorrection = (await client.get<Product>(`${PRODUCTS}/${made.body._id}`)).body;
      expect({ createdBy: afterCorrection.createdBy, updatedBy: afterCorrection.updatedBy }).toEqual({
        createdBy: { name: owner.name, token: null },
        updatedBy: { name: staff.name, token: null },
      });
      // The owner corrects, then the staff member's order takes stock: each is the last changer in turn.
      expect((await client.post(`${PRODUCTS}/${made.body._id}/adjustments`, { change: 1, reason: 'found' })).status).toBe(200);
      expect((await client.get<Product>(`${PRODUCTS}/${made.body._id}`)).body.updatedBy).toEqual({ name: owner.name, token: null });
      const order = await staff.client.post<Order>(ORDERS, { name: laptop.name, category: laptop.category, price: 10, quantity: 1, productId: made.body._id });
      expect(order.status).toBe(201);
      expect((await client.get<Product>(`${PRODUCTS}/${made.body._id}`)).body.updatedBy).toEqual({ name: staff.name, token: null });
    },
  },
];
