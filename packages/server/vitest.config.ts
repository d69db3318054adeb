import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // Every answer a suite's app gives is checked against the OpenAPI description.
    setupFiles: ['test/setup/openapi-responses.ts'],
    // A migrated database of each kind that every suite copies instead of migrating its own (test/setup/migrated-templates.ts).
    globalSetup: ['test/setup/migrated-templates.ts'],
    // One module graph per worker instead of one per file: every suite builds its own app, database and servers and
    // keeps no state in modules between files, so importing the server again for each of its 82 files (a minute and
    // a half of the unit layer) proved nothing (docs/decisions/0040-suite-time.md).
    isolate: false,
    testTimeout: 20000,
    hookTimeout: 30000,
  },
});
