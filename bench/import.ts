import { readFileSync } from 'node:fs';
import { gtinCheckDigit } from '../packages/contract/src/product-identity';

/**
 * Issue 15: a 50,000-row CSV imported through the HTTP API (POST /api/products/import), timed from the first byte
 * sent to the answer, with the server's peak RSS meanwhile. The budget is 10 s on each database.
 */
export const IMPORT_ROWS = 50_000;
export const IMPORT_BUDGET_S = 10;
/** Issue 13's bound on the server's memory, throughout. */
export const IMPORT_RSS_BUDGET_MB = 400;

export interface ImportBenchDeps {
  /** The server under test: its URL and process id (for RSS). */
  server: { url: string; proc: { pid?: number } };
  owner: { cookie: string };
  label: string;
  heading: (text: string) => void;
  info: (label: string, value: string) => void;
  figure: (
    label: string,
    value: number,
    unit: string,
    budget: number,
    lowerIsBetter?: boolean,
    digits?: number,
  ) => void;
}

const CATEGORIES = ['Laptops', 'Monitors', 'Networking', 'Storage', 'Printers', 'Peripherals', 'Servers', 'Cables'];

/** Row n's EAN-13 (a valid check digit) and manufacturer part number. */
function codes(n: number): { ean: string; mpn: string } {
  const body = `200${String(n).padStart(9, '0')}`;
  return { ean: `${body}${gtinCheckDigit(body)}`, mpn: `MP-${n.toString(36).toUpperCase()}-X` };
}

/**
 * A catalogue file as a shop would bring it: every column (its own SKUs, EANs and part numbers), some quoted cells
 * with commas, a description per row. `moreStock` is added to every quantity: the same file again with it is a
 * re-import that updates every product.
 */
export function importFile(rows = IMPORT_ROWS, moreStock = 0): string {
  const lines = ['SKU,Name,Category,Price,Quantity,Reorder point,Description,Barcode,MPN'];
  for (let n = 1; n <= rows; n += 1) {
    const category = CATEGORIES[n % CATEGORIES.length]!;
    const sku = `${category.slice(0, 3).toUpperCase()}-${9_000_000 + n}`;
    const { ean, mpn } = codes(n);
    lines.push(
      `${sku},"Imported ${category.toLowerCase()}, model ${n}",${category},${(n % 2500) + 0.99},${(n % 40) + moreStock},${n % 3 === 0 ? 5 : ''},<p>Bench item ${n}</p>,${ean},${mpn}`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * The supplier's file for the same products: no SKU column, its own headers (EAN, Part No, Unit Price, Qty), prices
 * with a thousands separator, rows in another order; every row finds its product by its EAN (a sixth of them only by
 * their part number, their EAN cell left blank), and each quantity is more again, so each row is an update.
 */
export function supplierFile(rows = IMPORT_ROWS, moreStock = 2): string {
  const lines = ['EAN,Part No,Product Name,Category,Unit Price,Qty'];
  for (let i = 0; i < rows; i += 1) {
    const n = rows - i;
    const category = CATEGORIES[n % CATEGORIES.length]!;
    const { ean, mpn } = codes(n);
    const price = ((n % 2500) + 0.99).toLocaleString('en-US', { minimumFractionDigits: 2 });
    lines.push(`${n % 6 === 0 ? '' : ean},${mpn},"Imported ${category.toLowerCase()}, model ${n}",${category},"${price}",${(n % 40) + moreStock}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

function rss(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * 50,000 rows that update products of the big store (bench/bulk-seed.ts), spread over all of it: their SKUs (which do
 * not follow the new-product rule, so each must be found in the store), names, categories and prices as seeded, and
 * every quantity more than it was seeded with (and than any earlier run made it), so each row is an update with an import movement.
 */
export function updateFile(
  storeRows: number,
  product: (n: number) => { sku: string; name: string; category: string; priceCents: number; quantity: number },
  rows = IMPORT_ROWS,
): string {
  // A kept store (BENCH_KEEP) was updated by earlier runs: another change each run, so every row is an update.
  const change = 1 + (Date.now() % 997);
  const lines = ['SKU,Name,Category,Price,Quantity'];
  const step = Math.max(1, Math.floor(storeRows / rows));
  for (let i = 0; i < Math.min(rows, storeRows); i += 1) {
    const p = product(1 + i * step);
    lines.push(`${p.sku},${p.name},${p.category},${(p.priceCents / 100).toFixed(2)},${p.quantity + change}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

export async function importFigures({
  server,
  owner,
  label,
  heading,
  info,
  figure,
  csv = importFile(),
  what = 'into an empty store',
  expected = { created: IMPORT_ROWS, updated: 0 },
  budgetS = IMPORT_BUDGET_S,
  query = '',
}: ImportBenchDeps & {
  /** The import's query (`?numberFormat=point`: the format the Import page has the user confirm). */
  query?: string;
  csv?: string;
  what?: string;
  expected?: { created: number; updated: number };
  /** The time budget, or null for a figure without one. */
  budgetS?: number | null;
}): Promise<void> {
  heading(
    `CSV import ${what}, ${label} (${IMPORT_ROWS.toLocaleString('en')} rows through POST /api/products/import; issue 15)`,
  );
  info('file', `${(Buffer.byteLength(csv) / 1024 / 1024).toFixed(1)} MB`);
  const pid = server.proc.pid ?? 0;
  const before = rss(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rss(pid))), 50);
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'catalogue.csv');
  const started = performance.now();
  let status = 0;
  let body = '';
  try {
    const response = await fetch(`${server.url}/api/products/import${query}`, {
      method: 'POST',
      headers: { cookie: owner.cookie, origin: server.url },
      body: form,
    });
    status = response.status;
    body = await response.text();
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  peak = Math.max(peak, rss(pid));
  if (status !== 200) throw new Error(`the import answered ${status}: ${body.slice(0, 200)}`);
  info('answer', body);
  if (body !== JSON.stringify(expected))
    throw new Error(`the import answered ${body}, not ${JSON.stringify(expected)}`);
  const title = `${IMPORT_ROWS.toLocaleString('en')}-row import ${what}, upload to answer (${label})`;
  if (budgetS === null) info(title, `${seconds.toFixed(1)} s`);
  else figure(title, seconds, 's', budgetS, true, 1);
  info(`server RSS before the import (${label})`, `${(before / 1024 / 1024).toFixed(0)} MB`);
  figure(`server peak RSS during the import ${what} (${label})`, peak / 1024 / 1024, 'MB', IMPORT_RSS_BUDGET_MB);
}

/** Issue 15's budget: a catalogue of 50,000 rows into a store, then the same file again as 50,000 updates. */
export async function catalogueImports(deps: ImportBenchDeps): Promise<void> {
  await importFigures(deps);
  await importFigures({
    ...deps,
    csv: importFile(IMPORT_ROWS, 1),
    what: 'again, every quantity changed',
    expected: { created: 0, updated: IMPORT_ROWS },
  });
  await importFigures({
    ...deps,
    csv: supplierFile(),
    query: '?numberFormat=point',
    what: "again as the supplier's file (matched by EAN, else part number)",
    expected: { created: 0, updated: IMPORT_ROWS },
  });
}
