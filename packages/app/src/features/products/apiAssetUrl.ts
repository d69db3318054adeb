/**
 * Where the browser loads an uploaded file (`/uploads/<name>`, a product image's filePath): on the API's origin,
 * i.e. prefixed with `VITE_API_BASE` when the API is hosted apart, else the page's own origin. Absolute URLs
 * (http, https, data, blob) pass through.
 */
export function apiAssetUrl(filePath: string, base: string = import.meta.env.VITE_API_BASE ?? ''): string {
  if (!filePath || /^(https?:|data:|blob:)/i.test(filePath) || !filePath.startsWith('/')) return filePath;
  return `${base.replace(/\/+$/, '')}${filePath}`;
}
