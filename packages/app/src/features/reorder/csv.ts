/**
 * CSV for spreadsheets (RFC 4180), safe against formula injection: a cell starting with =, +, -, @, a tab or a carriage
 * return is prefixed with a single quote (OWASP "CSV Injection"), then every cell is quoted with its quotes doubled.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}
