import { DARK_QUERY, applyThemePreference, readThemePreference, writeThemePreference, type ResolvedTheme, type ThemePreference } from './themePreference';

export interface ThemeState {
  preference: ThemePreference;
  /** What the operating system prefers right now (followed live through a matchMedia listener). */
  system: ResolvedTheme;
}

export interface ThemeEnvironment {
  root: HTMLElement;
  storage: Storage | undefined;
  matchMedia: ((query: string) => MediaQueryList) | undefined;
}

/**
 * The theme as a tiny external store (useSyncExternalStore): every switch on the page shows the same choice, and
 * the System option can say what the system prefers. Not in Redux: it lives before and outside the session (the
 * public pages have it too) and nothing else reacts to it.
 */
export function createThemeStore(environment: ThemeEnvironment) {
  const media = environment.matchMedia?.(DARK_QUERY);
  let state: ThemeState = {
    preference: readThemePreference(environment.storage),
    system: media?.matches ? 'dark' : 'light',
  };
  const listeners = new Set<() => void>();
  const emit = () => listeners.forEach((listener) => listener());

  const onSystemChange = (event: MediaQueryListEvent) => {
    state = { ...state, system: event.matches ? 'dark' : 'light' };
    emit();
  };

  return {
    getState: (): ThemeState => state,
    subscribe(listener: () => void): () => void {
      if (listeners.size === 0) media?.addEventListener('change', onSystemChange);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) media?.removeEventListener('change', onSystemChange);
      };
    },
    choose(preference: ThemePreference): void {
      writeThemePreference(environment.storage, preference);
      applyThemePreference(environment.root, preference);
      state = { ...state, preference };
      emit();
    },
  };
}

export type ThemeStore = ReturnType<typeof createThemeStore>;
