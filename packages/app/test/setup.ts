import { MemoryStorage } from './memoryStorage';

// Browser storage for the `name` persistence; installed before MSW or the app are imported.
if (typeof globalThis.localStorage === 'undefined') {
  Object.defineProperty(globalThis, 'localStorage', { value: new MemoryStorage(), configurable: true });
}
