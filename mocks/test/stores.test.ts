import {
  MESSAGES,
  type ApiToken,
  type Invitation,
  type Member,
  type Product,
  type StoreListItem,
} from '@inventory/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  DEMO_INVITATIONS,
  DEMO_TEAM_MEMBERS,
  DEMO_TOKENS,
  demoProducts,
  demoStore,
  demoUser,
  inStores,
  latestInvitationLink,
  latestResetLink,
  makeProduct,
  mockDb,
  otherUser,
  resetMockDb,
  secondStore,
  signedIn,
  signedInAs,
  storyRole,
  withProducts,
} from '../src';
import { server } from '../src/node';
import { checkMockedAnswers } from './support/openapi';

const base = 'http://stores.mock.test';
const getJson = async <T>(path: string): Promise<[number, T]> => {
  const response = await fetch(`${base}${path}`);
  return [response.status, (await response.json()) as T];
};
const send = async (method: string, path: string, body?: unknown) =>
  fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => resetMockDb());
afterEach(() => server.resetHandlers());
const answers = checkMockedAnswers(server);
afterEach(async () => expect(await answers.take()).toEqual([]));
afterAll(() => server.close());

describe('the default state', () => {
  it('the demo user owns the demo store, which holds the demo catalogue', async () => {
    signedIn()();
    const [, stores] = await getJson<StoreListItem[]>('/api/stores');
    expect(stores).toEqual([{ ...demoStore, role: 'owner', active: true }]);
    expect((await getJson<Product[]>('/api/products'))[1]).toHaveLength(demoProducts.length);
  });

  it('a reset mail and an invitation mail are told apart', async () => {
    signedIn()();
    await send('POST', '/api/users/forgotpassword', { email: demoUser.email });
    await send('POST', '/api/stores/active/invitations', { email: otherUser.email, role: 'viewer' });
    expect(latestResetLink(demoUser.email)).toMatch(/\/resetpassword\//);
    expect(latestResetLink(otherUser.email)).toBeUndefined();
    expect(latestInvitationLink(otherUser.email)).toMatch(/^http:\/\/localhost:3000\/invitations\/[0-9a-f]{64}$/);
  });
});

describe('story helpers for stores and roles', () => {
  it('signedInAs(role): the demo store with its team, an owner beside a non-owner, and the catalogue', async () => {
    signedInAs('viewer')();
    expect(storyRole(demoUser._id)).toBe('viewer');
    const [, members] = await getJson<Member[]>('/api/stores/active/members');
    expect(members.map((m) => `${m.name} ${m.role}`)).toEqual([
      'John Smith owner',
      'Sam Carter manager',
      'Priya Patel staff',
      'Jane Doe viewer',
      'Leo Martin viewer',
    ]);
    expect((await getJson<Product[]>('/api/products'))[1]).toHaveLength(demoProducts.length);
    const refused = await send('DELETE', `/api/products/${demoProducts[0]!._id}`);
    expect(await refused.json()).toEqual({
      message: 'Your role (viewer) does not allow you to delete products or orders.',
    });
  });

  it('inStores: several stores, the active one chosen, with invitations and tokens', async () => {
    inStores([
      { ...demoStore, role: 'owner', members: DEMO_TEAM_MEMBERS, invitations: DEMO_INVITATIONS, tokens: DEMO_TOKENS },
      { ...secondStore, role: 'staff', active: true, products: [makeProduct({ name: 'Repair kit' })] },
    ])();
    const [, stores] = await getJson<StoreListItem[]>('/api/stores');
    expect(stores.map((s) => [s.name, s.role, s.active])).toEqual([
      ['Acme IT Supplies', 'owner', false],
      ['Northwind Repairs', 'staff', true],
    ]);
    expect((await getJson<Product[]>('/api/products'))[1].map((p) => p.name)).toEqual(['Repair kit']);
    await send('PUT', '/api/stores/active', { storeId: demoStore._id });
    const [, invitations] = await getJson<Invitation[]>('/api/stores/active/invitations');
    expect(invitations.map((i) => i.email)).toEqual(['maria@example.com', 'tom@example.com']);
    const [, tokens] = await getJson<ApiToken[]>('/api/stores/active/tokens');
    expect(tokens.map((t) => t.name)).toEqual(['Reporting', 'Stock sync']);
  });

  it('withProducts fills the store the story session works on', async () => {
    inStores([
      { ...demoStore, role: 'owner' },
      { ...secondStore, role: 'manager', active: true },
    ])();
    withProducts([makeProduct({ name: 'Only here' })])();
    expect((await getJson<Product[]>('/api/products'))[1].map((p) => p.name)).toEqual(['Only here']);
    expect(mockDb.products.filter((p) => p.storeId === demoStore._id)).toHaveLength(demoProducts.length);
  });

  it('a removed member: 403 notAMember once, then the other store', async () => {
    inStores([
      { ...demoStore, role: 'owner' },
      { ...secondStore, role: 'staff', active: true },
    ])();
    mockDb.memberships = mockDb.memberships.filter(
      (m) => !(m.storeId === secondStore._id && m.userId === demoUser._id),
    );
    expect(await getJson('/api/products')).toEqual([403, { message: MESSAGES.notAMember }]);
    expect((await getJson<Product[]>('/api/products'))[1]).toHaveLength(demoProducts.length);
  });

  it('product images: to the members of the store, or with one of its tokens; a bad token is 401', async () => {
    signedIn()();
    const created = (await (
      await send('POST', '/api/stores/active/tokens', { name: 'Pics', role: 'viewer' })
    ).json()) as {
      token: string;
    };
    const image = (authorization?: string) =>
      fetch('http://elsewhere.mock.test/uploads/demo-laptop.png', authorization ? { headers: { authorization } } : {});
    expect((await image(`Bearer ${created.token}`)).status).toBe(200);
    expect((await image('Bearer inv_nope')).status).toBe(401);
    expect((await image()).status).toBe(200);
    mockDb.defaultSession = null;
    expect((await image()).status).toBe(404);
    expect((await image(`Bearer ${created.token}`)).status).toBe(200);
  });
});
