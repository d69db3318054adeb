import { describe, expect, it, vi } from 'vitest';

const zod = vi.hoisted(() => ({ loaded: false }));

vi.mock('zod', () => {
  zod.loaded = true;
  throw new Error('zod was loaded');
});

describe('the rules entry (@inventory/contract/rules)', () => {
  it('loads without zod, so the code that imports it does not carry the schemas', async () => {
    const rules = await import('../src/rules');
    expect(rules.MESSAGES.genericError).toBeTypeOf('string');
    expect(rules.can('owner', 'store:manage')).toBe(true);
    expect(zod.loaded).toBe(false);
  });

  it('is what the whole entry adds the schemas to', async () => {
    await expect(import('../src/index')).rejects.toThrow();
    expect(zod.loaded).toBe(true);
  });
});
