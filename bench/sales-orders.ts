import autocannon from 'autocannon';

/**
 * Issue 27's order budgets, through the HTTP API of a running server: placing an order of 100 lines (≤ 100 ms at the
 * server, p95), and orders of 3-line baskets placed by 50 concurrent buyers (orders per second and their p99, printed
 * beside the one-line figure of the "orders" section). The store's products are seeded by the caller with stock enough
 * for every order.
 */
export const SALES_ORDER_BUDGET = { hundredLinesP95Ms: 100 };

export interface SalesOrderBenchDeps {
  server: { url: string };
  owner: { cookie: string };
  label: string;
  /** The id of the seeded product `n` (1 … products). */
  productId: (n: number) => string;
  products: number;
  durationS: number;
  heading: (text: string) => void;
  info: (label: string, value: string) => void;
  figure: (label: string, value: number, unit: string, budget: number, lowerIsBetter?: boolean, digits?: number) => void;
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((values.length * p) / 100) - 1)] ?? NaN;

const line = (productId: string, i: number) => ({ productId, quantity: 1 + (i % 3), unitPrice: ((500 + ((i * 37) % 5000)) / 100).toFixed(2), discountPercent: i % 4 === 0 ? 10 : 0 });

export async function salesOrderFigures({ server, owner, label, productId, products, durationS, heading, info, figure }: SalesOrderBenchDeps): Promise<void> {
  heading(`Orders of several lines, ${label} (POST /api/orders with lines; issue 27)`);
  const headers = { cookie: owner.cookie, origin: server.url, 'content-type': 'application/json' };
  const place = async (lines: unknown[]) => {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/orders`, { method: 'POST', headers, body: JSON.stringify({ lines }) });
    const text = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 201) throw new Error(`POST /api/orders answered ${response.status}: ${text.slice(0, 200)}`);
    return ms;
  };

  // One buyer placing orders of 100 lines one after another, each over another hundred of the products.
  const times: number[] = [];
  for (let run = 0; run < 25; run += 1) {
    const lines = Array.from({ length: 100 }, (_, i) => line(productId(1 + ((run * 100 + i) % products)), i));
    const ms = await place(lines);
    if (run >= 5) times.push(ms); // the first few warm the server's caches and the database's plans
  }
  info('an order of 100 lines, request to answer: median', `${percentile(times, 50).toFixed(1)} ms (${times.length} orders after 5 to warm up)`);
  figure('an order of 100 lines, request to answer, p95', percentile(times, 95), 'ms', SALES_ORDER_BUDGET.hundredLinesP95Ms, true, 1);

  // 50 buyers at once, each a basket of 3 lines over the products.
  let k = 0;
  const result = await autocannon({
    url: `${server.url}/api/orders`,
    connections: 50,
    duration: durationS,
    headers,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          k += 1;
          const lines = [0, 1, 2].map((i) => line(productId(1 + ((k * 7 + i * 13) % products)), k + i));
          return { ...request, body: JSON.stringify({ lines }) };
        },
      },
    ],
  });
  const created = result.statusCodeStats?.['201']?.count ?? result['2xx'];
  const others = Object.entries(result.statusCodeStats ?? {}).filter(([code]) => code !== '201');
  info('3-line orders per second at 50 concurrent buyers', `${(created / durationS).toFixed(0)} (${created} orders)`);
  info('    their p50 / p99 latency', `${result.latency.p50} / ${result.latency.p99} ms`);
  if (others.length || result.errors) {
    info('    other answers / errors', `${others.map(([code, stat]) => `${code}: ${stat.count}`).join(', ') || 'none'} / ${result.errors + result.timeouts}`);
  }
}
