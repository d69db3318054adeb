import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import {
  createImportChecker,
  csvParseProblem,
  csvSyntaxMessage,
  detectDelimiter,
  IMPORT_MESSAGES,
  invalidUtf8Line,
  type ImportErrorsAnswer,
  type ImportMapping,
  type NumberedImportRow,
} from '@inventory/contract';
import { CsvError, parse } from 'csv-parse';

/** A valid row as the write takes it: the checked row (contract ImportRow), its description sanitized. */
export type ParsedRow = NumberedImportRow;

/** `rows`: how many rows the file has; `updates`: how many of them name a product of the store by its SKU. */
export type ParseOutcome = { ok: true; rows: number; updates: number } | ({ ok: false } & ImportErrorsAnswer);

export interface ParseOptions {
  file: string;
  mapping: ImportMapping | null;
  /** Which of these SKUs (one batch's, at most ROWS_PER_LOOKUP) name a product of the store already. */
  existingAmong: (skus: string[]) => Promise<ReadonlySet<string>>;
  /** Each batch of valid rows, after the lookup of its SKUs, while every row so far is valid; none once one fails. */
  onRows: (rows: ParsedRow[]) => Promise<void>;
  sanitize: (html: string) => string;
}

/** Records read before their SKUs are looked up in the store, together: memory and lookups both stay small. */
export const ROWS_PER_LOOKUP = 1000;
/** Distinct descriptions whose sanitized form is remembered during one import. */
const SANITIZED_CACHE = 1000;

/** The first line of the file (BOM stripped), for the delimiter. */
async function headerLine(file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const text = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    return text.split(/\r?\n/, 1)[0] ?? '';
  } finally {
    await handle.close();
  }
}

/**
 * The file's 422 answer when it is not UTF-8 text, or null: read once as it streams (a fatal decoder), and only when
 * that fails again whole, to name the line (the contract's rule). Never a replacement character the user did not type.
 */
export async function notUtf8(file: string): Promise<ImportErrorsAnswer | null> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(file)) decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return null;
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
  }
  const line = invalidUtf8Line(await readFile(file)) ?? 1;
  const message = IMPORT_MESSAGES.notUtf8(line);
  return { message, errors: [{ row: line, column: '', message }] };
}

/**
 * Stream the file through csv-parse and check every row as it arrives (the contract's import checker: the product
 * form's rules, SKUs unique in the file). Records are checked in batches of ROWS_PER_LOOKUP, after one lookup of the
 * SKUs they name, and each batch of valid rows goes to `onRows` (the write, in its transaction) and is let go, so
 * memory holds one batch whatever the store's size or the file's. Once a row fails, no batch goes on (the caller
 * rolls back what was written) but every row is still checked, so the answer lists the errors of the whole file.
 */
export async function parseImport({
  file,
  mapping,
  existingAmong,
  onRows,
  sanitize,
}: ParseOptions): Promise<ParseOutcome> {
  const delimiter = detectDelimiter(await headerLine(file));
  const parser = createReadStream(file).pipe(
    parse({
      bom: true,
      delimiter,
      // Every record ends where a CRLF, LF or CR does: by default csv-parse takes the first line's ending for the
      // whole file, and a file mixing them read a row into its neighbour's cells (issue 24).
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      skip_empty_lines: false,
      max_record_size: 8 * 1024 * 1024,
      // A thrown error would drop the records parsed before it but not yet read here; a skipped record keeps them.
      skip_records_with_error: true,
    }),
  );
  let malformed: CsvError | null = null;
  parser.on('skip', (error: CsvError) => {
    malformed ??= error;
  });
  let known: ReadonlySet<string> = new Set();
  const checker = createImportChecker(mapping, (sku) => known.has(sku));
  let rows = 0;
  let updates = 0;
  // Sanitizing is the dearest step of a row; catalogues often repeat a description (blank, or boilerplate).
  const sanitized = new Map<string, string>();
  const clean = (html: string) => {
    let result = sanitized.get(html);
    if (result === undefined) {
      result = sanitize(html);
      if (sanitized.size >= SANITIZED_CACHE) sanitized.clear();
      sanitized.set(html, result);
    }
    return result;
  };
  const check = async (batch: string[][]) => {
    const skus = new Set<string>();
    for (const record of batch) {
      const sku = checker.skuOf(record);
      if (sku !== undefined) skus.add(sku);
    }
    known = await existingAmong([...skus]);
    const valid: ParsedRow[] = [];
    for (const record of batch) {
      const row = checker.record(record);
      if (!row || checker.failed) continue;
      rows += 1;
      if (row.sku !== undefined && known.has(row.sku)) updates += 1;
      valid.push(row.description === undefined ? row : { ...row, description: clean(row.description) });
    }
    if (!checker.failed && valid.length > 0) await onRows(valid);
  };
  let header = true;
  let batch: string[][] = [];
  let index = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      // Nothing past the first malformed record is read (the records before it all are).
      if (malformed && index >= recordsBefore(malformed)) break;
      index += 1;
      if (header) {
        header = false;
        const problem = checker.header(record);
        if (problem) return { ok: false, ...problem };
        continue;
      }
      batch.push(record);
      if (batch.length >= ROWS_PER_LOOKUP) {
        await check(batch);
        batch = [];
      }
    }
    await check(batch);
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    malformed ??= error;
    await check(batch);
  } finally {
    parser.destroy();
  }
  // The rows read before the malformed one are checked too, so their errors are listed with it.
  if (malformed) {
    return { ok: false, ...checker.malformed(csvSyntaxMessage(csvParseProblem(malformed.code)), recordsBefore(malformed) + 1) };
  }
  const problem = checker.finish();
  return problem ? { ok: false, ...problem } : { ok: true, rows, updates };
}

/** How many records (the header included) csv-parse read before the one it refused. */
function recordsBefore(error: CsvError): number {
  return typeof error.records === 'number' ? error.records : 0;
}
