import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineProject } from 'vitest/config';
import { CHROMIUM_ARGS, findChromium, INSTALL_HINT } from '../scripts/chromium.mjs';

const dirname = path.dirname(fileURLToPath(import.meta.url));

const executablePath = findChromium();
if (!executablePath) throw new Error(INSTALL_HINT);

/** Every story becomes a test: it renders in Chromium, its play function runs and the a11y check must pass. */
export default defineProject({
  plugins: [storybookTest({ configDir: path.join(dirname, '.'), storybookScript: 'npm run storybook -- --ci' })],
  test: {
    name: 'storybook',
    browser: {
      enabled: true,
      headless: true,
      provider: playwright({
        launchOptions: { executablePath, args: CHROMIUM_ARGS },
      }),
      instances: [{ browser: 'chromium' }],
    },
    setupFiles: [path.join(dirname, 'vitest.setup.ts')],
    // A play function may wait up to 12 s for one slow step (SLOW in packages/app/src/stories/play.ts).
    testTimeout: 30_000,
  },
});
