import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../packages/server/src/db/types';
import { bulkDb, bulkSeed } from './bulk-seed';

/**
 * Issue 28's buying budgets, through the HTTP API of a running server, on a store of its own: a million products
 * (BENCH_ROWS), every product with stock 50 and every hundredth with a reorder point of 100, so 10,000 are low, each
 * with a preferred supplier among ten. Timed from request to answer on the machine itself:
 * - "Order these" over the whole reorder list (`POST /api/purchase-orders/suggestions {all: true}`: the reorder list
 *   counting what is on order, the contract's suggestion, and its drafts, 10,000 lines, written in one transaction);
 * - a receipt of a whole 500-line purchase order (`POST /api/purchase-orders/{id}/receipts`).
 * The first run of each warms the server and the database; the figure is the slowest of the runs after it.
 */
export const PURCHASING_BUDGET = { suggestionMs: 1000, receiptMs: 1000 };

const LOW = 10_000;
const SUPPLIERS = 10;
const RECEIPT_LINES = 500;
const RUNS = 3;

export interface PurchasingBenchDeps {
  server: { url: string; database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string } };
  owner: { id: string; storeId: string; cookie: string };
  label: string;
  /** The store's products (BENCH_ROWS, a million by default). */
  rows: number;
  heading: (text: string) => void;
  info: (label: string, value: string) => void;
  figure: (label: string, value: number, unit: string, budget: number, lowerIsBetter?: boolean, digits?: number) => void;
}

const count = (n: number) => n.toLocaleString('en-US');
const ms = (value: number) => `${value.toFixed(0)} ms`;

/** Each low product's preferred supplier (product n → supplier n mod 10), pack size 1 to 3, at a last cost. */
async function linkSuppliers(db: Kysely<Database>, owner: PurchasingBenchDeps['owner'], supplierIds: string[], lowIds: string[]) {
  const at = new Date().toISOString();
  for (let start = 0; start < lowIds.length; start += 1000) {
    const rows = lowIds.slice(start, start + 1000).map((productId, i) => ({
      id: randomUUID(),
      store_id: owner.storeId,
      product_id: productId,
      supplier_id: supplierIds[(start + i) % supplierIds.length]!,
      part_number: `NW-${start + i}`,
      pack_size: 1 + ((start + i) % 3),
      last_cost_cents: 250 + ((start + i) % 400),
      preferred: 1,
      user_id: owner.id,
      created_by_token: null,
      updated_by: null,
      updated_by_token: null,
      created_at: at,
      updated_at: at,
    }));
    await db.insertInto('product_suppliers').values(rows).execute();
  }
}

export async function purchasingFigures({ server, owner, label, rows, heading, info, figure }: PurchasingBenchDeps): Promise<void> {
  const every = Math.max(1, Math.floor(rows / LOW));
  const low = Math.floor(rows / every);
  heading(`Buying, ${label}: "Order these" over ${count(rows)} products, ${count(low)} low; a receipt of ${RECEIPT_LINES} lines (issue 28)`);
  const headers = { cookie: owner.cookie, origin: server.url, 'content-type': 'application/json' };
  const send = async (method: string, path: string, body?: unknown, expected = 201) => {
    const started = performance.now();
    const response = await fetch(`${server.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    const took = performance.now() - started;
    if (response.status !== expected) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 200)}`);
    return { took, answer: JSON.parse(text) as unknown };
  };

  const supplierIds: string[] = [];
  for (let i = 1; i <= SUPPLIERS; i += 1) {
    const { answer } = await send('POST', '/api/suppliers', { name: `Bench supplier ${i}`, email: `supplier${i}@example.com`, leadTimeDays: 7 });
    supplierIds.push((answer as { _id: string })._id);
  }
  const db = bulkDb(server.database);
  let productId: (n: number) => string;
  try {
    const started = performance.now();
    const seeded = await bulkSeed(db, { userId: owner.id, storeId: owner.storeId }, {
      dialect: server.database.kind,
      products: rows,
      orders: 0,
      quantity: 50,
      reorder: { every, point: 100 },
    });
    productId = seeded.productId;
    await linkSuppliers(db, owner, supplierIds, Array.from({ length: low }, (_, k) => productId((k + 1) * every)));
    info('seeding (products, their preferred suppliers)', ms(performance.now() - started));
  } finally {
    await db.destroy();
  }
  // SQLite's seeding ran synchronously in this process for minutes: let the loop see the keep-alive sockets the server
  // closed meanwhile, or the next request goes out on one of them and fails ("fetch failed").
  await new Promise((resolve) => setTimeout(resolve, 100));

  const list = await send('GET', '/api/purchase-orders/reorder?limit=100', undefined, 200);
  const listed = (list.answer as { total: number }).total;
  info('the reorder list counting what is on order (first page of 100)', `${ms(list.took)} (${count(listed)} to reorder)`);

  const suggestionTimes: number[] = [];
  let lines = 0;
  for (let run = 0; run <= RUNS; run += 1) {
    const { took, answer } = await send('POST', '/api/purchase-orders/suggestions', { all: true });
    const created = (answer as { created: { lineCount: number }[] }).created;
    lines = created.reduce((sum, order) => sum + order.lineCount, 0);
    if (run === 0) info('"Order these", the first run (cold)', `${ms(took)} (${created.length} drafts, ${count(lines)} lines)`);
    else suggestionTimes.push(took);
  }
  if (lines !== low) throw new Error(`"Order these" wrote ${lines} lines, not ${low}`);
  info(`"Order these", ${RUNS} runs after it`, suggestionTimes.map(ms).join(', '));
  figure(`"Order these" over ${count(low)} low products, request to answer (slowest)`, Math.max(...suggestionTimes), 'ms', PURCHASING_BUDGET.suggestionMs);

  // Products that are not low (every `every`-th is), so receiving them leaves the reorder list as it is.
  const received = Array.from({ length: RECEIPT_LINES * 2 }, (_, i) => i + 1).filter((n) => n % every !== 0).slice(0, RECEIPT_LINES);
  const receiptTimes: number[] = [];
  for (let run = 0; run <= RUNS; run += 1) {
    const draft = await send('POST', '/api/purchase-orders', {
      supplierId: supplierIds[run % SUPPLIERS],
      lines: received.map((n, i) => ({ productId: productId(n), quantity: 2 + (i % 5), unitCost: ((300 + i) / 100).toFixed(2) })),
    });
    const order = draft.answer as { _id: string };
    const sent = await send('POST', `/api/purchase-orders/${order._id}/status`, { status: 'ordered' }, 200);
    const orderLines = (sent.answer as { lines: { _id: string; outstanding: number }[] }).lines;
    const { took } = await send('POST', `/api/purchase-orders/${order._id}/receipts`, { lines: orderLines.map((line) => ({ lineId: line._id, quantity: line.outstanding })) });
    if (run === 0) info(`a receipt of ${RECEIPT_LINES} lines, the first (cold)`, ms(took));
    else receiptTimes.push(took);
  }
  info(`a receipt of ${RECEIPT_LINES} lines, ${RUNS} after it`, receiptTimes.map(ms).join(', '));
  figure(`a receipt of a whole ${RECEIPT_LINES}-line purchase order, request to answer (slowest)`, Math.max(...receiptTimes), 'ms', PURCHASING_BUDGET.receiptMs);
}
