import { describe, expect, it } from 'vitest';
import { readFullNames, readPageSize, writeFullNames, writePageSize } from './listPreferences';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('a list remembers its choices', () => {
  it('rows per page: only the offered sizes are read back', () => {
    const storage = memoryStorage();
    expect(readPageSize('orders', storage)).toBe(5);
    writePageSize('orders', 50, storage);
    expect(readPageSize('orders', storage)).toBe(50);
    storage.setItem('inventory.rowsPerPage.orders', '7');
    expect(readPageSize('orders', storage)).toBe(5);
  });

  it('full names: off until chosen, per list', () => {
    const storage = memoryStorage();
    expect(readFullNames('products', storage)).toBe(false);
    writeFullNames('products', true, storage);
    expect(readFullNames('products', storage)).toBe(true);
    expect(readFullNames('orders', storage)).toBe(false);
    writeFullNames('products', false, storage);
    expect(readFullNames('products', storage)).toBe(false);
  });

  it('storage that throws gives the defaults and forgets quietly', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readFullNames('products', broken)).toBe(false);
    expect(() => writeFullNames('products', true, broken)).not.toThrow();
  });
});
