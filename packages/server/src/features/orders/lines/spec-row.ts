import { type DocumentRate, MAX_PRICE, orderTotals, ppmToPercent, SALES_MESSAGES, salesOrderStatus } from '@inventory/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db';
import { HttpError } from '../../../http/errors';
import { type LineState, specStatusOf } from './line-rows';

/**
 * The SPEC.md fields an order of lines shows in every §7 call (docs/decisions/0041-multi-line-orders-in-the-spec-calls.md),
 * written on its `orders` row in the transaction that changes its lines, so lists, pages, figures and exports read it
 * as any order. One line that its total is exactly quantity × unit price of (no discount, no tax): that line as it is.
 * Otherwise one row of quantity 1 whose price is the order's total, named after its first line ("USB-C dock and 2 more").
 */
export interface TaxContext {
  rates: DocumentRate[];
  rateIds: Set<string>;
  defaultRateId: string | null;
  pricesIncludeTax: boolean;
}

/** The store's tax rates and whether its prices include tax (its settings; none saved: they do not). */
export async function taxContextOf(reader: Kysely<Database>, storeId: string): Promise<TaxContext> {
  const [rates, settings] = await Promise.all([
    reader.selectFrom('tax_rates').select(['id', 'name', 'rate_ppm', 'is_default']).where('store_id', '=', storeId).execute(),
    reader.selectFrom('store_settings').select('prices_include_tax').where('store_id', '=', storeId).executeTakeFirst(),
  ]);
  return {
    rates: rates.map((rate) => ({ _id: rate.id, name: rate.name, percent: ppmToPercent(Number(rate.rate_ppm)) })),
    rateIds: new Set(rates.map((rate) => rate.id)),
    defaultRateId: rates.find((rate) => Number(rate.is_default) === 1)?.id ?? null,
    pricesIncludeTax: Number(settings?.prices_include_tax ?? 0) === 1,
  };
}

/** The order's total with tax, in cents (orderTotals: the one tax rule of documents). */
export function orderGrossCents(lines: readonly LineState[], tax: TaxContext): number {
  const ruleLines = lines.map((line) => ({
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    discountPercent: line.discountBp / 100,
    // A rate deleted since the line was placed is no longer among the store's: the line is then untaxed.
    taxRateId: line.taxRateId !== null && tax.rateIds.has(line.taxRateId) ? line.taxRateId : null,
  }));
  return orderTotals(ruleLines, tax.rates, tax.pricesIncludeTax).grossCents;
}

/** A row of the SPEC calls can show at most MAX_PRICE: a larger order is refused (400), never shown wrong. */
const MAX_ROW_CENTS = MAX_PRICE * 100;

export function specFieldsOf(lines: readonly LineState[], tax: TaxContext) {
  const gross = orderGrossCents(lines, tax);
  const first = lines[0]!;
  const status = specStatusOf(salesOrderStatus(lines));
  if (lines.length === 1 && gross === first.quantity * first.unitPriceCents && first.unitPriceCents <= MAX_ROW_CENTS) {
    return { name: first.description, price_cents: first.unitPriceCents, quantity: first.quantity, product_id: first.productId, status, line_count: 1 };
  }
  if (gross > MAX_ROW_CENTS) throw new HttpError(400, SALES_MESSAGES.orderTotalTooHighForList);
  const more = lines.length - 1;
  const name = more > 0 ? `${first.description} and ${more} more` : first.description;
  return { name, price_cents: gross, quantity: 1, product_id: null, status, line_count: lines.length };
}
