import { RESET_TOKEN_TTL_MINUTES, SESSION_TTL_DAYS, type Order, type Product, type User } from '@inventory/contract';
import { FIXTURE_IMAGES } from './fixture-images';
import { base64ByteLength, demoOrders, demoProducts, demoUser, type SeedUserInput } from './fixtures';
import { publicPhoto, publicUrlOf } from './urls';

/**
 * The mock's in-memory database. One object holding a collection per feature (users and sessions, products, orders,
 * uploads, contact messages); a new feature adds a collection here and a line in `emptyState()`.
 *
 * Only the mock keeps a plain `password` on the user: it is test data, never a real credential.
 */
export interface StoredUser extends User {
  password: string;
}

export interface StoredSession {
  userId: string;
  /** Sliding expiry (ms since epoch): SESSION_TTL_DAYS after the last use, like the server. */
  expiresAt: number;
}

export interface StoredResetToken {
  userId: string;
  expiresAt: number;
  used: boolean;
}

/** A mail the mock "sent". Tests and stories read `mockDb.outbox`; `npm run dev:mock` also logs it to the console. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  /** Reset mails: the absolute reset link, `${mockDb.publicUrl}/resetpassword/<token>`. */
  link?: string;
  /** Contact mails: the user's address, so support answers them directly. */
  replyTo?: string;
  sentAt: string;
}

/** Where contact messages are mailed (the server's SUPPORT_EMAIL, whose default is the same). */
export const SUPPORT_EMAIL = 'support@localhost';

/** A product with its owner and its edit version (the `ETag`: "<version>", 1 at creation, +1 per update). */
export interface StoredProduct extends Product {
  ownerId: string;
  version: number;
}

export interface StoredOrder extends Order {
  ownerId: string;
  version: number;
}

/** An uploaded image, served at `/uploads/<name>` to its owner only. */
export interface StoredUpload {
  /** The generated file name: `<uuid>.png` / `<uuid>.jpg` (the fixtures use `demo-*.png|jpg`). */
  name: string;
  ownerId: string;
  /** Decided by the bytes. */
  type: 'image/png' | 'image/jpeg';
  size: number;
  /** The bytes, base64 (JSON-friendly, so the dev:mock persistence keeps them); null for a fixture file, whose bytes are in FIXTURE_IMAGES. */
  bytes: string | null;
  createdAt: string;
}

export interface StoredContactMessage {
  _id: string;
  userId: string;
  subject: string;
  message: string;
  createdAt: string;
}

export interface MockDbState {
  users: StoredUser[];
  /** Session token (the `sid` cookie value) → session. */
  sessions: Record<string, StoredSession>;
  /** Reset token (the last segment of the reset link) → token state. */
  resetTokens: Record<string, StoredResetToken>;
  outbox: OutboxMail[];
  /** Every user's products and orders, in creation order (lists answer the user's own, newest first). */
  products: StoredProduct[];
  orders: StoredOrder[];
  uploads: StoredUpload[];
  contactMessages: StoredContactMessage[];
  /**
   * Mock-only: the session used by a request that carries no `sid` cookie at all. Set by the `signedIn()` story
   * helper so a screen is signed in without a browser cookie jar (node tests, first render in Storybook);
   * cleared by logout. `null` in the default state, so the default handlers behave exactly like the server.
   */
  defaultSession: string | null;
}

function emptyState(): MockDbState {
  return {
    users: [],
    sessions: {},
    resetTokens: {},
    outbox: [],
    products: [],
    orders: [],
    uploads: [],
    contactMessages: [],
    defaultSession: null,
  };
}

/** The live state. Handlers mutate it; tests and stories may read it (prefer the helpers below for writes). */
export const mockDb: MockDbState & { publicUrl: string } = {
  ...emptyState(),
  /** Base of the links in mails (the server's PUBLIC_URL). The page's origin in a browser. */
  publicUrl: typeof location !== 'undefined' ? location.origin : 'http://localhost:3000',
};

type Listener = () => void;
const listeners = new Set<Listener>();

/** Called after every change a handler makes (used by the browser persistence of `npm run dev:mock`). */
export function onMockDbChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function notifyMockDbChange(): void {
  for (const listener of listeners) listener();
}

/** Replace the whole state (used to restore a persisted db). */
export function loadMockDbState(state: MockDbState): void {
  Object.assign(mockDb, emptyState(), state);
}

export function snapshotMockDbState(): MockDbState {
  const { publicUrl: _publicUrl, ...state } = mockDb;
  return structuredClone(state);
}

export function randomToken(bytes = 16): string {
  const data = new Uint8Array(bytes);
  // getRandomValues, unlike randomUUID, also works on insecure origins (a LAN IP in dev:mock).
  globalThis.crypto.getRandomValues(data);
  return Array.from(data, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Mongo-like 24-hex ids, like the ones the original API's clients know. */
export function newId(): string {
  return randomToken(12);
}

/**
 * A v4 UUID: product, order and upload ids, as the server makes them (`idParamsSchema` accepts only UUIDs).
 * Built from getRandomValues, since `crypto.randomUUID` needs a secure origin.
 */
export function newUuid(): string {
  const data = new Uint8Array(16);
  globalThis.crypto.getRandomValues(data);
  data[6] = (data[6]! & 0x0f) | 0x40;
  data[8] = (data[8]! & 0x3f) | 0x80;
  const hex = Array.from(data, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A product (stored, or a fixture) as the API answers it: its image URL absolute, like the server's (urls.ts). */
export function answeredProduct(product: Product): Product {
  const answer = structuredClone(product);
  if ('filePath' in answer.image) answer.image.filePath = publicUrlOf(answer.image.filePath, mockDb.publicUrl);
  return answer;
}

export function toPublicProduct({ ownerId: _ownerId, version: _version, ...product }: StoredProduct): Product {
  return answeredProduct(product);
}

export function toPublicOrder({ ownerId: _ownerId, version: _version, ...order }: StoredOrder): Order {
  return { ...order };
}

/** Newest first (by createdAt; the later-made first on a tie), like the server's lists. */
function newestFirst<T extends { createdAt: string }>(items: T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => b.item.createdAt.localeCompare(a.item.createdAt) || b.index - a.index)
    .map(({ item }) => item);
}

export function productsOf(userId: string): StoredProduct[] {
  return newestFirst(mockDb.products.filter((p) => p.ownerId === userId));
}

export function ordersOf(userId: string): StoredOrder[] {
  return newestFirst(mockDb.orders.filter((o) => o.ownerId === userId));
}

/** The upload a `/uploads/<name>` path or a bare name refers to, if any. */
export function findUpload(pathOrName: string): StoredUpload | undefined {
  const name = pathOrName.startsWith('/uploads/') ? pathOrName.slice('/uploads/'.length) : pathOrName;
  return mockDb.uploads.find((u) => u.name === name);
}

/**
 * Removes an upload (its product was deleted or got a new image). Kept while something else still points at it,
 * which only fixtures do (stories may give several products the same fixture image).
 */
export function deleteUpload(pathOrName: string): void {
  const upload = findUpload(pathOrName);
  if (!upload) return;
  const path = `/uploads/${upload.name}`;
  const users = mockDb.products.filter((p) => 'filePath' in p.image && p.image.filePath === path).length;
  if (users > 0 || mockDb.users.some((u) => u.photo === path)) return;
  mockDb.uploads = mockDb.uploads.filter((u) => u !== upload);
}

/** Fixture uploads (the files of mocks/public/uploads) registered for `ownerId`; re-owned if already there. */
export function seedFixtureUploads(ownerId: string, names: readonly string[] = Object.keys(FIXTURE_IMAGES)): void {
  for (const name of names) {
    const image = FIXTURE_IMAGES[name];
    if (!image) throw new Error(`No fixture image ${name} (see mocks/scripts/make-fixture-images.mjs)`);
    const existing = findUpload(name);
    if (existing) {
      existing.ownerId = ownerId;
      continue;
    }
    mockDb.uploads.push({
      name,
      ownerId,
      type: image.type,
      size: base64ByteLength(image.base64),
      bytes: null,
      createdAt: '2024-01-01T00:00:00.000Z',
    });
  }
}

/**
 * Replace `ownerId`'s products with `list` (full Product objects, e.g. fixtures or `manyProducts(n)`), each at
 * version 1. Images pointing at a fixture upload get that upload owned by `ownerId`, so they load for that user.
 */
export function seedProducts(list: readonly Product[], ownerId: string = demoUser._id): Product[] {
  mockDb.products = mockDb.products.filter((p) => p.ownerId !== ownerId);
  for (const product of list) {
    const stored: StoredProduct = { ...structuredClone(product), ownerId, version: 1 };
    mockDb.products.push(stored);
    if ('filePath' in product.image) {
      const upload = findUpload(product.image.filePath);
      if (upload) upload.ownerId = ownerId;
    }
  }
  notifyMockDbChange();
  return productsOf(ownerId).map(toPublicProduct);
}

/** Replace `ownerId`'s orders with `list`, each at version 1. */
export function seedOrders(list: readonly Order[], ownerId: string = demoUser._id): Order[] {
  mockDb.orders = mockDb.orders.filter((o) => o.ownerId !== ownerId);
  for (const order of list) mockDb.orders.push({ ...order, ownerId, version: 1 });
  notifyMockDbChange();
  return ordersOf(ownerId).map(toPublicOrder);
}

/** A user as answered: the photo absolute, the default avatar when none is set (urls.ts). */
export function toPublicUser({ password: _password, ...user }: StoredUser): User {
  return { ...user, photo: publicPhoto(user.photo, mockDb.publicUrl) };
}

export function findUserByEmail(email: string): StoredUser | undefined {
  const wanted = email.trim().toLowerCase();
  return mockDb.users.find((u) => u.email === wanted);
}

export function findUserById(id: string): StoredUser | undefined {
  return mockDb.users.find((u) => u._id === id);
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function createSession(userId: string): string {
  const token = randomToken(32);
  mockDb.sessions[token] = { userId, expiresAt: Date.now() + SESSION_TTL_DAYS * DAY_MS };
  return token;
}

/** The user of a live session, refreshing its sliding expiry; undefined for unknown or expired tokens. */
export function userForSession(token: string | undefined): StoredUser | undefined {
  if (!token) return undefined;
  const session = mockDb.sessions[token];
  if (!session) return undefined;
  if (session.expiresAt <= Date.now()) {
    delete mockDb.sessions[token];
    return undefined;
  }
  const user = findUserById(session.userId);
  if (!user) return undefined;
  session.expiresAt = Date.now() + SESSION_TTL_DAYS * DAY_MS;
  return user;
}

export function deleteSession(token: string | undefined): void {
  if (token) delete mockDb.sessions[token];
  if (token && mockDb.defaultSession === token) mockDb.defaultSession = null;
}

/** Ends every session of a user except `keep` (password change keeps the current one; reset keeps none). */
export function endSessionsOf(userId: string, keep?: string): void {
  for (const [token, session] of Object.entries(mockDb.sessions)) {
    if (session.userId === userId && token !== keep) delete mockDb.sessions[token];
  }
}

export function createResetToken(userId: string): string {
  const token = randomToken(32);
  mockDb.resetTokens[token] = { userId, expiresAt: Date.now() + RESET_TOKEN_TTL_MINUTES * 60 * 1000, used: false };
  return token;
}

/** Marks the token used and returns its user, or undefined when unknown, used or expired. */
export function consumeResetToken(token: string): StoredUser | undefined {
  const entry = mockDb.resetTokens[token];
  if (!entry || entry.used || entry.expiresAt <= Date.now()) return undefined;
  const user = findUserById(entry.userId);
  if (!user) return undefined;
  entry.used = true;
  return user;
}

export type { SeedUserInput };

export interface SeedUserOptions {
  /** Also open a session for the user and return its token (the `sid` cookie value). */
  session?: boolean;
}

/**
 * Add a user (or replace the one with that email). Returns the public user, and a session token when asked.
 */
export function seedUser(input: SeedUserInput, options: { session: true }): { user: User; token: string };
export function seedUser(input: SeedUserInput, options?: SeedUserOptions): { user: User; token?: string };
export function seedUser(input: SeedUserInput, options: SeedUserOptions = {}): { user: User; token?: string } {
  const email = input.email.trim().toLowerCase();
  mockDb.users = mockDb.users.filter((u) => u.email !== email);
  const stored: StoredUser = {
    _id: input._id ?? newId(),
    name: input.name,
    email,
    phone: input.phone ?? '',
    bio: input.bio ?? '',
    photo: input.photo ?? '',
    password: input.password,
  };
  mockDb.users.push(stored);
  const token = options.session ? createSession(stored._id) : undefined;
  notifyMockDbChange();
  return token ? { user: toPublicUser(stored), token } : { user: toPublicUser(stored) };
}

export interface ResetMockDbOptions {
  /** Seed the fixtures' demo user (Jane Doe, jane@example.com / secret123). Default true. */
  seed?: boolean;
  /**
   * Also give the demo user the fixture catalogue, `demoProducts` and `demoOrders`. Default true; no effect without
   * `seed`. (The fixture uploads, avatar included, are the demo user's either way.)
   */
  catalogue?: boolean;
}

/** Back to the default state: empty collections, plus the demo user and their catalogue (unless told otherwise). */
export function resetMockDb(options: ResetMockDbOptions = {}): void {
  Object.assign(mockDb, emptyState());
  const seed = options.seed !== false;
  if (seed) {
    seedUser(demoUser);
    // The avatar and the product images: the demo user's own uploads (so saving the profile unchanged passes).
    seedFixtureUploads(demoUser._id);
  }
  if (seed && (options.catalogue ?? true)) {
    seedProducts(demoProducts, demoUser._id);
    seedOrders(demoOrders, demoUser._id);
  }
  notifyMockDbChange();
}

resetMockDb();
