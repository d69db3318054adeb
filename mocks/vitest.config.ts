import { defineProject } from 'vitest/config';

/** The files share their worker's modules (isolate: false): each resets the mock database it uses (docs/decisions/0055). */
export default defineProject({
  test: { name: 'mocks', environment: 'node', include: ['test/**/*.test.ts'], isolate: false },
});
