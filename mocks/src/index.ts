/**
 * @inventory/mocks: an in-memory implementation of the API contract (DESIGN.md §4) as MSW handlers, with the
 * state, fixtures and story helpers. Environment entry points: `@inventory/mocks/node` (setupServer) and
 * `@inventory/mocks/browser` (setupWorker). The shared API scenarios: `@inventory/mocks/scenarios`.
 */
export { handlers, userHandlers, fallbackHandlers } from './handlers';
export {
  mockDb,
  resetMockDb,
  seedUser,
  createSession,
  onMockDbChange,
  snapshotMockDbState,
  loadMockDbState,
  type MockDbState,
  type OutboxMail,
  type ResetMockDbOptions,
  type SeedUserInput,
  type SeedUserOptions,
  type StoredUser,
} from './db';
export { demoUser, otherUser, longNameUser, DEMO_PHOTO_URL } from './fixtures';
export {
  applySignedIn,
  applySignedOut,
  signedIn,
  signedOut,
  resetMocks,
  failing,
  serverError,
  pending,
  mockState,
  withOverrides,
  routePattern,
  type StateHook,
  type MswUser,
} from './story';

import { mockDb } from './db';

/** The newest reset link mailed to `email` (from the outbox), or undefined. */
export function latestResetLink(email: string): string | undefined {
  const wanted = email.trim().toLowerCase();
  return mockDb.outbox.filter((mail) => mail.to === wanted).at(-1)?.link;
}
