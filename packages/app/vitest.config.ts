import { defineProject } from 'vitest/config';

/**
 * The test that mocks the contract away needs a module graph of its own (a mock would reach every file sharing the
 * worker's modules): it runs in the `app-isolated` project (vitest.isolated.config.ts).
 */
export const ISOLATED = ['test/first-load.test.ts'];

/**
 * Node tests of the app: slices, selectors and sagas. Sagas run for real through the real axios client against the
 * MSW handlers of `@inventory/mocks` (mocked only at the network edge). The files share their worker's modules
 * (isolate: false): each builds its own store and resets the mock API after every test, and importing the app afresh
 * for each file was two thirds of this project's time.
 */
export default defineProject({
  test: {
    name: 'app',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ISOLATED,
    setupFiles: ['./test/setup.ts'],
    isolate: false,
  },
});
