import type { RenderOptions } from 'bwip-js/browser';

/**
 * The barcodes of a label, as bwip-js options. The label draws them (SVG in the browser) and the decode test renders
 * the very same options to PNG in node, so what the test reads back is what the label prints.
 *
 * Code 128 chooses its code sets itself: "-", spaces, "/" and "." are in set B, so a SKU is encoded as typed.
 * `parse` stays off so "^" in a SKU is a character, not an escape.
 */
export function code128Options(sku: string): RenderOptions {
  return {
    bcid: 'code128',
    text: sku,
    scale: 2,
    height: 9,
    includetext: true,
    textxalign: 'center',
    textsize: 8,
    // The quiet zone a scanner needs on each side: 10 modules.
    paddingwidth: 10,
    paddingheight: 1,
  };
}

/** The QR code at BWIPP's default error correction (M, 15 %). */
export function qrOptions(sku: string): RenderOptions {
  return {
    bcid: 'qrcode',
    text: sku,
    scale: 2,
    paddingwidth: 4,
    paddingheight: 4,
  };
}
