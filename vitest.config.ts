import { defineConfig } from 'vitest/config';

/**
 * One Vitest run for every layer. Each project keeps its own config beside its code:
 * contract, server, app (node + MSW), mocks (the shared API scenario against MSW), tooling (the package boundaries)
 * and storybook (every story in Chromium).
 */
export default defineConfig({
  test: {
    projects: ['packages/contract', 'packages/server', 'packages/app', 'mocks', 'tooling', '.storybook'],
  },
});
