import { type DocumentRate, ppmToPercent, specRowOfLines } from '@inventory/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db';
import { HttpError } from '../../../http/errors';
import type { LineState } from './line-rows';

/**
 * The SPEC.md fields an order of lines shows in every §7 call (the contract's specRowOfLines, 0041), written on its
 * `orders` row in the transaction that changes its lines, so lists, pages, figures and exports read it as any order.
 */
export interface TaxContext {
  rates: DocumentRate[];
  rateIds: Set<string>;
  defaultRateId: string | null;
  pricesIncludeTax: boolean;
}

/** The store's tax rates and whether its prices include tax (its settings; none saved: they do not). */
export async function taxContextOf(reader: Kysely<Database>, storeId: string): Promise<TaxContext> {
  const rates = await reader.selectFrom('tax_rates').select(['id', 'name', 'rate_ppm', 'is_default']).where('store_id', '=', storeId).orderBy('id').execute();
  const settings = await reader.selectFrom('store_settings').select('prices_include_tax').where('store_id', '=', storeId).executeTakeFirst();
  return {
    rates: rates.map((rate) => ({ _id: rate.id, name: rate.name, percent: ppmToPercent(Number(rate.rate_ppm)) })),
    rateIds: new Set(rates.map((rate) => rate.id)),
    defaultRateId: rates.find((rate) => Number(rate.is_default) === 1)?.id ?? null,
    pricesIncludeTax: Number(settings?.prices_include_tax ?? 0) === 1,
  };
}

/** The row's SPEC columns from the lines; 400 when the total is more than a row can show. */
export function specFieldsOf(lines: readonly LineState[], tax: TaxContext) {
  const row = specRowOfLines(lines.map((line) => ({ ...line, discountPercent: line.discountBp / 100 })), tax.rates, tax.pricesIncludeTax);
  if ('refusal' in row) throw new HttpError(row.refusal.status, row.refusal.message);
  return { name: row.name, price_cents: row.priceCents, quantity: row.quantity, product_id: row.productId, status: row.status, line_count: lines.length };
}
