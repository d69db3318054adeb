import bwip from 'bwip-js/node';
import { PNG } from 'pngjs';
import {
  BarcodeFormat,
  BinaryBitmap,
  Code128Reader,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatOneDReader,
  QRCodeReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { describe, expect, it } from 'vitest';
import { code128Options, productBarcodeOptions, qrOptions } from './labelBarcode';

/** Renders the label's barcode options to PNG (as the label draws them, but as pixels) and reads it back. */
async function decode(options: ReturnType<typeof code128Options>, format: BarcodeFormat): Promise<string> {
  const png = PNG.sync.read(await bwip.toBuffer(options));
  const rgba = new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length);
  // Transparent pixels are the background: read them as white.
  const luminance = new Uint8ClampedArray(png.width * png.height);
  for (let i = 0; i < luminance.length; i += 1) {
    const alpha = rgba[i * 4 + 3]! / 255;
    const grey = (rgba[i * 4]! * 0.299 + rgba[i * 4 + 1]! * 0.587 + rgba[i * 4 + 2]! * 0.114) * alpha;
    luminance[i] = Math.round(grey + 255 * (1 - alpha));
  }
  const source = new RGBLuminanceSource(luminance, png.width, png.height);
  // EAN, UPC and ITF: ZXing's one-dimensional reader told to expect only that format.
  const oneD = () => new MultiFormatOneDReader(new Map([[DecodeHintType.POSSIBLE_FORMATS, [format]]]));
  const reader =
    format === BarcodeFormat.QR_CODE
      ? new QRCodeReader()
      : format === BarcodeFormat.CODE_128
        ? new Code128Reader()
        : oneD();
  const result = reader.decode(
    new BinaryBitmap(new HybridBinarizer(source)),
    new Map([[DecodeHintType.TRY_HARDER, true]]),
  );
  expect(result.getBarcodeFormat()).toBe(format);
  return result.getText();
}

const SKUS = [
  'ABC-123',
  'CAB-USB-C-2M',
  'A B/C.1',
  '1234567890',
  'STO-1732375128000',
  'lower-case-sku',
  'MON-DELL-U2723QE-27IN-4K-IPS-USB-C-HUB',
];

describe('label barcodes', () => {
  it.each(SKUS)('the Code 128 barcode of %j reads back as the SKU', async (sku) => {
    await expect(decode(code128Options(sku), BarcodeFormat.CODE_128)).resolves.toBe(sku);
  });

  it.each(SKUS)('the QR code of %j reads back as the SKU', async (sku) => {
    await expect(decode(qrOptions(sku), BarcodeFormat.QR_CODE)).resolves.toBe(sku);
  });

  it('a different SKU reads back different (the reader does not echo what it is told)', async () => {
    await expect(decode(code128Options('ABC-124'), BarcodeFormat.CODE_128)).resolves.not.toBe('ABC-123');
  });

  it.each([
    ['EAN-13', '4006381333931', BarcodeFormat.EAN_13],
    ['UPC-A', '036000291452', BarcodeFormat.UPC_A],
    ['EAN-8', '96385074', BarcodeFormat.EAN_8],
    ['GTIN-14 as ITF-14', '10012345678902', BarcodeFormat.ITF],
  ])("a product's %s barcode prints as that symbology and reads back as its digits", async (_kind, barcode, format) => {
    await expect(decode(productBarcodeOptions(barcode), format)).resolves.toBe(barcode);
  });
});
