import { useSyncExternalStore } from 'react';
import { createThemeStore, type ThemeState, type ThemeStore } from './themeStore';

let store: ThemeStore | undefined;

/** Made on first use, in the browser only (reads localStorage and matchMedia). */
function themeStore(): ThemeStore {
  store ??= createThemeStore({
    root: document.documentElement,
    storage: typeof localStorage === 'undefined' ? undefined : localStorage,
    matchMedia: typeof window.matchMedia === 'function' ? (query) => window.matchMedia(query) : undefined,
  });
  return store;
}

/** The theme choice, what the system prefers, and `choose` (applies and remembers). */
export function useTheme(): ThemeState & { choose: ThemeStore['choose'] } {
  const current = themeStore();
  const state = useSyncExternalStore(current.subscribe, current.getState);
  return { ...state, choose: current.choose };
}
