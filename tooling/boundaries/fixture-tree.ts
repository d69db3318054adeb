import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A file tree: path relative to the tree's root → file content. */
export type Tree = Record<string, string>;

/**
 * A miniature of the repository that keeps every boundary: each package area, the composition root and its allowed
 * users, two features on each side, the rich-text subpath imported by ui, and the benchmark seeding the server's database.
 */
export const CLEAN_TREE: Tree = {
  'package.json': JSON.stringify({ name: 'fixture', private: true, workspaces: ['packages/*', 'mocks'] }),
  'packages/contract/package.json': JSON.stringify({
    name: '@inventory/contract',
    exports: { '.': './src/index.ts', './rich-text': './src/rich-text/index.ts' },
  }),
  'packages/contract/src/index.ts': "export const MESSAGE = 'Saved';\n",
  'packages/contract/src/rich-text/index.ts': "export const TAGS = ['p', 'strong'];\n",
  // Each package has its own manifest, as in the repository: the workspace list is only in the root one.
  'packages/ui/package.json': JSON.stringify({ name: '@inventory/ui' }),
  'packages/app/package.json': JSON.stringify({ name: '@inventory/app' }),
  'packages/server/package.json': JSON.stringify({ name: '@inventory/server' }),
  'mocks/package.json': JSON.stringify({ name: '@inventory/mocks' }),

  'packages/ui/src/cn.ts': 'export const cn = (name: string) => name;\n',
  'packages/ui/src/Editor.ts': [
    "import { TAGS } from '@inventory/contract/rich-text';",
    "import { cn } from './cn';",
    'export const editor = TAGS.map(cn);',
    '',
  ].join('\n'),

  'packages/app/src/main.tsx': "import { createApp } from './app/createApp';\nexport const app = createApp();\n",
  'packages/app/src/app/createApp.ts': [
    "import { orders } from '../features/orders/ordersSlice';",
    "import { products } from '../features/products/productsSlice';",
    'export const createApp = () => [orders, products];',
    '',
  ].join('\n'),
  'packages/app/src/features/orders/ordersSlice.ts': [
    "import { MESSAGE } from '@inventory/contract';",
    "import { formatPrice } from '../../shared/format';",
    "import type { Order } from './types';",
    'export const orders: Order[] = [{ price: formatPrice(1), note: MESSAGE }];',
    '',
  ].join('\n'),
  'packages/app/src/features/orders/types.ts': 'export interface Order { price: string; note: string }\n',
  'packages/app/src/features/products/productsSlice.ts':
    "import { formatPrice } from '../../shared/format';\nexport const products = [formatPrice(2)];\n",
  'packages/app/src/shared/format.ts': 'export const formatPrice = (n: number) => n.toFixed(2);\n',
  'packages/app/src/stories/withAppProviders.tsx':
    "import { createApp } from '../app/createApp';\nexport const withAppProviders = createApp;\n",
  'packages/app/test/harness.ts':
    "import { createApp } from '../src/app/createApp';\nexport const createTestApp = createApp;\n",
  'packages/app/test/first-load.test.ts':
    "import { createApp } from '../src/app/createApp';\nexport const firstLoad = createApp;\n",
  '.storybook/preview.ts':
    "import { withAppProviders } from '../packages/app/src/stories/withAppProviders';\nexport const decorators = [withAppProviders];\n",

  'packages/server/src/app.ts': [
    "import { db } from './db/index';",
    "import { ordersRoutes } from './features/orders/routes';",
    "import { usersService } from './features/users/service';",
    'export const app = [db, ordersRoutes, usersService];',
    '',
  ].join('\n'),
  'packages/server/src/db/index.ts': 'export const db = {};\n',
  'packages/server/src/http/errors.ts': "export const notFound = 'Not found';\n",
  'packages/server/src/features/orders/routes.ts': [
    "import { notFound } from '../../http/errors';",
    "import { ordersService } from './service';",
    'export const ordersRoutes = [notFound, ordersService];',
    '',
  ].join('\n'),
  'packages/server/src/features/orders/service.ts':
    "import { db } from '../../db/index';\nexport const ordersService = db;\n",
  'packages/server/src/features/users/service.ts': 'export const usersService = {};\n',
  'packages/server/test/app.test.ts': "import { app } from '../src/app';\nexport const subject = app;\n",
  'bench/seed.ts': "import type { db } from '../packages/server/src/db/index';\nexport type Db = typeof db;\n",

  'mocks/src/handlers.ts': "import { MESSAGE } from '@inventory/contract';\nexport const handlers = [MESSAGE];\n",
};

/** Writes `tree` into a fresh temporary folder, links the contract as a workspace package, and returns the folder. */
export function writeTree(tree: Tree): string {
  const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
  for (const [path, content] of Object.entries(tree)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  mkdirSync(join(root, 'node_modules/@inventory'), { recursive: true });
  symlinkSync('../../packages/contract', join(root, 'node_modules/@inventory/contract'), 'dir');
  return root;
}
