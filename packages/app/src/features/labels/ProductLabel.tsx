import { useMemo } from 'react';
import type { Product } from '@inventory/contract/rules';
import { formatMoney } from '../../catalogue/money';
import { Barcode } from './Barcode';
import { code128Options, productBarcodeOptions, productSymbology, qrOptions, SYMBOLOGY_NAMES } from './labelBarcode';
import type { LabelLayout } from './labelLayouts';

export interface ProductLabelProps {
  product: Pick<Product, '_id' | 'name' | 'sku' | 'price' | 'barcode'>;
  layout: LabelLayout;
}

/**
 * One label: the name (two lines at most, cut with an ellipsis; the whole name is its title) and the price beside the
 * SKU's QR code, and under them across the label the product's own barcode when it has one (EAN-13, UPC-A, EAN-8 or
 * ITF-14, its digits under it; the SKU then printed as text beside the price), else the SKU's Code 128 barcode with
 * the SKU printed under it. Sized in millimetres from the layout.
 */
export function ProductLabel({ product, layout }: ProductLabelProps) {
  const { width, height } = layout.label;
  const barcode = product.barcode ?? null;
  const bars = useMemo(
    () => (barcode ? productBarcodeOptions(barcode) : code128Options(product.sku)),
    [barcode, product.sku],
  );
  const barsLabel = barcode
    ? `${SYMBOLOGY_NAMES[productSymbology(barcode)]} barcode ${barcode}`
    : `Code 128 barcode of ${product.sku}`;
  const qr = useMemo(() => qrOptions(product.sku), [product.sku]);
  const padding = height * 0.05;
  const qrSize = height * 0.46;
  return (
    <article
      aria-label={`Label of ${product.name}`}
      data-label
      className="box-border grid overflow-hidden bg-white text-black"
      style={{
        width: `${width}mm`,
        height: `${height}mm`,
        padding: `${padding}mm ${padding * 1.5}mm`,
        gridTemplateColumns: `minmax(0, 1fr) ${qrSize}mm`,
        gridTemplateRows: `${qrSize}mm minmax(0, 1fr)`,
        gap: `${padding / 2}mm ${padding}mm`,
      }}
    >
      <div className="flex min-w-0 flex-col justify-between">
        <p
          title={product.name}
          className="m-0 line-clamp-2 leading-tight font-semibold break-words"
          style={{ fontSize: `${height * 0.27}pt` }}
        >
          {product.name}
        </p>
        <div>
          {barcode ? (
            <p className="m-0 truncate leading-tight" title={product.sku} style={{ fontSize: `${height * 0.2}pt` }}>
              SKU {product.sku}
            </p>
          ) : null}
          <p className="m-0 leading-tight font-bold" style={{ fontSize: `${height * 0.36}pt` }}>
            {formatMoney(product.price)}
          </p>
        </div>
      </div>
      <Barcode
        options={qr}
        label={`QR code of ${product.sku}`}
        style={{ width: `${qrSize}mm`, height: `${qrSize}mm` }}
      />
      <Barcode options={bars} label={barsLabel} className="col-span-2 min-h-0" />
    </article>
  );
}
