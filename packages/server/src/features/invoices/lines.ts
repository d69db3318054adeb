import { type InvoiceLine, type OrderLine, ppmToPercent, SALES_MESSAGES, taxRateOfNewLine } from '@inventory/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db';
import { HttpError } from '../../http/errors';

/** A line as the request schema reads it: the order line, and the rate the request asked for (absent: the default). */
export type RequestedLine = OrderLine & { taxRateRequested?: string | null };

/**
 * The lines of a draft as the invoice keeps them: each product one of the store's (400 otherwise; a line of a product
 * with no description takes the product's name), each rate one of the store's with its name and percent as they are
 * now (absent: the store's default; null: no tax). The invoice keeps the rate as written, so a rate changed or deleted
 * later changes no invoice.
 */
export async function resolveLines(reader: Kysely<Database>, storeId: string, lines: readonly RequestedLine[]): Promise<InvoiceLine[]> {
  const rates = await reader.selectFrom('tax_rates').select(['id', 'name', 'rate_ppm', 'is_default']).where('store_id', '=', storeId).execute();
  const rateById = new Map(rates.map((rate) => [rate.id, { _id: rate.id, name: rate.name, percent: ppmToPercent(rate.rate_ppm) }]));
  const defaultRate = rates.find((rate) => rate.is_default === 1)?.id ?? null;
  const productIds = [...new Set(lines.map((line) => line.productId).filter((id): id is string => id !== null))];
  const products =
    productIds.length === 0
      ? []
      : await reader.selectFrom('products').select(['id', 'name']).where('store_id', '=', storeId).where('id', 'in', productIds).execute();
  const productName = new Map(products.map((product) => [product.id, product.name]));

  return lines.map((line, i) => {
    if (line.productId !== null && !productName.has(line.productId)) throw new HttpError(400, SALES_MESSAGES.onLine(i + 1, SALES_MESSAGES.lineProductInvalid));
    const rateId = taxRateOfNewLine(line.taxRateRequested, defaultRate);
    const taxRate = rateId === null ? null : rateById.get(rateId);
    if (taxRate === undefined) throw new HttpError(400, SALES_MESSAGES.onLine(i + 1, SALES_MESSAGES.lineTaxRateUnknown));
    const description = line.description === '' && line.productId !== null ? productName.get(line.productId)! : line.description;
    return {
      productId: line.productId,
      description,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      discountPercent: line.discountPercent,
      taxRateId: taxRate?._id ?? null,
      taxRate,
    };
  });
}
