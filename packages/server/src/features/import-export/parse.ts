import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import {
  createImportChecker,
  detectDelimiter,
  type ImportErrorsAnswer,
  type ImportMapping,
  toCents,
} from '@inventory/contract';
import { CsvError, parse } from 'csv-parse';

/** A valid row, as compact as it can be held until the write: what the database takes, nothing of the raw text. */
export interface ParsedRow {
  /** Its row number as a spreadsheet shows it (header: 1). */
  row: number;
  sku: string | undefined;
  name: string;
  category: string;
  priceCents: number;
  quantity: number;
  reorderPoint: number | null | undefined;
  /** Sanitized; undefined when the column is not mapped. */
  description: string | undefined;
}

export type ParseOutcome = { ok: true; rows: ParsedRow[] } | ({ ok: false } & ImportErrorsAnswer);

export interface ParseOptions {
  file: string;
  mapping: ImportMapping | null;
  /** Whether a SKU names a product of the store already. */
  existing: (sku: string) => boolean;
  sanitize: (html: string) => string;
}

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
 * Stream the file through csv-parse and check every row as it arrives (the contract's import checker: the product
 * form's rules, SKUs unique in the file). Valid rows are kept compact; once a row fails, rows are no longer kept
 * (nothing will be written) but every row is still checked, so the answer lists the errors of the whole file.
 */
export async function parseImport({ file, mapping, existing, sanitize }: ParseOptions): Promise<ParseOutcome> {
  const delimiter = detectDelimiter(await headerLine(file));
  const parser = createReadStream(file).pipe(
    parse({
      bom: true,
      delimiter,
      relax_column_count: true,
      skip_empty_lines: false,
      max_record_size: 8 * 1024 * 1024,
    }),
  );
  const checker = createImportChecker(mapping, existing);
  const rows: ParsedRow[] = [];
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
  let header = true;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (header) {
        header = false;
        const problem = checker.header(record);
        if (problem) return { ok: false, ...problem };
        continue;
      }
      const row = checker.record(record);
      if (!row || checker.failed) continue;
      rows.push({
        row: row.row,
        sku: row.sku,
        name: row.name,
        category: row.category,
        priceCents: toCents(row.price),
        quantity: row.quantity,
        reorderPoint: row.reorderPoint,
        description: row.description === undefined ? undefined : clean(row.description),
      });
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    return { ok: false, ...checker.malformed(error.message) };
  } finally {
    parser.destroy();
  }
  const problem = checker.finish();
  return problem ? { ok: false, ...problem } : { ok: true, rows };
}
