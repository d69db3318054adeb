import { defineConfig } from 'vitest/config';

/**
 * One Vitest run for every layer. Each project keeps its own config beside its code:
 * contract, server, app (node + MSW), mocks (the shared API scenario against MSW), tooling (the package boundaries)
 * and storybook (every story in Chromium).
 */
export default defineConfig({
  test: {
    // Two files at a time (Vitest's default on two cores is one): the server's suites wait on the databases and on
    // the processes they start for much of their time, and two at once take the unit tests from 5 to 3 minutes.
    maxWorkers: 2,
    projects: ['packages/contract', 'packages/server', 'packages/app', 'mocks', 'tooling', '.storybook'],
  },
});
