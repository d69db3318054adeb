import Papa from 'papaparse';
import { neutralizeCell, type ImportError } from '@inventory/contract/rules';

/** The import's errors as a CSV a spreadsheet opens safely: the file's own texts are neutralized (OWASP). */
export function errorsCsv(errors: readonly ImportError[]): string {
  return Papa.unparse({
    fields: ['Row', 'Column', 'Message'],
    data: errors.map((error) => [String(error.row), neutralizeCell(error.column), neutralizeCell(error.message)]),
  });
}

/** The errors' file name after the imported file's: `stock.csv` → `stock-errors.csv`. */
export function errorsFileName(fileName: string): string {
  return `${fileName.replace(/\.csv$/i, '') || 'import'}-errors.csv`;
}

/** Saves text as a file download in the browser. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
