import { readFileSync } from 'node:fs';

/**
 * Issue 15: a 50,000-row CSV imported through the HTTP API (POST /api/products/import), timed from the first byte
 * sent to the answer, with the server's peak RSS meanwhile. The budget is 10 s on each database.
 */
export const IMPORT_ROWS = 50_000;
export const IMPORT_BUDGET_S = 10;

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

/** A catalogue file as a shop would bring it: every column, some quoted cells with commas, a description per row. */
export function importFile(rows = IMPORT_ROWS): string {
  const lines = ['SKU,Name,Category,Price,Quantity,Reorder point,Description'];
  for (let n = 1; n <= rows; n += 1) {
    const category = CATEGORIES[n % CATEGORIES.length]!;
    const sku = `${category.slice(0, 3).toUpperCase()}-${9_000_000 + n}`;
    lines.push(
      `${sku},"Imported ${category.toLowerCase()}, model ${n}",${category},${(n % 2500) + 0.99},${n % 40},${n % 3 === 0 ? 5 : ''},<p>Bench item ${n}</p>`,
    );
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

export async function importFigures({ server, owner, label, heading, info, figure }: ImportBenchDeps): Promise<void> {
  heading(
    `CSV import, ${label} (${IMPORT_ROWS.toLocaleString('en')} rows through POST /api/products/import; issue 15)`,
  );
  const csv = importFile();
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
    const response = await fetch(`${server.url}/api/products/import`, {
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
  figure(
    `${IMPORT_ROWS.toLocaleString('en')}-row import, upload to answer (${label})`,
    seconds,
    's',
    IMPORT_BUDGET_S,
    true,
    1,
  );
  info(
    `server RSS: before / peak during the import (${label})`,
    `${(before / 1024 / 1024).toFixed(0)} MB / ${(peak / 1024 / 1024).toFixed(0)} MB`,
  );
}
