import { buttonVariants } from '@inventory/ui';
import { ChevronDown, Download, Upload } from 'lucide-react';
import { Link } from 'react-router-dom';
import { apiClient } from '../api/client';
import { selectOffers } from '../membership/selectors';
import { useAppSelector } from '../store/hooks';
import { browserTimeZone } from './timeZone';

export type CsvExport = 'products' | 'orders' | 'movements' | 'customers' | 'suppliers';

/**
 * `GET /api/<what>/export?timeZone=<the browser's>` on the API's origin (the app's own unless VITE_API_BASE says
 * otherwise): the file's local-time columns and its name's date are the user's own (contract csv-export.ts).
 */
export function exportUrl(what: CsvExport, timeZone: string | null = browserTimeZone()): string {
  const path = `${apiClient.defaults.baseURL ?? ''}/api/${what}/export`;
  return timeZone ? `${path}?timeZone=${encodeURIComponent(timeZone)}` : path;
}

export interface ExportCsvLinkProps {
  what: CsvExport;
  /** Default 'Export CSV'. */
  label?: string;
}

/**
 * A plain link to the server's streamed CSV: the browser saves it straight to disk (any size, the session cookie
 * goes with it) and its name comes from the answer's Content-Disposition.
 */
export function ExportCsvLink({ what, label = 'Export CSV' }: ExportCsvLinkProps) {
  return (
    <a href={exportUrl(what)} download className={buttonVariants({ variant: 'secondary' })}>
      <Download aria-hidden="true" className="size-4" />
      {label}
    </a>
  );
}

/** Import CSV, for roles that may add products. */
export function ImportCsvLink() {
  const canCreate = useAppSelector(selectOffers('catalogue:create'));
  if (!canCreate) return null;
  return (
    <Link to="/products/import" className={buttonVariants({ variant: 'secondary' })}>
      <Upload aria-hidden="true" className="size-4" />
      Import CSV
    </Link>
  );
}

function CatalogueCsvLinks() {
  return (
    <>
      <ImportCsvLink />
      <ExportCsvLink what="products" label="Export products" />
      <ExportCsvLink what="movements" label="Export stock movements" />
    </>
  );
}

/**
 * The dashboard's CSV actions: import products, export products, export every stock movement. They are secondary, so
 * on a phone they fold into one "Import & export" menu and the figures and rows come first.
 */
export function CatalogueCsvActions() {
  return (
    <>
      <div className="contents max-sm:hidden">
        <CatalogueCsvLinks />
      </div>
      <details className="group relative sm:hidden">
        <summary className={buttonVariants({ variant: 'secondary', className: 'list-none [&::-webkit-details-marker]:hidden' })}>
          Import &amp; export
          <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
        </summary>
        <div className="absolute left-0 z-30 mt-1 flex w-max flex-col gap-2 rounded-lg border border-line bg-surface p-2 shadow-overlay">
          <CatalogueCsvLinks />
        </div>
      </details>
    </>
  );
}
