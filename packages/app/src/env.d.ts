/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Absolute origin of the API when it is hosted apart from the app; empty means same origin. */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
