import { RESET_TOKEN_TTL_MINUTES, SESSION_TTL_DAYS, type User } from '@inventory/contract';
import { demoUser } from './fixtures';

/**
 * The mock's in-memory database. One object holding a collection per feature, so later features (products, orders,
 * contact, uploads) add a collection here and a line in `emptyState()`.
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
  /** Absolute reset link: `${mockDb.publicUrl}/resetpassword/<token>`. */
  link: string;
  sentAt: string;
}

export interface MockDbState {
  users: StoredUser[];
  /** Session token (the `sid` cookie value) → session. */
  sessions: Record<string, StoredSession>;
  /** Reset token (the last segment of the reset link) → token state. */
  resetTokens: Record<string, StoredResetToken>;
  outbox: OutboxMail[];
  /**
   * Mock-only: the session used by a request that carries no `sid` cookie at all. Set by the `signedIn()` story
   * helper so a screen is signed in without a browser cookie jar (node tests, first render in Storybook);
   * cleared by logout. `null` in the default state, so the default handlers behave exactly like the server.
   */
  defaultSession: string | null;
}

function emptyState(): MockDbState {
  return { users: [], sessions: {}, resetTokens: {}, outbox: [], defaultSession: null };
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

/** Mongo-like 24-hex ids, so ids look like the ones the spec's client expects. */
export function newId(): string {
  return randomToken(12);
}

export function toPublicUser({ password: _password, ...user }: StoredUser): User {
  return { ...user };
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

export interface SeedUserInput {
  name: string;
  email: string;
  password: string;
  phone?: string;
  bio?: string;
  photo?: string;
  _id?: string;
}

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
}

/** Back to the default state: empty collections, plus the demo user unless `{ seed: false }`. */
export function resetMockDb(options: ResetMockDbOptions = {}): void {
  Object.assign(mockDb, emptyState());
  if (options.seed !== false) seedUser(demoUser);
  notifyMockDbChange();
}

resetMockDb();
