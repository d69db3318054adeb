import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Every answer a suite's app gives is checked against the OpenAPI description.
    setupFiles: ['test/setup/openapi-responses.ts'],
    // Files run one after another: argon2 is CPU-bound and the machine has two cores.
    fileParallelism: false,
    testTimeout: 20000,
    hookTimeout: 30000,
  },
});
