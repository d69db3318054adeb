import type { ImportCheck, ImportMapping, ImportResult, NumberFormat } from '@inventory/contract/rules';
import { apiClient } from '../../api/client';

/**
 * `POST /api/products/import?numberFormat=…[&dryRun=1]`: the file as multipart `file` and the mapping as the JSON
 * `mapping` part; the number format the user confirmed. A dry run answers how the file was read too (ImportCheck).
 * `onUploadProgress` gets the fraction sent (0–1): axios reports the XMLHttpRequest's upload progress in the browser
 * (fetch has none) and the request stream's in node.
 */
export async function importProducts(
  file: Blob,
  fileName: string,
  mapping: ImportMapping,
  { dryRun, numberFormat }: { dryRun: boolean; numberFormat: NumberFormat },
  onUploadProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ImportResult | ImportCheck> {
  const form = new FormData();
  form.append('mapping', JSON.stringify(mapping));
  // The file last: a streaming server reads the mapping before the rows.
  form.append('file', file, fileName);
  const response = await apiClient.post<ImportResult | ImportCheck>('/api/products/import', form, {
    params: dryRun ? { dryRun: 1, numberFormat } : { numberFormat },
    signal,
    onUploadProgress: (event) => {
      if (event.total) onUploadProgress(event.loaded / event.total);
    },
  });
  return response.data;
}
