import type { Tree } from './fixture-tree';

export interface Violation {
  rule: string;
  from: string;
  to: string;
}

/** One deliberate breach: the files added to the clean tree and every violation they must raise. */
export interface BreachCase {
  name: string;
  files: Tree;
  expected: Violation[];
}

const importing = (specifier: string) => `import { value } from '${specifier}';\nexport const used = value;\n`;

export const BREACHES: BreachCase[] = [
  {
    name: 'ui imports the contract itself',
    files: { 'packages/ui/src/Bad.ts': importing('@inventory/contract') },
    expected: [
      { rule: 'ui-imports-nothing-of-ours', from: 'packages/ui/src/Bad.ts', to: 'packages/contract/src/index.ts' },
    ],
  },
  {
    name: 'ui imports a file at the repository root',
    files: {
      'tailwind.config.ts': 'export const value = 1;\n',
      'packages/ui/src/Bad.ts': importing('../../../tailwind.config'),
    },
    expected: [{ rule: 'ui-imports-nothing-of-ours', from: 'packages/ui/src/Bad.ts', to: 'tailwind.config.ts' }],
  },
  {
    name: 'ui reaches the rich-text rule set by a relative path',
    files: { 'packages/ui/src/Bad.ts': importing('../../contract/src/rich-text/index') },
    expected: [
      {
        rule: 'ui-imports-rich-text-by-its-subpath',
        from: 'packages/ui/src/Bad.ts',
        to: 'packages/contract/src/rich-text/index.ts',
      },
    ],
  },
  {
    name: 'the contract imports ui',
    files: { 'packages/contract/src/bad.ts': importing('../../ui/src/cn') },
    expected: [
      { rule: 'contract-imports-nothing-of-ours', from: 'packages/contract/src/bad.ts', to: 'packages/ui/src/cn.ts' },
    ],
  },
  {
    name: 'an app feature imports another feature',
    files: { 'packages/app/src/features/orders/bad.ts': importing('../products/productsSlice') },
    expected: [
      {
        rule: 'app-feature-imports-no-other-feature',
        from: 'packages/app/src/features/orders/bad.ts',
        to: 'packages/app/src/features/products/productsSlice.ts',
      },
    ],
  },
  {
    name: 'an app feature imports the composition root',
    files: { 'packages/app/src/features/products/bad.ts': importing('../../app/createApp') },
    expected: [
      {
        rule: 'app-composition-root-is-imported-by-no-one',
        from: 'packages/app/src/features/products/bad.ts',
        to: 'packages/app/src/app/createApp.ts',
      },
    ],
  },
  {
    name: 'a shared module of the app imports a feature',
    files: { 'packages/app/src/shared/bad.ts': importing('../features/orders/ordersSlice') },
    expected: [
      {
        rule: 'app-shared-module-imports-no-feature',
        from: 'packages/app/src/shared/bad.ts',
        to: 'packages/app/src/features/orders/ordersSlice.ts',
      },
    ],
  },
  {
    name: "the server's HTTP layer imports a feature",
    files: { 'packages/server/src/http/bad.ts': importing('../features/orders/service') },
    expected: [
      {
        rule: 'server-http-and-db-import-no-feature',
        from: 'packages/server/src/http/bad.ts',
        to: 'packages/server/src/features/orders/service.ts',
      },
    ],
  },
  {
    name: 'a server feature imports another feature',
    files: { 'packages/server/src/features/orders/bad.ts': importing('../users/service') },
    expected: [
      {
        rule: 'server-feature-imports-no-other-feature',
        from: 'packages/server/src/features/orders/bad.ts',
        to: 'packages/server/src/features/users/service.ts',
      },
    ],
  },
  {
    name: 'the end-to-end tests import the server',
    files: { 'e2e/bad.ts': importing('../packages/server/src/app') },
    expected: [
      { rule: 'server-is-imported-only-by-its-tests-and-bench', from: 'e2e/bad.ts', to: 'packages/server/src/app.ts' },
    ],
  },
  {
    name: 'the visual tests import the app',
    files: { 'visual/bad.ts': importing('../packages/app/src/shared/format') },
    expected: [
      {
        rule: 'app-is-imported-only-by-itself-and-storybook',
        from: 'visual/bad.ts',
        to: 'packages/app/src/shared/format.ts',
      },
    ],
  },
  {
    name: 'the mocks import the server',
    files: { 'mocks/src/bad.ts': importing('../../packages/server/src/db/index') },
    expected: [
      { rule: 'mocks-import-neither-app-nor-server', from: 'mocks/src/bad.ts', to: 'packages/server/src/db/index.ts' },
      {
        rule: 'server-is-imported-only-by-its-tests-and-bench',
        from: 'mocks/src/bad.ts',
        to: 'packages/server/src/db/index.ts',
      },
    ],
  },
  {
    name: 'two modules import each other, by type only',
    files: {
      'packages/contract/src/a.ts': "import type { B } from './b';\nexport interface A { b?: B }\n",
      'packages/contract/src/b.ts': "import type { A } from './a';\nexport interface B { a?: A }\n",
    },
    expected: [{ rule: 'no-cycles', from: 'packages/contract/src/a.ts', to: 'packages/contract/src/b.ts' }],
  },
];
