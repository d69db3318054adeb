import { type Page, parseDocumentNumber, type PurchaseOrder, type PurchaseOrderListQuery } from '@inventory/contract';
import { PostgresAdapter, type RawBuilder, type Selectable, sql } from 'kysely';
import type { Db } from '../../db';
import type { PurchaseOrdersTable } from '../../db/types';
import { containsPattern, type ListSource, pageOfSource } from '../../list-query';
import { summaryOf, toPurchaseOrder } from './mapping';

/**
 * The conditions of a list: the store, then its status and supplier when asked, and a search: a number ("PO-00045",
 * "po 45") names that order, other text the suppliers whose name contains it (any ASCII case).
 */
function whereOf(db: Db, storeId: string, query: PurchaseOrderListQuery): RawBuilder<unknown> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const terms: RawBuilder<unknown>[] = [sql`store_id = ${storeId}`];
  if (query.status) terms.push(sql`status = ${query.status}`);
  if (query.supplierId) terms.push(sql`supplier_id = ${query.supplierId}`);
  const q = query.q?.trim();
  if (q) {
    const number = parseDocumentNumber('purchase_order', q);
    const name = postgres ? sql`lower(name collate "C")` : sql`lower(name)`;
    const suppliers = sql`supplier_id in (select id from suppliers where store_id = ${storeId} and ${name} like ${containsPattern(q.toLowerCase())} escape '\\')`;
    terms.push(number === null ? suppliers : sql`(number = ${number} or ${suppliers})`);
  }
  return sql.join(terms, sql` and `);
}

/** Newest first as a keyset source (list-query.ts): one range of `purchase_orders_store_idx` (0032), counted exactly. */
function purchaseOrderSource(db: Db, storeId: string, query: PurchaseOrderListQuery): ListSource {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const where = whereOf(db, storeId, query);
  return {
    table: 'purchase_orders',
    key: sql`created_at`,
    numeric: false,
    parts: () => [{ hint: postgres ? sql`` : sql` indexed by purchase_orders_store_idx`, where }],
    where: () => where,
    async exactTotal() {
      const { n } = await sql<{ n: number | string }>`select count(*) as n from purchase_orders where ${where}`.execute(db).then((result) => result.rows[0]!);
      return Number(n);
    },
    countUpToCap: () => Promise.reject(new Error('purchase orders are counted exactly')),
  };
}

/** One page of the store's purchase orders, each with its supplier and its lines' count and total. */
export async function purchaseOrderPage(db: Db, storeId: string, query: PurchaseOrderListQuery): Promise<Page<PurchaseOrder>> {
  const { rows, ...page } = await pageOfSource<Selectable<PurchaseOrdersTable>>(db, purchaseOrderSource(db, storeId, query), {
    limit: query.limit,
    skip: query.skip,
    after: query.after,
    before: query.before,
    sort: 'createdAt',
    dir: 'desc',
  });
  if (rows.length === 0) return { ...page, items: [] };
  const ids = rows.map((row) => row.id);
  const [suppliers, lines] = await Promise.all([
    db.selectFrom('suppliers').select(['id', 'name', 'email']).where('id', 'in', [...new Set(rows.map((row) => row.supplier_id))]).execute(),
    db.selectFrom('purchase_order_lines').select(['purchase_order_id', 'quantity', 'unit_cost_cents']).where('purchase_order_id', 'in', ids).execute(),
  ]);
  const supplierOf = new Map(suppliers.map((supplier) => [supplier.id, supplier]));
  const linesOf = new Map<string, { quantity: number; unit_cost_cents: number | null }[]>();
  for (const line of lines) {
    const list = linesOf.get(line.purchase_order_id) ?? [];
    list.push({ quantity: Number(line.quantity), unit_cost_cents: line.unit_cost_cents === null ? null : Number(line.unit_cost_cents) });
    linesOf.set(line.purchase_order_id, list);
  }
  return { ...page, items: rows.map((row) => toPurchaseOrder(row, supplierOf.get(row.supplier_id)!, summaryOf(linesOf.get(row.id) ?? []))) };
}
