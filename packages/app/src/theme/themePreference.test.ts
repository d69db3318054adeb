import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DARK_QUERY, THEME_STORAGE_KEY, readThemePreference } from './themePreference';
import { createThemeStore } from './themeStore';

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const items = new Map(Object.entries(initial));
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/** A system setting the test can flip, as the operating system does. */
function systemSetting(dark: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const list = {
    matches: dark,
    media: DARK_QUERY,
    addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
  } as unknown as MediaQueryList;
  return {
    matchMedia: (query: string) => {
      expect(query).toBe(DARK_QUERY);
      return list;
    },
    flip(toDark: boolean) {
      listeners.forEach((listener) => listener({ matches: toDark } as MediaQueryListEvent));
    },
    listenerCount: () => listeners.size,
  };
}

const fakeRoot = () => ({ dataset: {} as DOMStringMap }) as HTMLElement;

describe('theme preference', () => {
  it('is System by default and when storage holds nonsense or throws', () => {
    expect(readThemePreference(memoryStorage())).toBe('system');
    expect(readThemePreference(memoryStorage({ [THEME_STORAGE_KEY]: 'purple' }))).toBe('system');
    expect(
      readThemePreference({
        getItem: () => {
          throw new Error('blocked');
        },
      }),
    ).toBe('system');
    expect(readThemePreference(memoryStorage({ [THEME_STORAGE_KEY]: 'dark' }))).toBe('dark');
  });

  it('remembers an explicit choice, sets <html data-theme>, and forgets it for System', () => {
    const storage = memoryStorage();
    const root = fakeRoot();
    const store = createThemeStore({ root, storage, matchMedia: systemSetting(false).matchMedia });
    store.choose('dark');
    expect(storage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(root.dataset.theme).toBe('dark');
    expect(store.getState().preference).toBe('dark');
    store.choose('system');
    expect(storage.getItem(THEME_STORAGE_KEY)).toBeNull();
    expect(root.dataset.theme).toBeUndefined();
    expect(store.getState().preference).toBe('system');
  });

  it('starts from the stored choice and follows the system setting live while someone listens', () => {
    const system = systemSetting(true);
    const store = createThemeStore({
      root: fakeRoot(),
      storage: memoryStorage({ [THEME_STORAGE_KEY]: 'light' }),
      matchMedia: system.matchMedia,
    });
    expect(store.getState()).toEqual({ preference: 'light', system: 'dark' });
    const seen: string[] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.getState().system));
    system.flip(false);
    expect(store.getState().system).toBe('light');
    expect(seen).toEqual(['light']);
    unsubscribe();
    expect(system.listenerCount()).toBe(0);
  });

  it('is read by the inline head script of index.html under the same key, before the app loads', () => {
    const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
    const inline = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(inline).toContain(`'${THEME_STORAGE_KEY}'`);
    expect(html.indexOf('<script>')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<meta name="color-scheme" content="light dark" />');
  });
});
