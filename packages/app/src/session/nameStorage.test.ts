import { afterEach, describe, expect, it } from 'vitest';
import { loadName, NAME_STORAGE_KEY, saveName } from './nameStorage';

afterEach(() => localStorage.clear());

describe("the 'name' in localStorage", () => {
  it('is stored as JSON under "name" and read back', () => {
    saveName('Jane Doe');
    expect(localStorage.getItem(NAME_STORAGE_KEY)).toBe('"Jane Doe"');
    expect(loadName()).toBe('Jane Doe');
  });

  it('an empty name removes it', () => {
    saveName('Jane Doe');
    saveName('');
    expect(localStorage.getItem(NAME_STORAGE_KEY)).toBeNull();
    expect(loadName()).toBe('');
  });

  it('tolerates a raw (non-JSON) value', () => {
    localStorage.setItem(NAME_STORAGE_KEY, 'Jane');
    expect(loadName()).toBe('Jane');
  });
});
