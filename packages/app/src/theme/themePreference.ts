/**
 * The user's theme choice: 'system' (the default: follow the operating system) or an explicit 'light'/'dark',
 * remembered in localStorage. index.html's inline head script reads the same key before the first paint, so the
 * page never shows the wrong theme while the app loads; keep the two in step (themePreference.test.ts checks).
 */
export type ThemePreference = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'inventory.theme';
export const DARK_QUERY = '(prefers-color-scheme: dark)';

export function isExplicitTheme(value: unknown): value is ResolvedTheme {
  return value === 'light' || value === 'dark';
}

/** The stored choice; 'system' when none is stored or storage is unavailable (private mode, blocked cookies). */
export function readThemePreference(storage: Pick<Storage, 'getItem'> | undefined): ThemePreference {
  try {
    const stored = storage?.getItem(THEME_STORAGE_KEY);
    return isExplicitTheme(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

/** Remembers the choice; 'system' forgets it, so a later change of the system setting is followed again. */
export function writeThemePreference(storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined, preference: ThemePreference): void {
  try {
    if (preference === 'system') storage?.removeItem(THEME_STORAGE_KEY);
    else storage?.setItem(THEME_STORAGE_KEY, preference);
  } catch {
    // Not remembered (storage full or blocked); the choice still applies to this page.
  }
}

/**
 * The stylesheet does the rest: an explicit choice is `<html data-theme>`, no attribute follows
 * `prefers-color-scheme` (packages/ui/src/tokens/tokens.ts).
 */
export function applyThemePreference(root: HTMLElement, preference: ThemePreference): void {
  if (preference === 'system') delete root.dataset.theme;
  else root.dataset.theme = preference;
}
