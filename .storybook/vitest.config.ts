import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineProject } from 'vitest/config';

const dirname = path.dirname(fileURLToPath(import.meta.url));

/** Flags for the system Chromium (no sandbox in containers, no background traffic). */
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Every story becomes a test: it renders in Chromium, its play function runs and the a11y check must pass. */
export default defineProject({
  plugins: [storybookTest({ configDir: path.join(dirname, '.'), storybookScript: 'npm run storybook -- --ci' })],
  test: {
    name: 'storybook',
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
      }),
      instances: [{ browser: 'chromium' }],
    },
    setupFiles: [path.join(dirname, 'vitest.setup.ts')],
  },
});
