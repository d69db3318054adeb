import {
  CSV_ENCODING_LABELS,
  csvSyntaxMessage,
  decodeCsv,
  detectDelimiter,
  firstIssueMessage,
  IMPORT_MESSAGES,
  type ImportErrorsAnswer,
  invalidUtf8Line,
  looksBinary,
  normalizeLineEndings,
  recordImportQuerySchema,
  type RecordImportChecker,
  type RecordImportRow,
  scanCsvSyntax,
  type CsvDelimiter,
  type CsvEncoding,
} from '@inventory/contract';
import { HttpResponse } from 'msw';
import Papa from 'papaparse';
import { errorResponse, readMultipart } from '../http';
import { CSV_TYPES, mockImportSettings, refusal } from './import-export';

/**
 * A store's records' CSV import in the mocks (customers, suppliers), with the server's rules (features/import-export
 * record-routes.ts): the upload's checks, the file decoded as the server decodes it, and the contract's record import
 * checker over papaparse's records. The handler then writes the rows.
 */
export async function readRecordImport<V, M>(
  request: Request,
  parseMapping: (text: string) => M | null,
  checker: (mapping: M | null) => RecordImportChecker<V>,
): Promise<{ ok: false; response: Response } | { ok: true; dryRun: boolean; rows: RecordImportRow<V>[]; encoding: CsvEncoding; delimiter: CsvDelimiter }> {
  const fail = (response: Response) => ({ ok: false as const, response });
  const query = recordImportQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return fail(errorResponse(400, firstIssueMessage(query.error)));
  const dryRun = query.data.dryRun === '1' || query.data.dryRun === 'true';
  const form = await readMultipart(request);
  if (!form.ok) return fail(form.response);
  const file = form.files.file;
  if (!file) return fail(errorResponse(400, IMPORT_MESSAGES.fileRequired));
  if (file.size > mockImportSettings.maxBytes) return fail(errorResponse(413, IMPORT_MESSAGES.tooLarge(mockImportSettings.maxBytes)));
  if (!CSV_TYPES.has(file.type) && !/\.csv$/i.test(file.name)) return fail(errorResponse(400, IMPORT_MESSAGES.notCsv));
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (looksBinary(bytes)) return fail(errorResponse(400, IMPORT_MESSAGES.notCsv));
  const mappingText = form.fields.mapping;
  const mapping = mappingText === undefined || mappingText.trim() === '' ? null : parseMapping(mappingText);
  if (mappingText !== undefined && mappingText.trim() !== '' && mapping === null) return fail(errorResponse(400, IMPORT_MESSAGES.mappingInvalid));
  const decoded = decodeCsv(bytes);
  if (decoded.text === null)
    return fail(
      decoded.encoding === 'utf-8-bom'
        ? refusal(IMPORT_MESSAGES.notUtf8(invalidUtf8Line(bytes) ?? 1), invalidUtf8Line(bytes) ?? 1)
        : refusal(IMPORT_MESSAGES.notInEncoding(CSV_ENCODING_LABELS[decoded.encoding])),
    );
  const checked = checkFile(decoded.text, checker(mapping));
  if (!checked.ok) return fail(HttpResponse.json(checked.answer, { status: 422 }));
  return { ok: true, dryRun, rows: checked.rows, encoding: decoded.encoding, delimiter: checked.delimiter };
}

/** The rows of a file checked by the record import checker over papaparse's records; a 422 answer when any fails. */
function checkFile<V>(text: string, checker: RecordImportChecker<V>): { ok: false; answer: ImportErrorsAnswer } | { ok: true; rows: RecordImportRow<V>[]; delimiter: CsvDelimiter } {
  const body = normalizeLineEndings(text.replace(/^\uFEFF/, ''));
  const delimiter = detectDelimiter(body.split(/\r?\n/, 1)[0] ?? '');
  const syntax = scanCsvSyntax(body, delimiter);
  const parsed = Papa.parse<string[]>(body, { delimiter, skipEmptyLines: false });
  const rows: RecordImportRow<V>[] = [];
  for (const [index, record] of parsed.data.entries()) {
    if (syntax && index >= syntax.record) return { ok: false, answer: checker.malformed(csvSyntaxMessage(syntax.problem)) };
    if (index === 0) {
      const problem = checker.header(record);
      if (problem) return { ok: false, answer: problem };
      continue;
    }
    const row = checker.record(record);
    if (row) rows.push(row);
  }
  if (syntax) return { ok: false, answer: checker.malformed(csvSyntaxMessage(syntax.problem)) };
  const problem = checker.finish();
  return problem ? { ok: false, answer: problem } : { ok: true, rows, delimiter };
}
