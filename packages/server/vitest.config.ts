import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Every answer a suite's app gives is checked against the OpenAPI description.
    setupFiles: ['test/setup/openapi-responses.ts'],
    testTimeout: 20000,
    hookTimeout: 30000,
  },
});
