/**
 * What the PDF worker draws (pdf-worker.mjs) for any document of ours (an invoice, a purchase order): every text
 * already formatted by the feature that makes it, by the contract's rules, so the worker only places strings and the
 * figures on the page are the answer's to the cent.
 */
export interface PdfLayout {
  title: string;
  logo: Uint8Array | null;
  /** Who the document is from: top right. */
  seller: string[];
  /** What the addressee block is headed ("Bill to:", "Supplier:"). */
  addresseeLabel: string;
  /** Who it is for, under that heading. */
  addressee: string[];
  /** Label and value pairs beside the addressee (number, dates). */
  facts: [string, string][];
  /** The table's headings; the first column is left-aligned and takes what the others leave. */
  columns: string[];
  /** Each column's width in points (the page's text is 495 wide). */
  widths: number[];
  rows: string[][];
  /** Label and amount pairs under the table; those named in `strong` are bold. */
  totals: [string, string][];
  strong: string[];
  notes: string;
  /** Where to pay ('' for none). */
  payTo: string;
  footer: string;
}

/** The non-blank lines of some texts, each split at its line breaks (an address kept as several lines). */
export const textLines = (...texts: (string | undefined)[]): string[] =>
  texts.flatMap((text) => (text ? text.split('\n') : [])).filter((text) => text.trim() !== '');
