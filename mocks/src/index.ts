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
  stockHandlers,
  uploadHandlers,
  contactHandlers,
  storeHandlers,
  fallbackHandlers,
  importExportHandlers,
  customerHandlers,
  customerCsvHandlers,
  storeSettingsHandlers,
  supplierHandlers,
  supplierCsvHandlers,
  mockImportSettings,
} from './handlers';
export { seedStoreSettings, seedTaxRates, withStoreSettings } from './store-settings';
export { seedMovements } from './handlers/stock';
export {
  mockDb,
  resetMockDb,
  seedUser,
  seedProducts,
  seedOrders,
  seedStoreProducts,
  seedStoreOrders,
  seedFixtureUploads,
  productsOf,
  ordersOf,
  seedCustomers,
  customersOf,
  seedSuppliers,
  suppliersOf,
  createStore,
  addMember,
  storeIdForUser,
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
  type StoredCustomer,
  type StoredSupplier,
  type StoredProductSupplier,
  type StoredUpload,
  type StoredContactMessage,
  type StoredStore,
  type StoredMembership,
  type StoredInvitation,
  type StoredApiToken,
  type StoredActor,
} from './db';
export {
  demoUser,
  demoStore,
  secondStore,
  thirdStore,
  demoTeam,
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
  demoCustomers,
  makeCustomer,
  manyCustomers,
  demoSuppliers,
  demoSupplierLinks,
  makeSupplier,
  manySuppliers,
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
  withCustomers,
  withoutCustomers,
  withSuppliers,
  withoutSuppliers,
  mockState,
  withOverrides,
  routePattern,
  inStores,
  signedInAs,
  asUser,
  asVisitor,
  storyRole,
  withContactDetails,
  DEMO_TEAM_MEMBERS,
  DEMO_INVITATIONS,
  DEMO_TOKENS,
  type StateHook,
  type MswUser,
  type StoryStore,
  type StoryMember,
  type StoryInvitation,
  type StoryToken,
} from './story';

import { INVITATION_PATH } from '@inventory/contract';
import { SUPPORT_EMAIL, mockDb, type OutboxMail } from './db';

/** The newest link mailed to `email` whose path starts with `prefix` (from the outbox), or undefined. */
function latestLink(email: string, prefix: string): string | undefined {
  const wanted = email.trim().toLowerCase();
  return mockDb.outbox
    .filter((mail) => mail.to === wanted && mail.link && new URL(mail.link).pathname.startsWith(prefix))
    .at(-1)?.link;
}

/** The newest reset link mailed to `email` (from the outbox), or undefined. */
export function latestResetLink(email: string): string | undefined {
  return latestLink(email, '/resetpassword/');
}

/** The newest invitation link mailed to `email` (`<publicUrl>/invitations/<token>`), or undefined. */
export function latestInvitationLink(email: string): string | undefined {
  return latestLink(email, `${INVITATION_PATH}/`);
}

/** The contact mails sent to support (from the outbox), oldest first. */
export function contactMails(): OutboxMail[] {
  return mockDb.outbox.filter((mail) => mail.to === SUPPORT_EMAIL && mail.replyTo !== undefined);
}
