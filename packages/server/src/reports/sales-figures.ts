import { addFigures, type DocumentRate, isZeroFigures, saleAmountsOfLines, type SaleFigures, type SaleLine, ZERO_FIGURES } from '@inventory/contract';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db';
import { isPostgres, jsonRows, statementChunks, textValue } from '../db/json-rows';

/**
 * Bill Reports' sales figures, kept by the order writes (docs/decisions/0045-bill-reports.md). A write takes the
 * order's sale before it changes anything (`saleOf`) and after (`saleOf` again), and adds the difference to the
 * figures in its own transaction (`recordSaleChange`): additive upserts, so any number of processes writing orders
 * of one store at once keep them exact, and a write that rolls back takes its figures with it.
 */

/** What an order sells, as the figures see it: its day (its date, UTC), its customer and its figures per product. */
export interface Sale {
  storeId: string;
  day: string;
  customerId: string | null;
  byProduct: Map<string, SaleFigures>;
}

export interface SaleTax {
  rates: readonly DocumentRate[];
  pricesIncludeTax: boolean;
}

/**
 * The order's sale now: its lines at their kept quantities (the contract's saleAmountsOfLines) and the cost of what
 * its movements took, at the unit cost each recorded (`stock_movements.unit_cost_cents`, 0045).
 */
export async function saleOf(
  reader: Kysely<Database>,
  order: { id: string; store_id: string | null; created_at: string; customer_id: string | null },
  lines: readonly SaleLine[],
  tax: SaleTax,
  options: { movements?: boolean } = {},
): Promise<Sale> {
  const byProduct = new Map<string, SaleFigures>();
  for (const [key, amounts] of saleAmountsOfLines(lines, tax.rates, tax.pricesIncludeTax)) byProduct.set(key, { ...amounts, costCents: 0 });
  if (options.movements !== false) {
    const costs = await reader
      .selectFrom('stock_movements')
      .select(['product_id', (eb) => eb.fn.sum<number | string>(sql`cast(change as bigint) * unit_cost_cents`).as('cost')])
      .where('order_id', '=', order.id)
      .where('unit_cost_cents', 'is not', null)
      .groupBy('product_id')
      .execute();
    for (const row of costs) {
      const figures = byProduct.get(row.product_id) ?? { ...ZERO_FIGURES };
      // Stock taken is a negative change: its cost is what the sale cost.
      byProduct.set(row.product_id, { ...figures, costCents: figures.costCents - Number(row.cost ?? 0) });
    }
  }
  return { storeId: order.store_id!, day: order.created_at.slice(0, 10), customerId: order.customer_id, byProduct };
}

/**
 * What the order's last write added to the figures (`order_sales`), so this write takes away exactly that; an order
 * from before migration 0035 has none, and its sale is computed from its rows as they are before this write.
 */
export async function recordedSaleOf(
  reader: Kysely<Database>,
  order: { id: string; store_id: string | null; created_at: string; customer_id: string | null },
  lines: readonly SaleLine[],
  tax: SaleTax,
): Promise<Sale> {
  const row = await reader.selectFrom('order_sales').select('figures').where('order_id', '=', order.id).executeTakeFirst();
  if (!row) return saleOf(reader, order, lines, tax);
  const stored = JSON.parse(row.figures) as { day: string; customerId: string | null; byProduct: [string, SaleFigures][] };
  return { storeId: order.store_id!, day: stored.day, customerId: stored.customerId, byProduct: new Map(stored.byProduct) };
}

/**
 * One order write's change of the figures: `after` less `before` added (recordSaleChange) and `after` remembered as
 * what the order now adds (none once it is deleted: its `order_sales` row goes with it).
 */
export async function recordSale(trx: Kysely<Database>, orderId: string, before: Sale | null, after: Sale | null): Promise<void> {
  await recordSaleChange(trx, before, after);
  if (!after) return;
  const figures = JSON.stringify({ day: after.day, customerId: after.customerId, byProduct: [...after.byProduct] });
  await trx
    .insertInto('order_sales')
    .values({ order_id: orderId, figures })
    .onConflict((oc) => oc.column('order_id').doUpdateSet({ figures }))
    .execute();
}

/** The figure rows a sale adds (sign 1) or takes away (-1), keyed `grain|dim|period|key`. */
function addSale(rows: Map<string, SaleFigures>, sale: Sale, sign: 1 | -1): void {
  const add = (grain: string, dim: string, period: string, key: string, figures: SaleFigures) => {
    const id = `${grain}\u0000${dim}\u0000${period}\u0000${key}`;
    rows.set(id, addFigures(rows.get(id) ?? ZERO_FIGURES, figures, sign));
  };
  let total = ZERO_FIGURES;
  const month = sale.day.slice(0, 7);
  for (const [key, figures] of sale.byProduct) {
    total = addFigures(total, figures);
    add('day', 'product', sale.day, key, figures);
    add('month', 'product', month, key, figures);
  }
  for (const [grain, period] of [['day', sale.day], ['month', month]] as const) {
    add(grain, 'total', period, '', total);
    add(grain, 'customer', period, sale.customerId ?? '', total);
  }
}

/**
 * Adds `after` less `before` to the store's figures: one upsert per chunk of rows, in key order (two writes of one
 * store's orders take the rows' locks in the same order, so they queue rather than deadlock).
 */
export async function recordSaleChange(trx: Kysely<Database>, before: Sale | null, after: Sale | null): Promise<void> {
  const storeId = (after ?? before)?.storeId;
  if (!storeId) return;
  const rows = new Map<string, SaleFigures>();
  if (before) addSale(rows, before, -1);
  if (after) addSale(rows, after, 1);
  const changed = [...rows]
    .filter(([, figures]) => !isZeroFigures(figures))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, f]) => [...id.split('\u0000'), f.netCents, f.taxCents, f.grossCents, f.units, f.costCents]);
  if (changed.length === 0) return;
  const big = sql.raw(isPostgres(trx) ? 'bigint' : 'integer');
  const cell = (i: number) => sql.raw(`(j.value ->> ${i})`);
  const number = (i: number) => sql`cast(j.value ->> ${sql.raw(String(i))} as ${big})`;
  for (const part of statementChunks(trx, changed))
    await sql`
      insert into sales_figures (store_id, grain, dim, period, key, net_cents, tax_cents, gross_cents, units, cost_cents)
      select ${textValue(storeId)}, ${cell(0)}, ${cell(1)}, ${cell(2)}, ${cell(3)}, ${number(4)}, ${number(5)}, ${number(6)}, ${number(7)}, ${number(8)}
      from ${jsonRows(trx, part)} where true
      on conflict (store_id, grain, dim, period, key) do update set
        net_cents = sales_figures.net_cents + excluded.net_cents, tax_cents = sales_figures.tax_cents + excluded.tax_cents,
        gross_cents = sales_figures.gross_cents + excluded.gross_cents, units = sales_figures.units + excluded.units,
        cost_cents = sales_figures.cost_cents + excluded.cost_cents`.execute(trx);
}
