import type { ReactNode } from 'react';
import { formatMoney, itemValue } from './money';

export interface ItemFactsProps {
  item: { name: string; sku: string; category: string; price: number | string; quantity: number | string };
  /** 'Total Value' on an order, 'Total Stock Value' on a product. */
  valueLabel: string;
  /** More rows after the standard ones (e.g. the product's dates). */
  children?: ReactNode;
}

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2 border-b border-line py-2 last:border-b-0">
      <dt className="font-semibold text-ink">{label}:</dt>
      <dd className="m-0 text-ink">{children}</dd>
    </div>
  );
}

/** Name, SKU, category, price, quantity and total value of a product or an order, as a description list. */
export function ItemFacts({ item, valueLabel, children }: ItemFactsProps) {
  return (
    <dl className="m-0 flex flex-col">
      <Fact label="Name">{item.name}</Fact>
      <Fact label="SKU">{item.sku}</Fact>
      <Fact label="Category">{item.category}</Fact>
      <Fact label="Price">{formatMoney(item.price)}</Fact>
      <Fact label="Quantity">{item.quantity}</Fact>
      <Fact label={valueLabel}>{formatMoney(itemValue(item))}</Fact>
      {children}
    </dl>
  );
}
