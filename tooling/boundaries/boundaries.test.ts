import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';
import { CLEAN_TREE, type Tree, writeTree } from './fixture-tree';
import { BREACHES, type Violation } from './violations';

/** The configuration `npm run lint` uses, loaded as it is (CommonJS at the repository root). */
const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as IConfiguration;

const roots: string[] = [];
afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

async function cruiseTree(tree: Tree): Promise<ICruiseResult> {
  const root = writeTree(tree);
  roots.push(root);
  const { output } = await cruise(['.'], {
    ...config.options,
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: config.forbidden ?? [] },
  });
  return output as ICruiseResult;
}

function violationsOf(result: ICruiseResult): Violation[] {
  return result.summary.violations
    .map(({ rule, from, to }) => ({ rule: rule.name, from, to }))
    .sort((a, b) => `${a.rule} ${a.from}`.localeCompare(`${b.rule} ${b.from}`));
}

describe('package boundaries (.dependency-cruiser.cjs)', () => {
  it('a tree that keeps every boundary has no violation', async () => {
    expect(violationsOf(await cruiseTree(CLEAN_TREE))).toEqual([]);
  });

  it('ui may import the rich-text rule set by its package subpath (resolved, so the rule saw it)', async () => {
    const result = await cruiseTree(CLEAN_TREE);
    const editor = result.modules.find(({ source }) => source === 'packages/ui/src/Editor.ts');
    const richText = editor?.dependencies.find(({ module }) => module === '@inventory/contract/rich-text');
    expect(richText).toMatchObject({ resolved: 'packages/contract/src/rich-text/index.ts', valid: true });
  });

  it('type-only imports are dependencies too', async () => {
    const result = await cruiseTree(CLEAN_TREE);
    const slice = result.modules.find(({ source }) => source === 'packages/app/src/features/orders/ordersSlice.ts');
    expect(slice?.dependencies.map(({ resolved }) => resolved)).toContain('packages/app/src/features/orders/types.ts');
  });

  it.each(BREACHES)('$name: fails with exactly its rules', async ({ files, expected }) => {
    expect(violationsOf(await cruiseTree({ ...CLEAN_TREE, ...files }))).toEqual(expected);
  });

  it('every rule of the configuration is proved by a breach above', () => {
    const proved = new Set(BREACHES.flatMap(({ expected }) => expected.map(({ rule }) => rule)));
    expect((config.forbidden ?? []).map(({ name }) => name).filter((name) => !proved.has(name ?? ''))).toEqual([]);
  });
});
