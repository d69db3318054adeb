import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium, INSTALL_HINT } from '../scripts/chromium.mjs';

/**
 * The stories layer of `npm test`: every story of the built Storybook (storybook-static/, made by visual/prepare.mjs)
 * opened once in Chromium at a fixed viewport: its play function and its a11y check in both themes must pass, then it
 * is screenshotted and compared with its approved baseline in visual/__screenshots__/.
 * `npm run test:visual` compares; `npm run visual:approve` rewrites the baselines that changed.
 */
const port = Number(process.env.VISUAL_PORT ?? 6107);
const baseURL = `http://127.0.0.1:${port}`;
const executablePath = findChromium();
if (!executablePath) throw new Error(INSTALL_HINT);

export default defineConfig({
  testDir: '.',
  testMatch: 'stories.spec.ts',
  outputDir: '../test-results/visual',
  // One picture per story id, the same on every platform this runs on (baselines belong to this machine's Chromium).
  snapshotPathTemplate: '{testDir}/__screenshots__/{arg}{ext}',
  fullyParallel: true,
  workers: Number(process.env.VISUAL_WORKERS ?? 3),
  retries: 0,
  // A screen's story, then three pictures: on a machine at half speed with two workers one took over 30 s.
  timeout: 90_000,
  reporter: [['list']],
  expect: {
    timeout: 10_000,
    toHaveScreenshot: {
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      // Anti-aliasing noise only; a changed word or colour is far above this.
      maxDiffPixelRatio: 0.001,
      threshold: 0.1,
    },
  },
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: {
      executablePath,
      args: [...CHROMIUM_ARGS, '--font-render-hinting=none', '--disable-lcd-text', '--force-color-profile=srgb'],
    },
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    colorScheme: 'light',
    contextOptions: { reducedMotion: 'reduce' },
    locale: 'en-US',
    timezoneId: 'UTC',
    serviceWorkers: 'allow',
    trace: 'off',
    screenshot: 'off',
  },
  webServer: {
    command: 'node visual/serve.mjs storybook-static',
    cwd: '..',
    url: `${baseURL}/index.json`,
    reuseExistingServer: false,
    timeout: 30_000,
    env: { VISUAL_PORT: String(port) },
  },
});
