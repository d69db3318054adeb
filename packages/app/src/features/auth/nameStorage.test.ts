import { afterEach, describe, expect, it } from 'vitest';
import { createAppStore } from '../../app/store';
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

  it('seeds the store, so the header greets before any call answers', () => {
    saveName('Jane Doe');
    expect(createAppStore().getState().auth.name).toBe('Jane Doe');
    expect(createAppStore({ preloadedState: { auth: { name: 'Other' } } }).getState().auth.name).toBe('Other');
  });
});
