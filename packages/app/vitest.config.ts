import { defineProject } from 'vitest/config';

/**
 * Node tests of the app: slices, selectors and sagas. Sagas run for real through the real axios client against the
 * MSW handlers of `@inventory/mocks` (mocked only at the network edge).
 */
export default defineProject({
  test: {
    name: 'app',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['./test/setup.ts'],
  },
});
