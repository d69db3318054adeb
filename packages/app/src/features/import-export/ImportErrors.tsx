import type { ImportError } from '@inventory/contract/rules';
import { Button } from '@inventory/ui';
import { Download, TriangleAlert } from 'lucide-react';

export interface ImportErrorsProps {
  message: string;
  errors: ImportError[];
  onDownload: () => void;
}

/** The server's 422: why nothing was imported, each failing cell by row and column, and the list as a CSV. */
export function ImportErrors({ message, errors, onDownload }: ImportErrorsProps) {
  return (
    <div className="flex flex-col gap-4">
      <div role="alert" className="flex items-start gap-2 rounded-md bg-danger-soft px-4 py-3 text-ink">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
        <p className="m-0">
          <span className="font-semibold">{message}</span> Fix these rows in the file and check it again; the file and
          the columns you chose stay as they are.
        </p>
      </div>
      {errors.length > 0 ? (
        <>
          <div
            tabIndex={0}
            role="region"
            aria-label="Import errors"
            className="max-h-96 overflow-auto rounded-md border border-line"
          >
            <table className="w-full border-collapse text-left text-sm">
              <caption className="sr-only">Rows that cannot be imported</caption>
              <thead className="sticky top-0 bg-surface-muted">
                <tr>
                  <th scope="col" className="px-4 py-3 text-right font-semibold text-ink">
                    Row
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold text-ink">
                    Column
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold text-ink">
                    Message
                  </th>
                </tr>
              </thead>
              <tbody>
                {errors.map((error, i) => (
                  <tr key={i} className="border-t border-line">
                    <td className="px-4 py-3 text-right tabular-nums">{error.row}</td>
                    <td className="px-4 py-3">{error.column}</td>
                    <td className="px-4 py-3">{error.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div>
            <Button variant="secondary" onClick={onDownload}>
              <Download aria-hidden="true" className="size-4" />
              Download errors (CSV)
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
}
