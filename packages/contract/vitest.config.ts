import { defineProject } from 'vitest/config';

/**
 * The contract's tests share their worker's modules (isolate: false): they keep no state in modules, and importing
 * the contract afresh for each of some forty files was most of this project's time. The test that mocks zod needs
 * a module graph of its own, so it runs in the `contract-isolated` project (vitest.isolated.config.ts).
 */
export const ISOLATED = ['test/rules-entry.test.ts'];

export default defineProject({
  test: { name: 'contract', environment: 'node', include: ['test/**/*.test.ts'], exclude: ISOLATED, isolate: false },
});
