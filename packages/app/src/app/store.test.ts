import { afterEach, describe, expect, it } from 'vitest';
import { saveName } from '../session/nameStorage';
import { createAppStore } from './store';

afterEach(() => localStorage.clear());

describe("the 'name' in localStorage", () => {
  it('seeds the store, so the header greets before any call answers', () => {
    saveName('Jane Doe');
    expect(createAppStore().getState().auth.name).toBe('Jane Doe');
    expect(createAppStore({ preloadedState: { auth: { name: 'Other' } } }).getState().auth.name).toBe('Other');
  });
});
