import { IMPORT_MAX_ERRORS, IMPORT_MESSAGES, restoreCell } from './csv';
import { mappingProblem } from './import-checker';
import { guessColumns } from './import-headers';
import type { ImportError, ImportErrorsAnswer } from './schemas/csv';

/**
 * A CSV import of a store's records (customers, suppliers) by the catalogue import's rules: the header row mapped by
 * guessColumns and checked by mappingProblem (a required column, only the file's columns, each once), each data row
 * checked by the record form's rules, two rows naming one record (by its match key: a customer's email, a supplier's
 * name) refused, blank rows skipped, cells past the header refused, errors kept up to IMPORT_MAX_ERRORS and all
 * counted, the catalogue import's 422 answer. A row whose match key names a record of the store updates it; any other
 * is a new record. The server (csv-parse) and the mocks (papaparse) feed it records one by one.
 */
export interface RecordImportDeclaration<K extends string, V> {
  /** The columns a file may map, in the form's order. */
  fields: readonly { key: K; label: string; required: boolean }[];
  /** The names other tools give each column (import-headers.ts compares them as normalizeHeader does). */
  synonyms: Partial<Record<K, readonly string[]>>;
  /** A row's mapped cells by the form's rules: an error per failing field, or the values as kept. */
  check(cells: Partial<Record<K, string>>): { errors: Partial<Record<K, string>> } | { values: V };
  /** The field whose key names the record a row updates, and that key of a row's values (null: none, a new one). */
  match: { field: K; keyOf(values: V): string | null; duplicate(row: number): string };
}

/** Our field → the file's header that fills it. Fields left out keep their value on an update. */
export type RecordImportMapping<K extends string> = Partial<Record<K, string>>;

/** A checked row: the fields its file maps, as kept, with its row number and the key of the record it names. */
export interface RecordImportRow<V> {
  row: number;
  values: V;
  matchKey: string | null;
}

export function createRecordImportChecker<K extends string, V>(declaration: RecordImportDeclaration<K, V>, given: RecordImportMapping<K> | null) {
  const keys = declaration.fields.map((field) => field.key);
  const labelOf = (key: K) => declaration.fields.find((field) => field.key === key)!.label;
  const errors: ImportError[] = [];
  let errorCount = 0;
  let rowNumber = 0;
  let columns = 0;
  let headerSeen = false;
  let headerProblem: ImportErrorsAnswer | null = null;
  let mapping: RecordImportMapping<K> = {};
  let indexOf: [K, number][] = [];
  const matched = new Map<string, number>();
  const fail = (error: ImportError) => {
    errorCount += 1;
    if (errors.length < IMPORT_MAX_ERRORS) errors.push(error);
  };
  const column = (key: K) => mapping[key] ?? labelOf(key);

  return {
    /** The header row; an answer for 422 when the mapping does not fit it. */
    header(headers: readonly string[]): ImportErrorsAnswer | null {
      rowNumber = 1;
      headerSeen = true;
      columns = headers.length;
      mapping = given ?? guessColumns(declaration.fields, declaration.synonyms, headers);
      indexOf = keys.filter((key) => mapping[key] !== undefined).map((key) => [key, headers.indexOf(mapping[key]!)]);
      headerProblem = mappingProblem(declaration.fields, mapping, headers, given !== null);
      return headerProblem;
    },

    /** The mapping the header row settled on (given, or guessed). */
    get mapping(): RecordImportMapping<K> {
      return mapping;
    },

    /** The next data row: the checked row, or null (blank, or failing: its errors are recorded). */
    record(record: readonly string[]): RecordImportRow<V> | null {
      rowNumber += 1;
      if (record.every((cell) => cell.trim() === '')) return null;
      const extra = record.findIndex((cell, index) => index >= columns && cell.trim() !== '');
      if (extra !== -1) {
        fail({ row: rowNumber, column: `Column ${extra + 1}`, message: IMPORT_MESSAGES.extraCells(columns) });
        return null;
      }
      const cells: Partial<Record<K, string>> = {};
      for (const [key, index] of indexOf) cells[key] = restoreCell(record[index] ?? '');
      const checked = declaration.check(cells);
      if ('errors' in checked) {
        for (const key of keys) if (checked.errors[key] !== undefined) fail({ row: rowNumber, column: column(key), message: checked.errors[key]! });
        return null;
      }
      const matchKey = declaration.match.keyOf(checked.values);
      if (matchKey !== null) {
        // Two rows of one file naming one record would be two writes of it.
        const first = matched.get(matchKey);
        if (first !== undefined) {
          fail({ row: rowNumber, column: column(declaration.match.field), message: declaration.match.duplicate(first) });
          return null;
        }
        matched.set(matchKey, rowNumber);
      }
      return { row: rowNumber, values: checked.values, matchKey };
    },

    /** Whether any row failed so far (then nothing will be written). */
    get failed(): boolean {
      return errorCount > 0 || headerProblem !== null;
    },

    /** The file could not be read as CSV at `row` (default: the one after the rows seen). */
    malformed(detail: string, row = rowNumber + 1): ImportErrorsAnswer {
      const message = IMPORT_MESSAGES.malformed(detail);
      return { message, errors: [...errors.slice(0, IMPORT_MAX_ERRORS - 1), { row, column: '', message }] };
    },

    /** After the last record: the 422 answer, or null when every row passed. */
    finish(): ImportErrorsAnswer | null {
      if (headerProblem) return headerProblem;
      if (!headerSeen) return { message: IMPORT_MESSAGES.emptyFile, errors: [{ row: 1, column: '', message: IMPORT_MESSAGES.emptyFile }] };
      if (errorCount > 0) return { message: IMPORT_MESSAGES.rowErrors(errorCount, errors.length), errors };
      return null;
    },
  };
}

export type RecordImportChecker<V> = {
  header(headers: readonly string[]): ImportErrorsAnswer | null;
  record(record: readonly string[]): RecordImportRow<V> | null;
  readonly failed: boolean;
  malformed(detail: string, row?: number): ImportErrorsAnswer;
  finish(): ImportErrorsAnswer | null;
};
