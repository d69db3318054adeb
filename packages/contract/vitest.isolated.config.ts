import { defineProject } from 'vitest/config';
import { ISOLATED } from './vitest.config';

/** The contract's tests that need a module graph of their own (vitest.config.ts), each file with its own. */
export default defineProject({
  test: { name: 'contract-isolated', environment: 'node', include: ISOLATED },
});
