import {
  IMPORT_FIELDS,
  IMPORT_NUMBER_FIELDS,
  type ImportField,
  type ImportMapping,
  normalizeNumber,
  type NumberFormat,
  rowCells,
} from '@inventory/contract/rules';

export interface PreviewTableProps {
  headers: string[];
  rows: string[][];
  mapping: ImportMapping;
  /** How the file writes numbers: number cells are shown as they will be read under it. */
  numberFormat: NumberFormat;
}

const NUMBER_FIELDS: ReadonlySet<ImportField> = new Set(IMPORT_NUMBER_FIELDS);

/** A cell as the import will read it: a number cell under the file's number format, or null when it is not one. */
function readCell(field: ImportField, text: string | undefined, format: NumberFormat): string | null {
  if (text === undefined || !NUMBER_FIELDS.has(field)) return text ?? '';
  return normalizeNumber(text, format);
}

/** The first rows of the file as the mapping reads them: one column per mapped field, cells as they will be saved. */
export function PreviewTable({ headers, rows, mapping, numberFormat }: PreviewTableProps) {
  const fields = IMPORT_FIELDS.filter((field) => mapping[field.key] !== undefined);
  if (rows.length === 0) return <p className="m-0 text-ink-muted">The file has a header row but no rows yet.</p>;
  if (fields.length === 0) return <p className="m-0 text-ink-muted">No column is mapped yet.</p>;
  const records = rows.map((row) =>
    rowCells(Object.fromEntries(headers.map((header, i) => [header, row[i]])), mapping),
  );
  return (
    // Focusable: a wide file scrolls sideways, and keyboard users must be able to scroll it too.
    <div
      tabIndex={0}
      role="region"
      aria-label="Preview of the first rows"
      className="overflow-x-auto rounded-md border border-line"
    >
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">The first rows of the file as they will be imported</caption>
        <thead className="bg-surface-muted">
          <tr>
            {fields.map((field) => (
              <th key={field.key} scope="col" className="px-4 py-3 font-semibold whitespace-nowrap text-ink">
                {field.label}
                <span className="block text-xs font-normal text-ink-muted">from “{mapping[field.key]}”</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {records.map((record, i) => (
            <tr key={i} className="border-t border-line align-top">
              {fields.map((field) => {
                const read = readCell(field.key, record[field.key], numberFormat);
                return read === null ? (
                  <td key={field.key} className="max-w-64 truncate px-4 py-3 text-danger" title={record[field.key]}>
                    {record[field.key]} <span className="text-xs">(not a number in this format)</span>
                  </td>
                ) : (
                  <td key={field.key} className="max-w-64 truncate px-4 py-3" title={record[field.key]}>
                    {read}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
