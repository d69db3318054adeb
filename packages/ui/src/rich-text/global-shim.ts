/*
 * draft-js (through fbjs) reads the Node global `global` when it loads. Browsers have no `global`, so without
 * this the editor fails with "global is not defined". The cleaner fix is Vite's `define: { global: 'globalThis' }`
 * in the app's and Storybook's Vite config; this shim makes the field work without it and is a no-op with it.
 * It must be imported before draft-js.
 */
const scope = globalThis as typeof globalThis & { global?: typeof globalThis };
if (typeof scope.global === 'undefined') scope.global = globalThis;

export {};
