import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  createCsvDecoder,
  CSV_ENCODING_LABELS,
  type CsvDelimiter,
  type CsvEncoding,
  csvParseProblem,
  csvSyntaxMessage,
  detectDelimiter,
  detectEncoding,
  encodingFromBom,
  IMPORT_MESSAGES,
  type ImportErrorsAnswer,
  invalidUtf8Line,
} from '@inventory/contract';
import { CsvError, parse } from 'csv-parse';

/**
 * An uploaded CSV file read as every import reads one (docs/decisions/0017-csv-import-export.md, 0029-supplier-files.md):
 * its encoding and delimiter by the contract's rules, its records streamed through csv-parse, the first record it
 * cannot read named by the contract's message and row. The catalogue's import (parse.ts) and the records' imports
 * (record-parse.ts: customers, suppliers) all read through it.
 */

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
export class NotInEncoding extends Error {
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

/** Why a file could not be read as CSV: the contract's message, at the row of the record it could not read. */
export interface CsvMalformed {
  message: string;
  row: number;
}

export interface CsvFile {
  encoding: CsvEncoding;
  delimiter: CsvDelimiter;
  /** The records (the header first), each an array of cells; they end before the first record csv-parse refused. */
  records: AsyncIterable<string[]>;
  /** After the records: the first record that could not be read, or null. */
  malformed(): CsvMalformed | null;
}

/**
 * Open an uploaded CSV file: its encoding (a file that does not follow its BOM throws NotInEncoding, whose answer is
 * the 422) and delimiter, and its records as they stream in. Stopping early (a header refused) closes the file.
 */
export async function openCsv(file: string): Promise<CsvFile> {
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
  async function* records(): AsyncGenerator<string[]> {
    let index = 0;
    try {
      for await (const record of parser as AsyncIterable<string[]>) {
        // Nothing past the first malformed record is read (the records before it all are).
        if (malformed && index >= recordsBefore(malformed)) break;
        index += 1;
        yield record;
      }
    } catch (error) {
      if (!(error instanceof CsvError)) throw error;
      malformed ??= error;
    } finally {
      parser.destroy();
      input.destroy();
    }
  }
  return {
    encoding,
    delimiter,
    records: records(),
    malformed: () =>
      malformed === null ? null : { message: csvSyntaxMessage(csvParseProblem(malformed.code)), row: recordsBefore(malformed) + 1 },
  };
}

/** How many records (the header included) csv-parse read before the one it refused. */
function recordsBefore(error: CsvError): number {
  return typeof error.records === 'number' ? error.records : 0;
}

/**
 * A file's records as an import checks them: the first to `header` (a problem it answers ends the read and is
 * returned), then the others in batches of `size` to `batch`, the last batch whatever its length. Null when the header
 * passed.
 */
export async function readInBatches<Problem>(
  records: AsyncIterable<string[]>,
  size: number,
  header: (record: string[]) => Problem | null,
  batch: (records: string[][]) => Promise<void>,
): Promise<Problem | null> {
  let first = true;
  let pending: string[][] = [];
  for await (const record of records) {
    if (first) {
      first = false;
      const problem = header(record);
      if (problem) return problem;
      continue;
    }
    pending.push(record);
    if (pending.length >= size) {
      await batch(pending);
      pending = [];
    }
  }
  await batch(pending);
  return null;
}
