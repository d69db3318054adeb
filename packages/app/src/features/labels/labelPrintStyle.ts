import type { LabelLayout } from './labelLayouts';

/**
 * The print CSS of the print view, mounted with it: the paper size with no margins (labels are placed to the
 * millimetre), only the label pages printed (every ancestor of the pages is unboxed, everything beside them hidden:
 * sidebar, header, footer, toolbar), and one sheet per page.
 */
export function labelPrintStyle(layout: LabelLayout): string {
  return `
@page { size: ${layout.page.width}mm ${layout.page.height}mm; margin: 0; }
@media print {
  html, body { height: auto !important; overflow: visible !important; background: #fff !important; }
  *:has([data-label-print]) {
    display: block !important; height: auto !important; min-height: 0 !important; max-height: none !important;
    overflow: visible !important; margin: 0 !important; padding: 0 !important; border: 0 !important;
    box-shadow: none !important; background: #fff !important;
  }
  *:has([data-label-print]) > :not(:has([data-label-print])):not([data-label-print]) { display: none !important; }
  [data-label-print], [data-label-print] > div { overflow: visible !important; display: block !important; }
  [data-label-page] { box-shadow: none !important; break-after: page; print-color-adjust: exact; }
  [data-label-page]:last-child { break-after: auto; }
}`;
}
