import { describe, expect, it, vi } from 'vitest';

const contract = vi.hoisted(() => ({ loaded: false }));

vi.mock('@inventory/contract', () => {
  contract.loaded = true;
  throw new Error('@inventory/contract was loaded');
});

/**
 * The browser's first load is what the entry imports statically, which is what importing App and createApp (main.tsx's
 * imports) runs here. It must read the contract's zod-free entry: the schemas, and zod with them, load on demand with
 * the code that validates against them.
 */
describe('the first load', () => {
  it('reads @inventory/contract/rules, never the whole contract with its schemas', async () => {
    await import('../src/app/App');
    await import('../src/app/createApp');
    expect(contract.loaded).toBe(false);
  });

  it('would notice the whole contract (the schema checks the app loads on demand read it)', async () => {
    await expect(import('../src/features/team/storeNameRule')).rejects.toThrow();
    expect(contract.loaded).toBe(true);
  });
});
