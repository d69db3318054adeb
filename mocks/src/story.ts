import {
  API_TOKEN_PREFIX,
  INVITATION_TTL_DAYS,
  MESSAGES,
  NO_CONTACT_DETAILS,
  SESSION_COOKIE_NAME,
  type ContactDetails,
  type Customer,
  type Supplier,
  type Order,
  type Product,
  type Role,
  type User,
} from '@inventory/contract';
import { delay, http, type RequestHandler } from 'msw';
import {
  addMember,
  createSession,
  findStore,
  membershipOf,
  mockDb,
  newUuid,
  notifyMockDbChange,
  randomToken,
  resetMockDb,
  seedCustomers,
  seedSuppliers,
  seedOrders,
  seedProducts,
  seedStoreOrders,
  seedStoreProducts,
  seedUser,
  setActiveStore,
  userForSession,
  type SeedUserInput,
} from './db';
import { demoCustomers, demoOrders, demoProducts, demoStore, demoSupplierLinks, demoSuppliers, demoTeam, demoUser, otherUser } from './fixtures';
import { errorResponse } from './http';
import { handlers } from './handlers';

/**
 * Helpers that put the mocks in one state for a story or a test.
 *
 * - State hooks (`signedIn`, `signedOut`, `resetMocks`) return a function usable as a Storybook `beforeEach` or a
 *   Vitest `beforeEach`: it resets the db, applies the state, and returns a cleanup.
 * - Handler helpers (`failing`, `serverError`, `pending`) return one MSW handler that overrides a route; put it in
 *   front of the default handlers (`parameters.msw`, `worker.use(...)`, `server.use(...)`, or `mockState(...)`).
 */
export type StateHook = () => () => void;

type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'all';

/** '/api/users/login' → '*\/api/users/login' (any origin). Full URLs and patterns starting with '*' pass through. */
export function routePattern(path: string): string {
  return path.startsWith('*') || /^https?:\/\//.test(path) ? path : `*${path.startsWith('/') ? '' : '/'}${path}`;
}

function writeSessionCookie(token: string | null): void {
  if (typeof document === 'undefined') return;
  // No HttpOnly: script cannot write an HttpOnly cookie (see sessionCookie in http.ts).
  document.cookie = token
    ? `${SESSION_COOKIE_NAME}=${token}; Path=/; SameSite=Lax`
    : `${SESSION_COOKIE_NAME}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/**
 * Resets the db and signs the user in (seeding them; the demo user Jane Doe by default). Returns the user and token.
 * The session reaches the handlers two ways: as the `sid` cookie in `document.cookie` (browser), and as the mock's
 * default session, used by any request without a `sid` cookie (node tests, and a browser that dropped the cookie).
 */
export function applySignedIn(user: SeedUserInput = demoUser): { user: User; token: string } {
  resetMockDb();
  const seeded = seedUser(user);
  const token = createSession(seeded.user._id);
  mockDb.defaultSession = token;
  writeSessionCookie(token);
  notifyMockDbChange();
  return { user: seeded.user, token };
}

/** Resets the db (demo user seeded, so the login form works with jane@example.com / secret123) and signs out. */
export function applySignedOut(): void {
  resetMockDb();
  mockDb.defaultSession = null;
  writeSessionCookie(null);
}

/** State hook: signed in as `user` (default the demo user). `getuser` answers the user, `loggedin` answers true. */
export function signedIn(user: SeedUserInput = demoUser): StateHook {
  return () => {
    applySignedIn(user);
    return applySignedOut;
  };
}

/**
 * State hook: signed out. `loggedin` answers false and `getuser` 401, so a protected screen shows the
 * session-expired toast and goes to /login.
 */
export function signedOut(): StateHook {
  return () => {
    applySignedOut();
    return applySignedOut;
  };
}

/**
 * The user an earlier state hook signed in (`signedIn(...)` in the meta or earlier in the same `mockState`), else a
 * fresh sign-in as the demo user. Returns the user id and the cleanup this call owes (none when it reused a session).
 */
function storyUser(): { userId: string; cleanup: () => void } {
  const current = userForSession(mockDb.defaultSession ?? undefined);
  if (current) return { userId: current._id, cleanup: () => undefined };
  return { userId: applySignedIn().user._id, cleanup: applySignedOut };
}

/**
 * State hook: the signed-in user's catalogue is exactly `list` (default: the demo catalogue, `demoProducts`).
 * Signs in as the demo user unless an earlier hook already signed someone in, so it composes with `signedIn(user)`
 * in a meta `beforeEach`. Example: `beforeEach: withProducts(manyProducts(23))` (page 2 of many).
 */
export function withProducts(list: readonly Product[] = demoProducts): StateHook {
  return () => {
    const { userId, cleanup } = storyUser();
    seedProducts(list, userId);
    return cleanup;
  };
}

/** State hook: the signed-in user's customers are exactly `list` (default `demoCustomers`); signs in like `withProducts`. */
export function withCustomers(list: readonly Customer[] = demoCustomers): StateHook {
  return () => {
    const { userId, cleanup } = storyUser();
    seedCustomers(list, userId);
    return cleanup;
  };
}

/**
 * State hook: the signed-in user's suppliers are exactly `list` (default `demoSuppliers`) and products have the
 * suppliers `links` name (default the demo's); signs in like `withProducts`.
 */
export function withSuppliers(list: readonly Supplier[] = demoSuppliers, links: Parameters<typeof seedSuppliers>[1] = demoSupplierLinks): StateHook {
  return () => {
    const { userId, cleanup } = storyUser();
    seedSuppliers(list, links, userId);
    return cleanup;
  };
}

/** State hook: signed in with no suppliers (the suppliers' empty state). */
export function withoutSuppliers(): StateHook {
  return withSuppliers([], []);
}

/** State hook: signed in with no customers (the customers' empty state). */
export function withoutCustomers(): StateHook {
  return withCustomers([]);
}

/** State hook: signed in with an empty catalogue (the dashboard's empty state). */
export function withoutProducts(): StateHook {
  return withProducts([]);
}

/** State hook: the signed-in user's orders are exactly `list` (default `demoOrders`); signs in like `withProducts`. */
export function withOrders(list: readonly Order[] = demoOrders): StateHook {
  return () => {
    const { userId, cleanup } = storyUser();
    seedOrders(list, userId);
    return cleanup;
  };
}

/**
 * State hook: the operator's contact details are `details` (the server's CONTACT_* settings; none by default). Signs
 * in like `withProducts`.
 */
export function withContactDetails(details: Partial<ContactDetails>): StateHook {
  return () => {
    const { cleanup } = storyUser();
    mockDb.contactDetails = { ...NO_CONTACT_DETAILS, ...details };
    return cleanup;
  };
}

/** State hook: signed in with no orders (the orders table's empty state). */
export function withoutOrders(): StateHook {
  return withOrders([]);
}

/* ------------------------------------------------------------------ stores and roles */

const DAY_MS = 24 * 60 * 60 * 1000;
/** A time `days` before now (negative: after), as ISO. Story data is relative to now, so relative dates stay put. */
const daysAgo = (days: number): string => new Date(Date.now() - days * DAY_MS).toISOString();

/** Another member of a story store. Times are days before now. */
export interface StoryMember {
  user: SeedUserInput;
  role: Role;
  joinedDaysAgo?: number;
  /** Days since their last request in the store; null: never. */
  activeDaysAgo?: number | null;
}

/** An open invitation of a story store, sent by the signed-in user unless `invitedBy` says who. */
export interface StoryInvitation {
  email: string;
  role: Role;
  sentDaysAgo?: number;
  invitedBy?: SeedUserInput;
  /** The link's token (default random): `/invitations/<token>` opens it. */
  token?: string;
  /** Set to a time already past to make the link expired. */
  expiresInDays?: number;
}

/** A live API token of a story store, made by the signed-in user. */
export interface StoryToken {
  name: string;
  role: Role;
  createdDaysAgo?: number;
  /** Days until it expires; null (default): never. */
  expiresInDays?: number | null;
  /** Days since it was last used; null (default): never. */
  lastUsedDaysAgo?: number | null;
}

/** A store the signed-in user of a story belongs to. */
export interface StoryStore {
  /** Default: a random id; the demo store's id (`demoStore._id`) keeps the demo catalogue. */
  _id?: string;
  name: string;
  /** The signed-in user's role here. */
  role: Role;
  /** The store the session works on; default the first of the list. */
  active?: boolean;
  joinedDaysAgo?: number;
  /** The other members. A store whose user is not an owner gets John Smith (otherUser) as its owner. */
  members?: StoryMember[];
  /** Replaces the store's products (the demo store starts with the demo catalogue, others empty). */
  products?: readonly Product[];
  orders?: readonly Order[];
  invitations?: StoryInvitation[];
  tokens?: StoryToken[];
}

/** The demo store's team beside Jane: Sam Carter (manager), Priya Patel (staff), Leo Martin (viewer). */
export const DEMO_TEAM_MEMBERS: StoryMember[] = demoTeam.map(({ user, role }, i) => ({
  user,
  role,
  joinedDaysAgo: 40 - i * 10,
  activeDaysAgo: i === 2 ? null : i + 1,
}));

/** Two open invitations of the demo store (a staff and a viewer). */
export const DEMO_INVITATIONS: StoryInvitation[] = [
  { email: 'maria@example.com', role: 'staff', sentDaysAgo: 1 },
  { email: 'tom@example.com', role: 'viewer', sentDaysAgo: 3 },
];

/** Two live API tokens of the demo store. */
export const DEMO_TOKENS: StoryToken[] = [
  { name: 'Stock sync', role: 'staff', createdDaysAgo: 20, lastUsedDaysAgo: 1 },
  { name: 'Reporting', role: 'viewer', createdDaysAgo: 6, expiresInDays: 30 },
];

/** Puts `userId` in exactly `stores` (with their members, catalogue, invitations, tokens); returns the active store id. */
function arrangeStores(userId: string, stores: readonly StoryStore[]): string {
  if (stores.length === 0) throw new Error('inStores: give at least one store');
  const ids = stores.map((spec) => spec._id ?? newUuid());
  mockDb.memberships = mockDb.memberships.filter((m) => m.userId !== userId || ids.includes(m.storeId));
  stores.forEach((spec, i) => {
    const storeId = ids[i]!;
    const store = findStore(storeId) ?? { _id: storeId, name: spec.name, createdAt: daysAgo(90) };
    if (!findStore(storeId)) mockDb.stores.push(store);
    store.name = spec.name;
    const mine = addMember(storeId, userId, spec.role, daysAgo(spec.joinedDaysAgo ?? 60));
    mine.joinedAt = daysAgo(spec.joinedDaysAgo ?? 60);
    const members = [...(spec.members ?? [])];
    if (spec.role !== 'owner' && !members.some((m) => m.role === 'owner')) {
      members.unshift({ user: otherUser, role: 'owner', joinedDaysAgo: 90, activeDaysAgo: 2 });
    }
    for (const member of members) {
      const { user } = seedUser(member.user);
      const membership = addMember(storeId, user._id, member.role);
      membership.joinedAt = daysAgo(member.joinedDaysAgo ?? 30);
      membership.lastActiveAt = member.activeDaysAgo == null ? null : daysAgo(member.activeDaysAgo);
    }
    if (spec.products) seedStoreProducts(spec.products, storeId);
    if (spec.orders) seedStoreOrders(spec.orders, storeId);
    for (const invitation of spec.invitations ?? []) {
      const invitedBy = invitation.invitedBy ? seedUser(invitation.invitedBy).user._id : userId;
      const sent = invitation.sentDaysAgo ?? 1;
      mockDb.invitations.push({
        _id: newUuid(),
        storeId,
        email: invitation.email.toLowerCase(),
        role: invitation.role,
        invitedBy,
        token: invitation.token ?? randomToken(32),
        createdAt: daysAgo(sent),
        expiresAt: daysAgo(-(invitation.expiresInDays ?? INVITATION_TTL_DAYS - sent)),
        state: 'open',
      });
    }
    for (const token of spec.tokens ?? []) {
      mockDb.apiTokens.push({
        _id: newUuid(),
        storeId,
        name: token.name,
        role: token.role,
        createdBy: userId,
        secret: `${API_TOKEN_PREFIX}${randomToken(24)}`,
        createdAt: daysAgo(token.createdDaysAgo ?? 10),
        expiresAt: token.expiresInDays == null ? null : daysAgo(-token.expiresInDays),
        lastUsedAt: token.lastUsedDaysAgo == null ? null : daysAgo(token.lastUsedDaysAgo),
        revoked: false,
      });
    }
  });
  const active = stores.findIndex((spec) => spec.active);
  return ids[active === -1 ? 0 : active]!;
}

/**
 * State hook: signed in as `user` (default Jane Doe), a member of exactly `stores`, the session on the one marked
 * `active` (else the first). The demo store (`_id: demoStore._id`) keeps the demo catalogue unless given `products`.
 *
 * ```ts
 * beforeEach: inStores([
 *   { ...demoStore, role: 'owner', members: DEMO_TEAM_MEMBERS, invitations: DEMO_INVITATIONS },
 *   { ...secondStore, role: 'staff' },
 * ])
 * ```
 */
export function inStores(stores: readonly StoryStore[], user: SeedUserInput = demoUser): StateHook {
  return () => {
    const { user: seeded, token } = applySignedIn(user);
    const activeId = arrangeStores(seeded._id, stores);
    setActiveStore(token, activeId);
    notifyMockDbChange();
    return applySignedOut;
  };
}

/**
 * State hook: Jane signed in with `role` in the demo store (the demo catalogue, her team, John Smith as the owner
 * when she is not). `extra` adds to that store (invitations, tokens, products...).
 */
export function signedInAs(role: Role, extra: Omit<StoryStore, '_id' | 'name' | 'role'> = {}): StateHook {
  return inStores([{ ...demoStore, role, members: DEMO_TEAM_MEMBERS, ...extra }]);
}

/**
 * State hook for after another: sign in as `user` (seeded if needed; an existing user keeps their stores) without
 * resetting the db, e.g. `mockState(signedInAs('owner', { invitations }), asUser(otherUser))`. The session starts on
 * the user's usual store.
 */
export function asUser(user: SeedUserInput): StateHook {
  return () => {
    const existing = mockDb.users.find((u) => u.email === user.email.trim().toLowerCase());
    const userId =
      existing && (user._id === undefined || user._id === existing._id) ? existing._id : seedUser(user).user._id;
    const token = createSession(userId);
    mockDb.defaultSession = token;
    writeSessionCookie(token);
    notifyMockDbChange();
    return applySignedOut;
  };
}

/** State hook for after another: nobody signed in, the db kept as the earlier hooks left it (e.g. a visitor with a link). */
export function asVisitor(): StateHook {
  return () => {
    mockDb.defaultSession = null;
    writeSessionCookie(null);
    return applySignedOut;
  };
}

/** The role `userId` has in the store the story's session works on (for assertions in tests). */
export function storyRole(userId: string): Role | undefined {
  const session = mockDb.defaultSession ? mockDb.sessions[mockDb.defaultSession] : undefined;
  return membershipOf(session?.activeStoreId, userId)?.role;
}

/** State hook: the default state (fresh db with the demo user, signed out). Handy as a global `beforeEach`. */
export const resetMocks: StateHook = signedOut();

/** The route answers `status` with `{message}`. Example: `failing('/api/users/login', 401, MESSAGES.invalidCredentials)`. */
export function failing(path: string, status: number, message: string, method: HttpMethod = 'all'): RequestHandler {
  return http[method](routePattern(path), () => errorResponse(status, message));
}

/** The route answers 500 with the server's generic message (a server error state). */
export function serverError(path: string, method: HttpMethod = 'all'): RequestHandler {
  return failing(path, 500, MESSAGES.internalError, method);
}

/** The route never answers (a loading state that stays on screen). */
export function pending(path: string, method: HttpMethod = 'all'): RequestHandler {
  return http[method](routePattern(path), async () => {
    await delay('infinite');
    return errorResponse(504, 'unreachable');
  });
}

/** Anything with MSW's `use`: Storybook's `context.msw`, the browser `worker`, the node `server`. */
export interface MswUser {
  use(...handlers: RequestHandler[]): void;
}

/**
 * One Storybook `beforeEach` (or test hook) from state hooks and override handlers:
 * `beforeEach: mockState(signedIn(), pending('/api/users/updateuser'))`.
 * Overrides go to `context.msw` (msw-storybook-addon 3 puts the worker there), else to `target`.
 */
export function mockState(...parts: Array<StateHook | RequestHandler>): (context?: object) => () => void {
  // `object`, not `{ msw?: MswUser }`: a Storybook StoryContext shares no property with that weak type, so TypeScript
  // would refuse the hook as a `beforeEach`.
  return (storyContext) => {
    const context = storyContext as { msw?: MswUser } | undefined;
    const cleanups: Array<() => void> = [];
    const overrides: RequestHandler[] = [];
    for (const part of parts) {
      if (typeof part === 'function') cleanups.push(part());
      else overrides.push(part);
    }
    if (overrides.length > 0) {
      if (!context?.msw) throw new Error('mockState: overrides need context.msw (a worker or server with .use)');
      context.msw.use(...overrides);
    }
    return () => {
      for (const cleanup of cleanups.reverse()) cleanup();
    };
  };
}

/** Overrides in front of every default handler, for `parameters.msw` or `setupServer(...)`. */
export function withOverrides(...overrides: RequestHandler[]): RequestHandler[] {
  return [...overrides, ...handlers];
}
