// Finds a Chromium for stories, e2e and benchmarks: CHROMIUM_PATH, then the system's, then Playwright's own.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const SYSTEM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

/** Flags this machine needs for headless Chromium (no sandbox as root; no network chatter outside loopback). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const INSTALL_HINT =
  'No Chromium found: set CHROMIUM_PATH, or install one (Debian/Ubuntu: `apt-get install -y chromium`; elsewhere: `npx playwright install chromium`).';

function playwrightOwn() {
  try {
    const require = createRequire(import.meta.url);
    const { chromium } = require('playwright-core');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/** @returns {string | undefined} */
export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  return SYSTEM_CANDIDATES.find((candidate) => existsSync(candidate)) ?? playwrightOwn();
}
