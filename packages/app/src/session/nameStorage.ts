/**
 * The signed-in user's name is kept in browser storage under 'name', so the header can greet the user before any
 * call answers. Stored as JSON, as the original app did. Storage may be missing (node) or refuse (privacy
 * modes): then nothing is kept.
 */
export const NAME_STORAGE_KEY = 'name';

function storage(): Storage | null {
  try {
    return typeof globalThis.localStorage === 'undefined' ? null : globalThis.localStorage;
  } catch {
    return null;
  }
}

export function loadName(): string {
  const raw = storage()?.getItem(NAME_STORAGE_KEY);
  if (!raw) return '';
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'string' ? value : '';
  } catch {
    return raw;
  }
}

export function saveName(name: string): void {
  try {
    if (name) storage()?.setItem(NAME_STORAGE_KEY, JSON.stringify(name));
    else storage()?.removeItem(NAME_STORAGE_KEY);
  } catch {
    // Storage full or refused: the name is only a convenience.
  }
}
