/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Absolute origin of the API when it is hosted apart from the app; empty means same origin. */
  readonly VITE_API_BASE?: string;
  /**
   * A third-party image host for profile photos (an unsigned-upload endpoint, e.g.
   * https://api.cloudinary.com/v1_1/<cloud>/image/upload). Used only together with VITE_IMAGE_HOST_PRESET;
   * otherwise photos go to this server's POST /api/uploads.
   */
  readonly VITE_IMAGE_HOST_URL?: string;
  /** The unsigned upload preset sent as `upload_preset` to VITE_IMAGE_HOST_URL. */
  readonly VITE_IMAGE_HOST_PRESET?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
