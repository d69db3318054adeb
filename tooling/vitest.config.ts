import { defineProject } from 'vitest/config';

/** Tests of the repository's own tooling: the package boundaries `npm run lint` enforces. */
export default defineProject({
  test: { name: 'tooling', environment: 'node', include: ['**/*.test.ts'] },
});
