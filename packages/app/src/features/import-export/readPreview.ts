import Papa from 'papaparse';
import { detectDelimiter, guessMapping, IMPORT_MESSAGES } from '@inventory/contract/rules';
import type { FilePreview } from './importSlice';

/** How many data rows the mapping screen shows. */
export const PREVIEW_ROWS = 5;
/** The preview reads only the start of the file, so a file of any size is previewed at once. */
const PREVIEW_BYTES = 256 * 1024;

const CSV_TYPES = new Set(['text/csv', 'application/vnd.ms-excel', 'text/plain', 'application/csv', '']);

/** A .csv name, or a CSV-like type when the name says nothing (browsers differ in the type they give). */
export function looksLikeCsv(file: Pick<File, 'name' | 'type'>): boolean {
  if (/\.csv$/i.test(file.name)) return true;
  return !/\.[a-z0-9]+$/i.test(file.name) && CSV_TYPES.has(file.type);
}

/**
 * The header and the first rows of a CSV file, as the server will read them: UTF-8 with or without a BOM, the
 * delimiter the contract detects from the header line, quoted fields with commas and newlines; and the mapping its
 * headers suggest. Throws an Error with the message to show when the file is not a CSV or has no header. The import
 * saga loads this module when a file is chosen, so papaparse and the CSV rules stay out of the app's first load.
 */
export async function readPreview(file: File): Promise<FilePreview> {
  if (!looksLikeCsv(file)) throw new Error(IMPORT_MESSAGES.notCsv);
  const truncated = file.size > PREVIEW_BYTES;
  const text = (await file.slice(0, PREVIEW_BYTES).text()).replace(/^\uFEFF/, '');
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const parsed = Papa.parse<string[]>(text, {
    delimiter: detectDelimiter(firstLine),
    preview: PREVIEW_ROWS + 2,
    skipEmptyLines: 'greedy',
  });
  const [headers, ...rows] = parsed.data;
  if (!headers || headers.every((header) => header.trim() === '')) throw new Error(IMPORT_MESSAGES.emptyFile);
  // The slice may end inside the last row read: drop it unless more rows than shown were read after it.
  const complete = truncated && rows.length <= PREVIEW_ROWS ? rows.slice(0, -1) : rows;
  return {
    file: { name: file.name, size: file.size },
    headers,
    rows: complete.slice(0, PREVIEW_ROWS),
    guessed: guessMapping(headers),
  };
}
