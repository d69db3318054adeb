import Papa from 'papaparse';
import {
  CSV_ENCODING_LABELS,
  decodeCsv,
  detectDelimiter,
  guessMapping,
  guessNumberFormat,
  IMPORT_MESSAGES,
  IMPORT_NUMBER_FIELDS,
  invalidUtf8Line,
  type ImportMapping,
} from '@inventory/contract/rules';
import type { FilePreview } from './importSlice';

/** How many data rows the mapping screen shows. */
export const PREVIEW_ROWS = 5;
/** The preview reads only the start of the file, so a file of any size is previewed at once. */
const PREVIEW_BYTES = 256 * 1024;
/** Rows whose numbers the number format is guessed from (more than are shown: a price list's first rows may be round). */
const GUESS_ROWS = 200;

const CSV_TYPES = new Set(['text/csv', 'application/vnd.ms-excel', 'text/plain', 'application/csv', '']);

/**
 * A .csv name (or .tsv, or .txt: Excel's "Unicode Text" is a tab-separated .txt), or a CSV-like type when the name says
 * nothing (browsers differ in the type they give).
 */
export function looksLikeCsv(file: Pick<File, 'name' | 'type'>): boolean {
  if (/\.(csv|tsv|txt)$/i.test(file.name)) return true;
  return !/\.[a-z0-9]+$/i.test(file.name) && CSV_TYPES.has(file.type);
}

/** The cells of the number columns the mapping reads, for guessing their format. */
function numberCells(headers: string[], rows: string[][], mapping: ImportMapping): string[] {
  const columns = IMPORT_NUMBER_FIELDS.map((field) => mapping[field])
    .filter((header) => header !== undefined)
    .map((header) => headers.indexOf(header));
  return rows.flatMap((row) => columns.map((column) => row[column] ?? ''));
}

/**
 * The header and the first rows of a CSV file, as the server will read them: its encoding by the contract's rule
 * (a BOM, else UTF-8 when valid, else Windows-1252), the delimiter the contract detects from the header line, quoted
 * fields with delimiters and newlines; the mapping its headers suggest and the number format its numbers suggest.
 * Throws an Error with the message to show when the file is not a CSV, breaks its BOM or has no header. The import
 * saga loads this module when a file is chosen, so papaparse and the CSV rules stay out of the app's first load.
 */
export async function readPreview(file: File): Promise<FilePreview> {
  if (!looksLikeCsv(file)) throw new Error(IMPORT_MESSAGES.notCsv);
  const truncated = file.size > PREVIEW_BYTES;
  const bytes = new Uint8Array(await file.slice(0, PREVIEW_BYTES).arrayBuffer());
  const { encoding, text } = decodeCsv(bytes, truncated);
  if (text === null)
    throw new Error(
      encoding === 'utf-8-bom'
        ? IMPORT_MESSAGES.notUtf8(invalidUtf8Line(bytes) ?? 1)
        : IMPORT_MESSAGES.notInEncoding(CSV_ENCODING_LABELS[encoding]),
    );
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = detectDelimiter(firstLine);
  const parsed = Papa.parse<string[]>(body, { delimiter, preview: GUESS_ROWS + 2, skipEmptyLines: 'greedy' });
  const [headers, ...rows] = parsed.data;
  if (!headers || headers.every((header) => header.trim() === '')) throw new Error(IMPORT_MESSAGES.emptyFile);
  // The slice may end inside the last row read: drop it unless more rows than read were read after it.
  const complete = truncated && rows.length <= GUESS_ROWS ? rows.slice(0, -1) : rows.slice(0, GUESS_ROWS);
  const guessed = guessMapping(headers);
  return {
    file: { name: file.name, size: file.size },
    headers,
    rows: complete.slice(0, PREVIEW_ROWS),
    guessed,
    encoding,
    delimiter,
    numberFormat: guessNumberFormat(numberCells(headers, complete, guessed)),
  };
}
