import { defineProject } from 'vitest/config';

export default defineProject({
  // Pure functions: one module graph per worker serves every file (docs/decisions/0040-suite-time.md).
  test: { name: 'contract', environment: 'node', include: ['test/**/*.test.ts'], isolate: false },
});
