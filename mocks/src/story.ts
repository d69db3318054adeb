import { MESSAGES, SESSION_COOKIE_NAME, type Order, type Product, type User } from '@inventory/contract';
import { delay, http, type RequestHandler } from 'msw';
import {
  createSession,
  mockDb,
  notifyMockDbChange,
  resetMockDb,
  seedOrders,
  seedProducts,
  seedUser,
  userForSession,
  type SeedUserInput,
} from './db';
import { demoOrders, demoProducts, demoUser } from './fixtures';
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

/** State hook: signed in with no orders (the orders table's empty state). */
export function withoutOrders(): StateHook {
  return withOrders([]);
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
