/**
 * Issue 29's invoice budgets, through the HTTP API of a running server: issuing an invoice of 100 lines (≤ 100 ms at
 * the server), its PDF (≤ 500 ms), and the product pages' p99 while fifty PDFs are drawn at once (the pages' own
 * budget: PDFs are drawn in worker threads, docs/decisions/0043-invoices.md).
 */
export const INVOICE_BUDGET = { issueMs: 100, pdfMs: 500 };

export interface InvoiceBenchDeps {
  server: { url: string };
  owner: { cookie: string };
  label: string;
  pageP99Ms: number;
  heading: (text: string) => void;
  info: (label: string, value: string) => void;
  figure: (label: string, value: number, unit: string, budget: number, lowerIsBetter?: boolean, digits?: number) => void;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.99) - 1)] ?? NaN;

export async function invoiceFigures({ server, owner, label, pageP99Ms, heading, info, figure }: InvoiceBenchDeps): Promise<void> {
  heading(`Invoices, ${label} (issue 29)`);
  const headers = { cookie: owner.cookie, origin: server.url };
  const call = async (method: string, path: string, body?: unknown) => {
    const started = performance.now();
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${new TextDecoder().decode(bytes).slice(0, 200)}`);
    return { ms, bytes };
  };
  const json = <T>(bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes)) as T;

  await call('POST', '/api/tax-rates', { name: 'Standard', percent: 23, isDefault: true });
  await call('POST', '/api/tax-rates', { name: 'Reduced', percent: 8 });
  const customer = json<{ _id: string }>((await call('POST', '/api/customers', { name: 'Bench Customer', email: 'bench@example.com' })).bytes)._id;
  const lines = Array.from({ length: 100 }, (_, i) => ({ description: `Bench line ${i + 1}`, quantity: 1 + (i % 7), unitPrice: ((100 + ((i * 37) % 500)) / 100).toFixed(2), discountPercent: i % 5 === 0 ? 12.5 : 0 }));

  const issues: number[] = [];
  const pdfs: number[] = [];
  let lastId = '';
  for (let run = 0; run < 5; run += 1) {
    lastId = json<{ _id: string }>((await call('POST', '/api/invoices', { customerId: customer, lines })).bytes)._id;
    issues.push((await call('POST', `/api/invoices/${lastId}/issue`)).ms);
    pdfs.push((await call('GET', `/api/invoices/${lastId}/pdf`)).ms);
  }
  figure('issuing an invoice of 100 lines, request to answer (median of 5)', median(issues), 'ms', INVOICE_BUDGET.issueMs, true, 1);
  figure('its PDF, request to last byte (median of 5)', median(pdfs), 'ms', INVOICE_BUDGET.pdfMs, true, 1);

  // Fifty PDFs at once; meanwhile one member reads product pages back to back.
  let drawing = true;
  const pages: number[] = [];
  const reader = (async () => {
    while (drawing) pages.push((await call('GET', '/api/products?limit=50')).ms);
  })();
  const started = performance.now();
  await Promise.all(Array.from({ length: 50 }, () => call('GET', `/api/invoices/${lastId}/pdf`)));
  const allPdfs = performance.now() - started;
  drawing = false;
  await reader;
  info('fifty PDFs of 100 lines at once, first request to last byte', `${allPdfs.toFixed(0)} ms`);
  figure(`product page p99 meanwhile (${pages.length} pages)`, p99(pages), 'ms', pageP99Ms, true, 1);
}
