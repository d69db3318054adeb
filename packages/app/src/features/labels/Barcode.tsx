import { useMemo, type CSSProperties } from 'react';
import { code128, drawingSVG, ean13, ean8, itf14, qrcode, upca, type RenderOptions } from 'bwip-js/browser';

/**
 * The symbologies a label uses (Code 128 and QR of the SKU; a product's own EAN-13, UPC-A, EAN-8 or ITF-14),
 * imported one by one so the bundle leaves out bwip-js's other hundred.
 */
const ENCODERS = { code128, qrcode, ean13, ean8, upca, itf14 } as const;

function toSVG(options: RenderOptions): string {
  const encode = ENCODERS[options.bcid as keyof typeof ENCODERS];
  if (!encode) throw new Error(`No encoder for ${options.bcid}`);
  return encode(options, drawingSVG());
}

export interface BarcodeProps {
  options: RenderOptions;
  /** What a screen reader hears, e.g. "Code 128 barcode of ABC-123". */
  label: string;
  className?: string;
  style?: CSSProperties;
}

/**
 * A barcode drawn by bwip-js as SVG, so it prints crisp at any printer resolution. The SVG is the library's own
 * output: bars and glyph outlines as paths, with no text of ours in it.
 */
export function Barcode({ options, label, className, style }: BarcodeProps) {
  const svg = useMemo(() => toSVG(options), [options]);
  return (
    <span
      role="img"
      aria-label={label}
      className={`block [&>svg]:h-full [&>svg]:w-full ${className ?? ''}`}
      style={style}
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
