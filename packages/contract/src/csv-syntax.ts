/**
 * Why a file cannot be read as CSV, in the product's words, whatever parser read it: the server streams with
 * csv-parse and maps its error codes here; the mocks (in the browser too) check the text with `scanCsvSyntax` before
 * papaparse reads it. A malformed file gets the same message, at the same row, from both.
 */
export const CSV_SYNTAX_PROBLEMS = {
  unclosedQuote: 'a quoted value is never closed',
  textAfterQuote: 'a quoted value is followed by text before the next separator',
  quoteInValue: 'a value that does not start with a quote contains one (quote the whole value and double the quote)',
  rowTooLarge: 'a row is larger than 8 MB',
  unreadable: 'the file is not valid CSV',
} as const;
export type CsvSyntaxProblem = keyof typeof CSV_SYNTAX_PROBLEMS;

/** csv-parse's error codes (`CsvError.code`). */
const CSV_PARSE_CODES: Record<string, CsvSyntaxProblem> = {
  CSV_QUOTE_NOT_CLOSED: 'unclosedQuote',
  CSV_INVALID_CLOSING_QUOTE: 'textAfterQuote',
  INVALID_OPENING_QUOTE: 'quoteInValue',
  CSV_MAX_RECORD_SIZE: 'rowTooLarge',
};

/** The problem a csv-parse error code (`CsvError.code`) means; an unknown code: unreadable. */
export function csvParseProblem(code: string): CsvSyntaxProblem {
  return CSV_PARSE_CODES[code] ?? 'unreadable';
}

/**
 * The first syntax problem of a CSV text (RFC 4180 as csv-parse reads it, quotes strict), with the index of the record
 * it is in (0: the header), or null. For parsers that forgive what csv-parse refuses (papaparse reads a quote inside
 * an unquoted value as text): run this first and refuse the file the same way.
 */
export function scanCsvSyntax(text: string, delimiter: string): { problem: CsvSyntaxProblem; record: number } | null {
  let record = 0;
  let fieldStart = true;
  let quoted = false;
  let quotedRecord = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char !== '"') continue;
      if (text[i + 1] === '"') {
        i += 1;
        continue;
      }
      quoted = false;
      const next = text[i + 1];
      if (next !== undefined && next !== '\r' && next !== '\n' && !text.startsWith(delimiter, i + 1)) {
        return { problem: 'textAfterQuote', record };
      }
      fieldStart = false;
    } else if (text.startsWith(delimiter, i)) {
      i += delimiter.length - 1;
      fieldStart = true;
    } else if (char === '\n') {
      record += 1;
      fieldStart = true;
    } else if (char === '"') {
      if (!fieldStart) return { problem: 'quoteInValue', record };
      quoted = true;
      quotedRecord = record;
    } else if (char !== '\r') {
      fieldStart = false;
    }
  }
  return quoted ? { problem: 'unclosedQuote', record: quotedRecord } : null;
}

/** The text of a problem, the detail of the import's "could not be read as CSV" message. */
export function csvSyntaxMessage(problem: CsvSyntaxProblem): string {
  return CSV_SYNTAX_PROBLEMS[problem];
}
