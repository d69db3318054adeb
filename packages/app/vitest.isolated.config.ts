import { defineProject } from 'vitest/config';
import { ISOLATED } from './vitest.config';

/** The app's tests that need a module graph of their own (vitest.config.ts), each file with its own. */
export default defineProject({
  test: {
    name: 'app-isolated',
    environment: 'node',
    include: ISOLATED,
    setupFiles: ['./test/setup.ts'],
    // Importing the whole app afresh takes seconds on a busy machine.
    testTimeout: 30_000,
  },
});
