import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium, INSTALL_HINT } from '../scripts/chromium.mjs';

/**
 * Journeys through the built app and the real server, one origin, a fresh data folder per run.
 * The config is evaluated in the runner first, so the folder chosen here reaches the workers through the env.
 */
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'inventory-e2e-'));
const port = Number(process.env.E2E_PORT ?? 3123);
const baseURL = `http://127.0.0.1:${port}`;
const executablePath = findChromium();
if (!executablePath) throw new Error(INSTALL_HINT);

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/e2e',
  // Files run three at a time (each journey signs up users of its own); the tests of a file run in order. Journeys
  // wait on the server and on the network going quiet much of their time: a third worker fills that (5m11 → 4m14).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
    // A trace records every step of every journey to keep the failing ones: a cost on each run, and CI's traces are
    // never opened. E2E_TRACE=1 records them when a failure needs one.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node packages/server/dist/main.js',
    cwd: '..',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      // Every journey signs up its own users from 127.0.0.1; the limit itself is proven in the server suite.
      REGISTRATIONS_PER_HOUR: '1000',
      // Every journey signs up and in; the production cost is proven in the server suite (security/auth.test.ts).
      PASSWORD_HASH_COST: 'minimal',
    },
  },
});
