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

/** The symbology a product's barcode prints as, by its length (`validateBarcode` admits 8, 12, 13 or 14 digits). */
export type ProductSymbology = 'ean8' | 'upca' | 'ean13' | 'itf14';

const SYMBOLOGY_OF_LENGTH: Record<number, ProductSymbology> = { 8: 'ean8', 12: 'upca', 13: 'ean13', 14: 'itf14' };

/** What a screen reader hears a symbology called. */
export const SYMBOLOGY_NAMES: Record<ProductSymbology, string> = {
  ean8: 'EAN-8',
  upca: 'UPC-A',
  ean13: 'EAN-13',
  itf14: 'ITF-14',
};

export function productSymbology(barcode: string): ProductSymbology {
  const symbology = SYMBOLOGY_OF_LENGTH[barcode.length];
  if (!symbology) throw new Error(`No symbology for a barcode of ${barcode.length} digits`);
  return symbology;
}

/**
 * A product's own barcode (docs/decisions/0030-free-skus-barcodes-and-part-numbers.md) as the symbology its length
 * is: EAN-8, UPC-A or EAN-13 as on the box, with its digits under the bars (BWIPP places them as GS1 prescribes, the
 * first digit outside the bars).
 *
 * A GTIN-14 prints as ITF-14, not GS1-128: an ITF-14 reads back as the 14 digits themselves, so every scanner (a
 * keyboard wedge, BarcodeDetector's `itf`, ZXing's ITF reader) hands the app the very code the product stores and the
 * search finds; a GS1-128 reads back as "(01)" plus the GTIN (or "01…" with an FNC1 prefix), which would need
 * unwrapping by every reader. ITF-14 is also what GS1 specifies for a GTIN-14 on cartons, and BWIPP draws it with
 * its bearer bars, which keep a partial scan from reading as a shorter code. The check digit is the product's own
 * (validated), so BWIPP is not asked to add one.
 */
export function productBarcodeOptions(barcode: string): RenderOptions {
  const symbology = productSymbology(barcode);
  const common = { text: barcode, scale: 2, includetext: true, textsize: 8 };
  if (symbology === 'itf14') {
    // ITF-14's quiet zone is 10 modules, inside its bearer box; the box's own width is part of the symbol.
    return { ...common, bcid: 'itf14', height: 8, textxalign: 'center', paddingwidth: 2, paddingheight: 1 };
  }
  // EAN/UPC: the digits under the bars. On EAN-13 and EAN-8 `guardwhitespace` draws GS1's quiet-zone marks ("<" ">")
  // so nothing is printed into the quiet zone; UPC-A prints its check digit there instead (the mark would cover it).
  const guardwhitespace = symbology !== 'upca';
  return { ...common, bcid: symbology, height: 9, guardwhitespace, paddingwidth: 2, paddingheight: 1 };
}
