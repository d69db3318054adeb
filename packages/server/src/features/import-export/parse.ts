import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  createCsvDecoder,
  createDuplicateReport,
  createImportChecker,
  CSV_ENCODING_LABELS,
  type CsvDelimiter,
  type CsvEncoding,
  csvParseProblem,
  csvSyntaxMessage,
  detectDelimiter,
  detectEncoding,
  encodingFromBom,
  IMPORT_MESSAGES,
  invalidUtf8Line,
  type ImportErrorsAnswer,
  type ImportMapping,
  type NumberedImportRow,
  type LikelyDuplicate,
  identityKeys,
  matchImportRow,
  nameMatchKey,
  type NumberFormat,
  skuMatchKey,
} from '@inventory/contract';
import { CsvError, parse } from 'csv-parse';

/** A valid row as the write takes it: the checked row (contract ImportRow), its description sanitized. */
export type ParsedRow = NumberedImportRow;

/**
 * `rows`: how many rows the file has; `updates`: how many of them name a product of the store by its SKU; how the file
 * was read; and, when asked for, the new rows whose name a product of the store has.
 */
export type ParseOutcome =
  | {
      ok: true;
      rows: number;
      updates: number;
      encoding: CsvEncoding;
      delimiter: CsvDelimiter;
      likelyDuplicates: LikelyDuplicate[];
      likelyDuplicateCount: number;
    }
  | ({ ok: false } & ImportErrorsAnswer);

export interface ParseOptions {
  file: string;
  mapping: ImportMapping | null;
  /** How the file writes numbers; null: plain digits with a decimal point. */
  numberFormat: NumberFormat | null;
  /** Which products of the store `keys` (the contract's `identityKeys` of a batch's rows) name: key to product id. */
  existingAmong: (keys: string[]) => Promise<ReadonlyMap<string, string>>;
  /** A dry run's: the store's products whose names match these `nameMatchKey`s (one batch's new rows'). */
  namedAmong?: (keys: string[]) => Promise<{ name: string; sku: string }[]>;
  /** Each batch of valid rows, after the lookup of its SKUs, while every row so far is valid; none once one fails. */
  onRows: (rows: ParsedRow[]) => Promise<void>;
  sanitize: (html: string) => string;
}

/** Records read before their SKUs are looked up in the store, together: memory and lookups both stay small. */
export const ROWS_PER_LOOKUP = 1000;
/** Distinct descriptions whose sanitized form is remembered during one import. */
const SANITIZED_CACHE = 1000;

/** The file's first bytes: its BOM, and its header line. */
async function readHead(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Whether the whole file is valid UTF-8, read as it streams (a fatal decoder). */
async function isUtf8(file: string): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of createReadStream(file)) decoder.decode(chunk as Buffer, { stream: true });
    decoder.decode();
    return true;
  } catch (error) {
    if (error instanceof TypeError) return false;
    throw error;
  }
}

/** A file that does not follow the BOM it starts with: the 422 that refuses it, rather than a guess at its text. */
class NotInEncoding extends Error {
  constructor(readonly answer: ImportErrorsAnswer) {
    super(answer.message);
    this.name = 'NotInEncoding';
  }
}

const notInEncoding = (encoding: CsvEncoding) => {
  const message = IMPORT_MESSAGES.notInEncoding(CSV_ENCODING_LABELS[encoding]);
  return new NotInEncoding({ message, errors: [{ row: 1, column: '', message }] });
};

/**
 * The file's encoding by the contract's rule (csv-encoding.ts): its BOM, else UTF-8 when every byte is, else
 * Windows-1252. A file marked UTF-8 that is not is refused naming its first bad line; UTF-16 is checked as it is
 * decoded. Never a replacement character the user did not type.
 */
async function encodingOf(file: string, head: Buffer): Promise<CsvEncoding> {
  const bom = encodingFromBom(head);
  if (bom === 'utf-16le' || bom === 'utf-16be') return bom;
  const valid = await isUtf8(file);
  if (bom === 'utf-8-bom' && !valid) {
    const line = invalidUtf8Line(await readFile(file)) ?? 1;
    const message = IMPORT_MESSAGES.notUtf8(line);
    throw new NotInEncoding({ message, errors: [{ row: line, column: '', message }] });
  }
  return detectEncoding(head, valid);
}

/** The file as csv-parse reads it: UTF-8 as bytes (csv-parse decodes them itself), any other encoding decoded here. */
function readAs(file: string, encoding: CsvEncoding): Readable {
  const bytes = createReadStream(file);
  if (encoding === 'utf-8' || encoding === 'utf-8-bom') return bytes;
  return Readable.from(
    (async function* decode() {
      const decoder = createCsvDecoder(encoding);
      try {
        for await (const chunk of bytes) yield decoder.write(chunk as Buffer);
        yield decoder.end();
      } catch (error) {
        if (error instanceof TypeError) throw notInEncoding(encoding);
        throw error;
      }
    })(),
  );
}

/** The header line of the file's first bytes, decoded, for the delimiter. */
function headerLine(head: Buffer, encoding: CsvEncoding): string {
  let text: string;
  try {
    text = createCsvDecoder(encoding).write(head);
  } catch {
    throw notInEncoding(encoding);
  }
  return text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
}

/**
 * Stream the file through csv-parse and check every row as it arrives (the contract's import checker: the product
 * form's rules, SKUs unique in the file). Records are checked in batches of ROWS_PER_LOOKUP, after one lookup of the
 * SKUs they name, and each batch of valid rows goes to `onRows` (the write, in its transaction) and is let go, so
 * memory holds one batch whatever the store's size or the file's. Once a row fails, no batch goes on (the caller
 * rolls back what was written) but every row is still checked, so the answer lists the errors of the whole file.
 */
export async function parseImport(options: ParseOptions): Promise<ParseOutcome> {
  try {
    return await parseFile(options);
  } catch (error) {
    if (error instanceof NotInEncoding) return { ok: false, ...error.answer };
    throw error;
  }
}

async function parseFile({
  file,
  mapping,
  numberFormat,
  existingAmong,
  namedAmong,
  onRows,
  sanitize,
}: ParseOptions): Promise<ParseOutcome> {
  const head = await readHead(file);
  const encoding = await encodingOf(file, head);
  const delimiter = detectDelimiter(headerLine(head, encoding));
  const input = readAs(file, encoding);
  const parser = input.pipe(
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
  // A decoding failure ends the records as a parse error would (a pipe does not pass errors on).
  input.on('error', (error) => parser.destroy(error));
  let malformed: CsvError | null = null;
  parser.on('skip', (error: CsvError) => {
    malformed ??= error;
  });
  let known: ReadonlyMap<string, string> = new Map();
  const checker = createImportChecker(mapping, (sku) => known.has(`s:${skuMatchKey(sku)}`), { numberFormat });
  // The products rows matched so far, by id, to the row that did: two rows of a file naming one product (by any of
  // its codes) would be two writes of it.
  const duplicates = createDuplicateReport();
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
    const keys = new Set<string>();
    for (const record of batch) for (const key of identityKeys(checker.codesOf(record))) keys.add(key);
    known = await existingAmong([...keys]);
    const created: { row: number; name: string }[] = [];
    const valid: ParsedRow[] = [];
    for (const record of batch) {
      const row = checker.record(record);
      if (!row || checker.failed) continue;
      // By SKU, then barcode, then part number (the contract's matchImportRow).
      const id = matchImportRow(row, (key) => known.get(key));
      const barcodeHolder = row.barcode ? matchImportRow({ barcode: row.barcode }, (key) => known.get(key)) : undefined;
      if (!checker.claimMatch(row, id, barcodeHolder)) continue;
      rows += 1;
      if (id !== undefined) updates += 1;
      else created.push(row);
      valid.push(row.description === undefined ? row : { ...row, description: clean(row.description) });
    }
    if (checker.failed) return;
    if (namedAmong && created.length > 0)
      duplicates.add(created, await namedAmong([...new Set(created.map((row) => nameMatchKey(row.name)))]));
    if (valid.length > 0) await onRows(valid);
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
    input.destroy();
  }
  // The rows read before the malformed one are checked too, so their errors are listed with it.
  if (malformed) {
    return { ok: false, ...checker.malformed(csvSyntaxMessage(csvParseProblem(malformed.code)), recordsBefore(malformed) + 1) };
  }
  const problem = checker.finish();
  return problem
    ? { ok: false, ...problem }
    : { ok: true, rows, updates, encoding, delimiter, ...duplicates.result };
}

/** How many records (the header included) csv-parse read before the one it refused. */
function recordsBefore(error: CsvError): number {
  return typeof error.records === 'number' ? error.records : 0;
}
