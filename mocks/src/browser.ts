import { setupWorker, type StartOptions } from 'msw/browser';
import { loadMockDbState, onMockDbChange, snapshotMockDbState, type MockDbState } from './db';
import { handlers } from './handlers';

/** MSW in the browser (Storybook, `npm run dev:mock`). The worker script is `mocks/public/mockServiceWorker.js`. */
export const worker = setupWorker(...handlers);

export const MOCK_DB_STORAGE_KEY = 'inventory-mock-db';

export interface StartMockWorkerOptions {
  /**
   * Keep the mock db in localStorage, so a reload (or opening the mailed reset link) keeps users and sessions.
   * Default true (for `npm run dev:mock`); Storybook passes false, each story sets its own state.
   */
  persist?: boolean;
  /** Hide MSW's console log of each request. Default false. */
  quiet?: boolean;
}

let persisting = false;

function restorePersistedDb(): void {
  if (persisting) return;
  persisting = true;
  const raw = localStorage.getItem(MOCK_DB_STORAGE_KEY);
  if (raw) {
    try {
      loadMockDbState(JSON.parse(raw) as MockDbState);
    } catch {
      localStorage.removeItem(MOCK_DB_STORAGE_KEY);
    }
  }
  onMockDbChange(persistDb);
}

let warnedQuota = false;

/**
 * Saves the db. Uploaded images can outgrow localStorage (about 5 MB): then the db is saved without their bytes,
 * so users, products and orders survive a reload and only those images answer 404 afterwards.
 */
function persistDb(): void {
  const state = snapshotMockDbState();
  try {
    localStorage.setItem(MOCK_DB_STORAGE_KEY, JSON.stringify(state));
  } catch {
    state.uploads = state.uploads.filter((upload) => upload.bytes === null);
    try {
      localStorage.setItem(MOCK_DB_STORAGE_KEY, JSON.stringify(state));
    } catch {
      // Still too big: keep the previous save.
    }
    if (!warnedQuota) console.warn('[mock db] uploaded images are too big for localStorage; a reload drops them');
    warnedQuota = true;
  }
}

/** Starts the worker; resolves when it intercepts requests. Returns the worker (the setup msw-storybook-addon wants). */
export async function startMockWorker(options: StartMockWorkerOptions = {}): Promise<typeof worker> {
  if (options.persist !== false) restorePersistedDb();
  const start: StartOptions = {
    serviceWorker: { url: '/mockServiceWorker.js' },
    onUnhandledRequest: 'bypass',
    quiet: options.quiet ?? false,
  };
  await worker.start(start);
  return worker;
}
