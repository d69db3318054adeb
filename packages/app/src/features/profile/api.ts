import type { UploadResponse } from '@inventory/contract/rules';
import { apiClient } from '../../api/client';

/** A third-party image host taking unsigned uploads, configured at build time. */
export interface ImageHost {
  url: string;
  preset: string;
}

/** The configured image host, or null: both VITE_IMAGE_HOST_URL and VITE_IMAGE_HOST_PRESET must be set. */
export function imageHost(): ImageHost | null {
  const url = import.meta.env.VITE_IMAGE_HOST_URL?.trim();
  const preset = import.meta.env.VITE_IMAGE_HOST_PRESET?.trim();
  return url && preset ? { url, preset } : null;
}

/** What an image host answers; the photo is `secure_url`, else `url`. */
interface HostUploadResponse {
  secure_url?: unknown;
  url?: unknown;
}

function photoUrlOf(data: HostUploadResponse): string {
  const url = typeof data.secure_url === 'string' ? data.secure_url : data.url;
  if (typeof url !== 'string' || url === '') throw new Error('The image host answered without a url');
  return url;
}

/**
 * Uploads a profile photo and returns its URL. Multipart with one `file` part: to the configured image
 * host (plus `upload_preset`, no credentials: the host is another site), else to this server's POST /api/uploads,
 * which answers 201 `{url}` (absolute). Only the profile sagas call this.
 */
export async function uploadPhoto(file: File, host: ImageHost | null = imageHost()): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  if (host) {
    form.append('upload_preset', host.preset);
    const { data } = await apiClient.post<HostUploadResponse>(host.url, form, { withCredentials: false });
    return photoUrlOf(data);
  }
  const { data } = await apiClient.post<UploadResponse>('/api/uploads', form);
  return photoUrlOf(data);
}
