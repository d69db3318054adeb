/**
 * @inventory/mocks: an in-memory implementation of the API contract (the server's behaviour) as MSW handlers, with the
 * state, fixtures and story helpers. Environment entry points: `@inventory/mocks/node` (setupServer) and
 * `@inventory/mocks/browser` (setupWorker). The shared API scenarios: `@inventory/mocks/scenarios`.
 */
export {
  handlers,
  userHandlers,
  productHandlers,
  orderHandlers,
  uploadHandlers,
  contactHandlers,
  fallbackHandlers,
} from './handlers';
export {
  mockDb,
  resetMockDb,
  seedUser,
  seedProducts,
  seedOrders,
  seedFixtureUploads,
  productsOf,
  ordersOf,
  answeredProduct,
  findUpload,
  createSession,
  SUPPORT_EMAIL,
  onMockDbChange,
  snapshotMockDbState,
  loadMockDbState,
  type MockDbState,
  type OutboxMail,
  type ResetMockDbOptions,
  type SeedUserInput,
  type SeedUserOptions,
  type StoredUser,
  type StoredProduct,
  type StoredOrder,
  type StoredUpload,
  type StoredContactMessage,
} from './db';
export {
  demoUser,
  otherUser,
  longNameUser,
  DEMO_PHOTO_URL,
  DEMO_CATEGORIES,
  demoProducts,
  demoOrders,
  productWithImage,
  productWithoutImage,
  outOfStockProduct,
  LAPTOP_IMAGE,
  MONITOR_IMAGE,
  ROUTER_IMAGE,
  makeProduct,
  makeOrder,
  manyProducts,
} from './fixtures';
export { sanitizeDescription } from './sanitize';
export { sniffImageType } from './images';
export {
  applySignedIn,
  applySignedOut,
  signedIn,
  signedOut,
  resetMocks,
  failing,
  serverError,
  pending,
  withProducts,
  withoutProducts,
  withOrders,
  withoutOrders,
  mockState,
  withOverrides,
  routePattern,
  type StateHook,
  type MswUser,
} from './story';

import { SUPPORT_EMAIL, mockDb, type OutboxMail } from './db';

/** The newest reset link mailed to `email` (from the outbox), or undefined. */
export function latestResetLink(email: string): string | undefined {
  const wanted = email.trim().toLowerCase();
  return mockDb.outbox.filter((mail) => mail.to === wanted && mail.link).at(-1)?.link;
}

/** The contact mails sent to support (from the outbox), oldest first. */
export function contactMails(): OutboxMail[] {
  return mockDb.outbox.filter((mail) => mail.to === SUPPORT_EMAIL && mail.replyTo !== undefined);
}
