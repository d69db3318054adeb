import type { CsvDelimiter, CsvEncoding, ImportErrorsAnswer, RecordImportChecker, RecordImportRow } from '@inventory/contract';
import { NotInEncoding, openCsv, readInBatches } from './csv-read';
import { ROWS_PER_LOOKUP } from './parse';

/** A checked row with the record its match key names in the store (undefined: a new record). */
export type MatchedRecordRow<V> = RecordImportRow<V> & { id: string | undefined };

export type RecordParseOutcome =
  | { ok: true; rows: number; updates: number; encoding: CsvEncoding; delimiter: CsvDelimiter }
  | ({ ok: false } & ImportErrorsAnswer);

export interface RecordParseOptions<V> {
  file: string;
  checker: RecordImportChecker<V>;
  /** The store's records whose match keys are these: key to id. */
  existingAmong: (keys: string[]) => Promise<ReadonlyMap<string, string>>;
  /** Each batch of valid rows, matched, while every row so far is valid; none once one fails. */
  onRows: (rows: MatchedRecordRow<V>[]) => Promise<void>;
}

/**
 * A file of a store's records (customers, suppliers), read as the catalogue's import reads a file (csv-read.ts) and
 * checked by the contract's record import checker, a batch of ROWS_PER_LOOKUP records at a time after one lookup of
 * the keys they name; each batch of valid rows goes to `onRows` (the write, in its transaction) while no row has
 * failed, and every row is still checked after one does, so the answer lists the errors of the whole file.
 */
export async function parseRecordImport<V>(options: RecordParseOptions<V>): Promise<RecordParseOutcome> {
  try {
    return await parseFile(options);
  } catch (error) {
    if (error instanceof NotInEncoding) return { ok: false, ...error.answer };
    throw error;
  }
}

async function parseFile<V>({ file, checker, existingAmong, onRows }: RecordParseOptions<V>): Promise<RecordParseOutcome> {
  const csv = await openCsv(file);
  let rows = 0;
  let updates = 0;
  const check = async (batch: string[][]) => {
    const checked = batch.map((record) => checker.record(record)).filter((row): row is RecordImportRow<V> => row !== null);
    if (checker.failed) return;
    const known = await existingAmong([...new Set(checked.map((row) => row.matchKey).filter((key): key is string => key !== null))]);
    const matched = checked.map((row) => ({ ...row, id: row.matchKey === null ? undefined : known.get(row.matchKey) }));
    rows += matched.length;
    updates += matched.filter((row) => row.id !== undefined).length;
    if (matched.length > 0) await onRows(matched);
  };
  const headerProblem = await readInBatches(csv.records, ROWS_PER_LOOKUP, (record) => checker.header(record), check);
  if (headerProblem) return { ok: false, ...headerProblem };
  const malformed = csv.malformed();
  if (malformed) return { ok: false, ...checker.malformed(malformed.message, malformed.row) };
  const problem = checker.finish();
  return problem ? { ok: false, ...problem } : { ok: true, rows, updates, encoding: csv.encoding, delimiter: csv.delimiter };
}
