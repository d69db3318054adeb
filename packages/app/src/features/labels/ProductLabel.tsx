import { useMemo } from 'react';
import type { Product } from '@inventory/contract/rules';
import { formatMoney } from '../../catalogue/money';
import { Barcode } from './Barcode';
import { code128Options, qrOptions } from './labelBarcode';
import type { LabelLayout } from './labelLayouts';

export interface ProductLabelProps {
  product: Pick<Product, '_id' | 'name' | 'sku' | 'price'>;
  layout: LabelLayout;
}

/**
 * One label: the name (two lines at most, cut with an ellipsis; the whole name is its title) and the price beside the
 * SKU's QR code, and under them the SKU's Code 128 barcode across the label with the SKU printed under it. Sized in
 * millimetres from the layout.
 */
export function ProductLabel({ product, layout }: ProductLabelProps) {
  const { width, height } = layout.label;
  const code128 = useMemo(() => code128Options(product.sku), [product.sku]);
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
        <p className="m-0 leading-tight font-bold" style={{ fontSize: `${height * 0.36}pt` }}>
          {formatMoney(product.price)}
        </p>
      </div>
      <Barcode
        options={qr}
        label={`QR code of ${product.sku}`}
        style={{ width: `${qrSize}mm`, height: `${qrSize}mm` }}
      />
      <Barcode options={code128} label={`Code 128 barcode of ${product.sku}`} className="col-span-2 min-h-0" />
    </article>
  );
}
