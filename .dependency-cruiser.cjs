// Package and module boundaries, checked by `npm run lint` (the reasons: docs/decisions/0003-package-boundaries.md).
// Paths are relative to the repository root. tooling/boundaries/ proves every rule fires on a deliberate violation.

/** Files of this repository (as opposed to npm packages and Node built-ins). */
const OURS = '^(packages|mocks|e2e|bench|visual|scripts|tooling|\\.storybook)/|^[^/]+\\.(ts|tsx|js|mjs|cjs)$';

/**
 * The only files outside the composition root that may build the whole app: the entry, the harnesses that mount it,
 * and the test that loads it as the entry does to see what the first load reads.
 */
const COMPOSITION_ROOT_USERS = [
  '^packages/app/src/main\\.tsx$',
  '^packages/app/src/stories/withAppProviders\\.tsx$',
  '^packages/app/test/harness\\.ts$',
  '^packages/app/test/first-load\\.test\\.ts$',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'ui-imports-nothing-of-ours',
      comment:
        'The design system knows nothing of ours. Its one exception is the rich-text rule set, imported by its package subpath @inventory/contract/rich-text.',
      severity: 'error',
      from: { path: '^packages/ui/' },
      to: { path: OURS, pathNot: ['^packages/ui/', '^packages/contract/src/rich-text/'] },
    },
    {
      name: 'ui-imports-rich-text-by-its-subpath',
      comment:
        'ui reaches the rich-text rule set only through @inventory/contract/rich-text, never by a relative path.',
      severity: 'error',
      from: { path: '^packages/ui/' },
      to: { path: '^packages/contract/src/rich-text/', dependencyTypesNot: ['aliased-workspace'] },
    },
    {
      name: 'contract-imports-nothing-of-ours',
      comment: 'Every package depends on the contract; it depends on none of them.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: OURS, pathNot: '^packages/contract/' },
    },
    {
      name: 'app-feature-imports-no-other-feature',
      comment: 'What two features share lives in a shared module of the app, not in one of them.',
      severity: 'error',
      from: { path: '^packages/app/src/features/([^/]+)/' },
      to: { path: '^packages/app/src/features/', pathNot: '^packages/app/src/features/$1/' },
    },
    {
      name: 'app-composition-root-is-imported-by-no-one',
      comment:
        'packages/app/src/app/ wires the features together; only the entry (main.tsx), the story and test harnesses and the first-load test mount it.',
      severity: 'error',
      from: { pathNot: ['^packages/app/src/app/', ...COMPOSITION_ROOT_USERS] },
      to: { path: '^packages/app/src/app/' },
    },
    {
      name: 'app-shared-module-imports-no-feature',
      comment:
        'Shared modules of the app (neither features/ nor app/) are used by features, never the other way round.',
      severity: 'error',
      from: { path: '^packages/app/src/', pathNot: ['^packages/app/src/(features|app)/', ...COMPOSITION_ROOT_USERS] },
      to: { path: '^packages/app/src/features/' },
    },
    {
      name: 'server-http-and-db-import-no-feature',
      comment: 'The HTTP plumbing and the database layer serve the features; they know none of them.',
      severity: 'error',
      from: { path: '^packages/server/src/(http|db)/' },
      to: { path: '^packages/server/src/features/' },
    },
    {
      name: 'server-feature-imports-no-other-feature',
      comment: 'A server feature reaches another only through what app.ts hands it.',
      severity: 'error',
      from: { path: '^packages/server/src/features/([^/]+)/' },
      to: { path: '^packages/server/src/features/', pathNot: '^packages/server/src/features/$1/' },
    },
    {
      name: 'server-is-imported-only-by-its-tests-and-bench',
      comment:
        'The server is a program, not a library: only its own files and the benchmark (which seeds its database) import it.',
      severity: 'error',
      from: { pathNot: '^(packages/server|bench)/' },
      to: { path: '^packages/server/' },
    },
    {
      name: 'app-is-imported-only-by-itself-and-storybook',
      comment: 'The app is the top of the graph: only its own files and the Storybook config import it.',
      severity: 'error',
      from: { pathNot: '^(packages/app|\\.storybook)/' },
      to: { path: '^packages/app/' },
    },
    {
      name: 'mocks-import-neither-app-nor-server',
      comment: 'The mocks implement the contract on their own, so the scenarios can check them against the server.',
      severity: 'error',
      from: { path: '^mocks/' },
      to: { path: '^packages/(app|server)/' },
    },
    {
      name: 'no-cycles',
      comment: 'No import cycles anywhere, type-only imports included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    includeOnly: OURS,
    exclude: { path: '(^|/)(node_modules|dist|storybook-static|test-results|playwright-report|__screenshots__)/' },
    doNotFollow: { path: 'node_modules' },
    // Type-only imports are dependencies too: a cycle through `import type` is still a cycle.
    tsPreCompilationDeps: true,
    // Workspace packages are symlinks in node_modules; following them gives the real path under packages/.
    preserveSymlinks: false,
    // Read every manifest up to the root: the workspace list there is what marks `@inventory/...` imports as workspace
    // imports (dependency type 'aliased-workspace') in files whose own package.json has none.
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.d.mts', '.json'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};
