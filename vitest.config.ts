import { defineConfig } from 'vitest/config';

/**
 * The Vitest projects, each with its config beside its code: contract, server, app (node + MSW), mocks (the shared
 * API scenario against MSW), tooling (the package boundaries) — `npm run test:unit` runs these — and storybook (every
 * story in Chromium through the Storybook addon: `npm run test:stories`, for working on stories). `npm test` proves
 * the stories in the visual layer instead (visual/stories.spec.ts: play function, a11y in both themes and pictures in
 * one visit), so a plain `vitest run` would run every story twice over.
 *
 * Most projects share their worker's modules between files (isolate: false); the few files that mock a module run
 * in `-isolated` projects of their package, each file with its own modules (docs/decisions/0055).
 */
export default defineConfig({
  test: {
    // Two files at a time (Vitest's default on two cores is one): the server's suites wait on the databases and on
    // the processes they start for much of their time, and two at once take the unit tests from 5 to 3 minutes.
    maxWorkers: 2,
    projects: [
      'packages/contract',
      'packages/contract/vitest.isolated.config.ts',
      'packages/server',
      'packages/app',
      'packages/app/vitest.isolated.config.ts',
      'mocks',
      'tooling',
      '.storybook',
    ],
  },
});
