/**
 * `npm run bench`: the performance budgets of issue 7, measured on this machine and printed next to their budgets.
 * A script, not a test: it always exits 0 once it has run, and says clearly which figures are over budget.
 *
 *  1. Start-up of the built server to its first answer (/healthz).
 *  2. Initial JavaScript (gzip) of / and /login in Chromium, the largest chunks, and where draft-js went.
 *  3. The dashboard with 10,000 products: navigation start → first table row, and 20 search keystrokes.
 *  4. GET /api/products with 1,000 products: autocannon against the real server and a bare node:http server that
 *     sends the same bytes, side by side; p99s; the server's RSS under that load.
 *  5. GET /api/products and GET /api/products/:id latency with 10,000 products.
 *  3–5 run on SQLite, and 4–5 on PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set.
 *
 * BENCH_SKIP_BUILD=1 reuses the existing builds; BENCH_DURATION (seconds, default 10) sets the autocannon runs.
 */
import { spawn, spawnSync, type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { chromium, type Browser, type Response } from 'playwright';
import { createDb } from '../packages/server/src/db/index';
import { CHROMIUM_ARGS, findChromium, INSTALL_HINT } from '../scripts/chromium.mjs';
import { seedProducts } from './seed';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SERVER_MAIN = join(ROOT, 'packages/server/dist/main.js');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
let nextPort = Number(process.env.BENCH_PORT ?? 3400);

const BUDGET = {
  initialJsKb: 150,
  firstRowMs: 1500,
  keystrokeMs: 50,
  rpsRatio: 0.35,
};

// ── printing ──────────────────────────────────────────────────────────────────────────────────────────────────────
let overCount = 0;
const overList: string[] = [];
const heading = (text: string) => console.log(`\n${text}\n${'─'.repeat(text.length)}`);
const info = (label: string, value: string) => console.log(`  ${label.padEnd(58)} ${value}`);
/** A figure with a budget: `lowerIsBetter` figures pass at or under it, others at or over it. */
function figure(label: string, value: number, unit: string, budget: number, lowerIsBetter = true, digits = 0) {
  const pass = lowerIsBetter ? value <= budget : value >= budget;
  if (!pass) {
    overCount += 1;
    overList.push(label);
  }
  const shown = `${value.toFixed(digits)} ${unit}`;
  const limit = `${lowerIsBetter ? '≤' : '≥'} ${budget} ${unit}`;
  console.log(`  ${label.padEnd(58)} ${shown.padStart(12)}   budget ${limit.padEnd(12)} ${pass ? 'PASS' : 'OVER'}`);
}
const kb = (bytes: number) => bytes / 1024;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const sleep = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));

// ── the server ────────────────────────────────────────────────────────────────────────────────────────────────────
interface Server {
  url: string;
  proc: ChildProcess;
  dataDir: string;
  startupMs: number;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  stop: () => Promise<void>;
}

function httpGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** Spawns the built server and times spawn → first 200 from /healthz. */
async function startServer(options: { dataDir?: string; databaseUrl?: string } = {}): Promise<Server> {
  const port = nextPort++;
  const url = `http://127.0.0.1:${port}`;
  const dataDir = options.dataDir ?? mkdtempSync(join(os.tmpdir(), 'inventory-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  };
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  const started = performance.now();
  const proc = spawn(process.execPath, [SERVER_MAIN], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
  let exited = false;
  proc.once('exit', () => {
    exited = true;
  });
  for (;;) {
    if (exited) throw new Error(`the server exited during start-up (${SERVER_MAIN})`);
    try {
      const res = await httpGet(`${url}/healthz`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 60_000) throw new Error('the server did not answer /healthz within 60 s');
    await sleep(5);
  }
  const startupMs = performance.now() - started;
  return {
    url,
    proc,
    dataDir,
    startupMs,
    database: options.databaseUrl
      ? { kind: 'postgres', url: options.databaseUrl }
      : { kind: 'sqlite', file: join(dataDir, 'inventory.sqlite') },
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}

/** Registers a fresh user through the API and returns its id and session cookie. */
async function register(server: Server, label: string) {
  const email = `bench-${label}-${randomUUID().slice(0, 8)}@example.com`;
  const res = await fetch(`${server.url}/api/users/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ name: `Bench ${label}`, email, password: 'bench-password-1' }),
  });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  const user = (await res.json()) as { _id: string };
  const setCookie = res.headers.getSetCookie()[0] ?? '';
  const cookie = setCookie.split(';')[0] ?? '';
  if (!cookie) throw new Error('register set no session cookie');
  const stores = (await (await fetch(`${server.url}/api/stores`, { headers: { cookie } })).json()) as { _id: string }[];
  const storeId = stores[0]?._id;
  if (!storeId) throw new Error('the new user has no store');
  return { id: user._id, storeId, email, cookie };
}

async function seed(server: Server, owner: { id: string; storeId: string }, count: number) {
  const db = createDb(server.database);
  try {
    const started = performance.now();
    await seedProducts(db, { userId: owner.id, storeId: owner.storeId }, count);
    return performance.now() - started;
  } finally {
    await db.destroy();
  }
}

async function deleteUsers(server: Server, ids: string[]) {
  const db = createDb(server.database);
  try {
    // Their stores go with everything in them (foreign keys cascade), then the users.
    const stores = await db.selectFrom('memberships').select('store_id').where('user_id', 'in', ids).execute();
    if (stores.length > 0) await db.deleteFrom('stores').where('id', 'in', stores.map((row) => row.store_id)).execute();
    await db.deleteFrom('sessions').where('user_id', 'in', ids).execute();
    await db.deleteFrom('users').where('id', 'in', ids).execute();
  } finally {
    await db.destroy();
  }
}

// ── 1. start-up ───────────────────────────────────────────────────────────────────────────────────────────────────
async function startupFigures(): Promise<Server> {
  heading('Start-up of the built server (spawn → first 200 from /healthz)');
  const fresh = await startServer();
  info('fresh DATA_DIR (creates the database, runs migrations)', ms(fresh.startupMs));
  await fresh.stop();
  const again: number[] = [];
  let server = fresh;
  for (let i = 0; i < 3; i += 1) {
    server = await startServer({ dataDir: fresh.dataDir });
    again.push(server.startupMs);
    if (i < 2) await server.stop();
  }
  info('existing database (median of 3 restarts)', `${ms(median(again))}  [${again.map((v) => v.toFixed(0)).join(', ')}]`);
  return server;
}

// ── 2. initial JavaScript ─────────────────────────────────────────────────────────────────────────────────────────
function draftJsChunks(): string[] {
  const assets = join(ROOT, 'packages/app/dist/assets');
  return readdirSync(assets).filter(
    (file) => file.endsWith('.js') && /DraftEditor[/-]root/.test(readFileSync(join(assets, file), 'utf8')),
  );
}

async function initialJs(browser: Browser, server: Server) {
  heading('Initial JavaScript, gzip (every script response up to the load event, modulepreloads included)');
  const draft = draftJsChunks();
  for (const path of ['/', '/login']) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const before: Promise<{ url: string; raw: number; gzip: number }>[] = [];
    const after: Promise<{ url: string; raw: number; gzip: number }>[] = [];
    let loaded = false;
    const size = async (response: Response) => {
      const body = await response.body();
      return { url: response.url(), raw: body.length, gzip: gzipSync(body).length };
    };
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      const isJs = response.request().resourceType() === 'script' || /javascript/.test(type);
      if (!isJs || response.status() !== 200) return;
      (loaded ? after : before).push(size(response));
    });
    page.on('load', () => {
      loaded = true;
    });
    await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const initial = await Promise.all(before);
    const later = await Promise.all(after);
    const total = initial.reduce((sum, chunk) => sum + chunk.gzip, 0);
    figure(`${path} initial JS (${initial.length} files)`, kb(total), 'KB', BUDGET.initialJsKb, true, 1);
    const largest = [...initial].sort((a, b) => b.gzip - a.gzip).slice(0, 5);
    for (const chunk of largest) {
      info(`    ${basename(new URL(chunk.url).pathname)}`, `${kb(chunk.gzip).toFixed(1)} KB gzip (${kb(chunk.raw).toFixed(1)} KB raw)`);
    }
    if (later.length) {
      const laterTotal = later.reduce((sum, chunk) => sum + chunk.gzip, 0);
      info(`    after the load event (lazy, not counted): ${later.length} files`, `${kb(laterTotal).toFixed(1)} KB gzip`);
    }
    const loadedDraft = [...initial, ...later].filter((chunk) => draft.includes(basename(new URL(chunk.url).pathname)));
    if (draft.length === 0) info('    draft-js chunk', 'not found in packages/app/dist/assets (marker: DraftEditor/root)');
    else if (loadedDraft.length === 0) info(`    draft-js chunk (${draft.join(', ')})`, 'not loaded here: OK');
    else {
      overCount += 1;
      overList.push(`draft-js loaded on ${path}`);
      info(`    draft-js chunk (${draft.join(', ')})`, `LOADED on ${path}: OVER`);
    }
    await context.close();
  }
}

// ── 3. dashboard with 10,000 products ─────────────────────────────────────────────────────────────────────────────
/** Installed before any page script: the time (ms since navigation start) the first product row is on screen. */
function watchFirstRow() {
  const state: { dom?: number; frame?: number } = {};
  (window as unknown as { __bench: typeof state }).__bench = state;
  const check = () => {
    if (state.dom !== undefined) return;
    // A product row has a cell per column; the loading and empty states are one wide cell.
    const row = document.querySelector('tbody tr td:nth-child(2)')?.closest('tr');
    if (!row) return;
    const box = row.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || getComputedStyle(row).visibility === 'hidden') return;
    state.dom = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => {
      state.frame = performance.now();
    });
  };
  // Rows may be inserted while hidden and shown by a class change: watch attributes too, and check every frame.
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true });
  const everyFrame = () => {
    check();
    if (state.dom === undefined) requestAnimationFrame(everyFrame);
  };
  requestAnimationFrame(everyFrame);
}

/** In the page: sets the search box to each query like a keystroke would and times input → table DOM updated. */
async function timeKeystrokes(queries: string[]) {
  const input = document.querySelector<HTMLInputElement>('input[placeholder="Search products"]');
  const table = document.querySelector('table');
  if (!input || !table) throw new Error('no "Search products" box or table on the dashboard');
  const root = table.parentElement ?? table;
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  const results: (number | null)[] = [];
  for (const query of queries) {
    await new Promise((resolve) => setTimeout(resolve, 60));
    const updated = new Promise<number | null>((resolve) => {
      const observer = new MutationObserver(() => {
        observer.disconnect();
        resolve(performance.now());
      });
      observer.observe(root, { childList: true, subtree: true, characterData: true });
      setTimeout(() => {
        observer.disconnect();
        resolve(null);
      }, 2000);
    });
    const started = performance.now();
    setValue.call(input, query);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    const at = await updated;
    results.push(at === null ? null : at - started);
  }
  return results;
}

/** 20 keystrokes: type two 5-digit serials that exist in the catalogue and delete them again. */
function keystrokeQueries(names: string[]): string[] {
  const serials = names.map((name) => /\d{5}/.exec(name)?.[0]).filter((s): s is string => Boolean(s));
  const picks = [serials[17] ?? '48213', serials[4242] ?? '73051'];
  const queries: string[] = [];
  for (const serial of picks) {
    for (let i = 1; i <= 5; i += 1) queries.push(serial.slice(0, i));
    for (let i = 4; i >= 0; i -= 1) queries.push(serial.slice(0, i));
  }
  return queries;
}

async function dashboard(browser: Browser, server: Server, user: { cookie: string }, names: string[]) {
  heading('Dashboard with 10,000 products (Chromium, Performance API)');
  const [cookieName, ...rest] = user.cookie.split('=');
  const cookie = { name: cookieName!, value: rest.join('='), url: server.url };
  const firstRows: number[] = [];
  let keystrokes: (number | null)[] = [];
  for (let run = 0; run < 3; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([cookie]);
    // tsx compiles with esbuild's keepNames, which wraps inner functions in `__name(...)`; functions shipped to
    // the page need that helper there too.
    await context.addInitScript({ content: 'globalThis.__name = globalThis.__name || ((fn) => fn);' });
    await context.addInitScript(watchFirstRow);
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard`);
    try {
      await page.waitForFunction(() => (window as unknown as { __bench: { frame?: number } }).__bench.frame, undefined, {
        timeout: 30_000,
      });
    } catch (error) {
      const text = (await page.locator('tbody').first().innerHTML()).slice(0, 600);
      throw new Error(`no product row within 30 s at ${page.url()} (page says: ${text})`, { cause: error });
    }
    const seen = await page.evaluate(() => (window as unknown as { __bench: { dom: number; frame: number } }).__bench);
    firstRows.push(seen.frame);
    if (run === 2) keystrokes = await page.evaluate(timeKeystrokes, keystrokeQueries(names));
    await context.close();
  }
  figure('navigation start → first table row painted (median of 3)', median(firstRows), 'ms', BUDGET.firstRowMs);
  info('    each run', firstRows.map((v) => `${v.toFixed(0)} ms`).join(', '));
  const measured = keystrokes.filter((v): v is number => v !== null);
  if (measured.length === 0) {
    overCount += 1;
    overList.push('search keystroke');
    info('search keystroke → table updated', 'the table never changed: OVER');
    return;
  }
  figure(`search keystroke → table updated (median of ${measured.length})`, median(measured), 'ms', BUDGET.keystrokeMs, true, 1);
  info('    slowest / fastest', `${ms(Math.max(...measured))} / ${ms(Math.min(...measured))}`);
  if (measured.length < keystrokes.length) {
    info('    keystrokes that changed nothing within 2 s (not counted)', String(keystrokes.length - measured.length));
  }
}

// ── 4. GET /api/products: real server vs bare node:http ────────────────────────────────────────────────────────────
function readRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+)\s+kB/.exec(status);
  return match ? Number(match[1]) * 1024 : 0;
}

async function cannon(url: string, cookie: string) {
  const result = await autocannon({ url, connections: 50, duration: DURATION, headers: { cookie } });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    p50: result.latency.p50,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bytes: result.throughput.average,
  };
}

async function apiThroughput(server: Server, label: string, user: { cookie: string }) {
  heading(`GET /api/products with 1,000 products, ${label} (autocannon, 50 connections, ${DURATION} s, loopback)`);
  const url = `${server.url}/api/products`;
  const captured = await httpGet(url, { cookie: user.cookie });
  if (captured.status !== 200) throw new Error(`GET /api/products answered ${captured.status}`);
  const count = (JSON.parse(captured.body.toString('utf8')) as unknown[]).length;
  info('response', `${count} products, ${kb(captured.body.length).toFixed(1)} KB, ${JSON.stringify(captured.headers).length} B of headers`);

  const port = nextPort++;
  const dir = mkdtempSync(join(os.tmpdir(), 'inventory-bench-bare-'));
  const captureFile = join(dir, 'capture.json');
  const headers = Object.fromEntries(
    Object.entries(captured.headers).filter(([name]) => name !== 'date').map(([name, value]) => [name, String(value)]),
  );
  writeFileSync(captureFile, JSON.stringify({ port, headers, bodyBase64: captured.body.toString('base64') }));
  const bare = fork(join(ROOT, 'bench/bare-server.mjs'), [captureFile], { stdio: 'inherit' });
  await new Promise<void>((resolve, reject) => {
    bare.once('message', () => resolve());
    bare.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  try {
    const check = await httpGet(`http://127.0.0.1:${port}/`);
    if (!check.body.equals(captured.body)) throw new Error('the bare server does not send the same bytes');

    const bareResult = await cannon(`http://127.0.0.1:${port}/api/products`, user.cookie);
    const pid = server.proc.pid!;
    const rssBefore = readRss(pid);
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(readRss(pid)), 200);
    const realResult = await cannon(url, user.cookie);
    clearInterval(sampler);

    info('bare node:http  requests/s', `${bareResult.rps.toFixed(0)}   p50 ${bareResult.p50} ms   p99 ${bareResult.p99} ms`);
    info('real server     requests/s', `${realResult.rps.toFixed(0)}   p50 ${realResult.p50} ms   p99 ${realResult.p99} ms`);
    if (realResult.non2xx || realResult.errors) {
      info('    real server non-2xx / errors', `${realResult.non2xx} / ${realResult.errors}`);
    }
    figure(`real / bare requests per second (${label})`, (realResult.rps / bareResult.rps) * 100, '%', BUDGET.rpsRatio * 100, false, 1);
    info('real server p99 latency', `${realResult.p99} ms`);
    info('bare server p99 latency', `${bareResult.p99} ms`);
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    info(
      'server RSS: before / mean / peak under load',
      `${mb(rssBefore)} / ${mb(samples.reduce((a, b) => a + b, 0) / Math.max(1, samples.length))} / ${mb(Math.max(rssBefore, ...samples))}`,
    );
  } finally {
    bare.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

// ── 5. list and detail latency with 10,000 products ────────────────────────────────────────────────────────────────
async function latency10k(server: Server, label: string, user: { cookie: string }) {
  heading(`Latency with 10,000 products, ${label} (sequential requests, one at a time)`);
  const list: number[] = [];
  let ids: string[] = [];
  for (let i = 0; i < 22; i += 1) {
    const started = performance.now();
    const res = await httpGet(`${server.url}/api/products`, { cookie: user.cookie });
    const took = performance.now() - started;
    if (res.status !== 200) throw new Error(`GET /api/products answered ${res.status}`);
    if (i >= 2) list.push(took);
    if (i === 0) {
      ids = (JSON.parse(res.body.toString('utf8')) as { _id: string }[]).map((product) => product._id);
      info('response', `${ids.length} products, ${kb(res.body.length).toFixed(0)} KB`);
    }
  }
  info('GET /api/products          median / p95 (20 requests)', `${ms(median(list))} / ${ms(percentile(list, 95))}`);
  const detail: number[] = [];
  for (let i = 0; i < 220; i += 1) {
    const id = ids[(i * 7919) % ids.length]!;
    const started = performance.now();
    const res = await httpGet(`${server.url}/api/products/${id}`, { cookie: user.cookie });
    const took = performance.now() - started;
    if (res.status !== 200) throw new Error(`GET /api/products/:id answered ${res.status}`);
    if (i >= 20) detail.push(took);
  }
  info('GET /api/products/:id      median / p95 (200 requests)', `${ms(median(detail))} / ${ms(percentile(detail, 95))}`);
}

// ── main ──────────────────────────────────────────────────────────────────────────────────────────────────────────
/** BENCH_ONLY=initial,dashboard,api,latency runs only those sections (start-up and seeding always run). */
const ONLY = process.env.BENCH_ONLY?.split(',').map((part) => part.trim());

async function section(name: string, run: () => Promise<void>) {
  if (ONLY && !ONLY.some((part) => name.toLowerCase().startsWith(part.toLowerCase()))) return;
  try {
    await run();
  } catch (error) {
    overCount += 1;
    overList.push(`${name} (could not run)`);
    if (process.env.BENCH_DEBUG) console.error(error);
    console.log(`  ${name}: could not run: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function productNames(server: Server, cookie: string) {
  const res = await httpGet(`${server.url}/api/products`, { cookie });
  return (JSON.parse(res.body.toString('utf8')) as { name: string }[]).map((product) => product.name);
}

async function main() {
  const cpus = os.cpus();
  heading('Machine');
  info('CPU', `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown'}`);
  info('memory', `${(os.totalmem() / 1024 ** 3).toFixed(1)} GB`);
  info('OS / Node', `${os.type()} ${os.release()} / ${process.version}`);
  info('load average at start (1/5/15 min)', os.loadavg().map((v) => v.toFixed(2)).join(' / '));

  if (process.env.BENCH_SKIP_BUILD !== '1') {
    const started = performance.now();
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
    if (build.status !== 0) {
      process.stdout.write(build.stdout ?? '');
      process.stderr.write(build.stderr ?? '');
      console.log('\n`npm run build` failed; nothing to benchmark.');
      process.exit(1);
    }
    info('npm run build', `${((performance.now() - started) / 1000).toFixed(1)} s`);
  }

  const executablePath = findChromium();
  if (!executablePath) {
    console.log(INSTALL_HINT);
    process.exit(1);
  }
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  info('Chromium', `${browser.version()} (${executablePath})`);

  const server = await startupFigures();
  const cleanups: (() => Promise<void>)[] = [() => server.stop()];
  try {
    await section('initial JavaScript', () => initialJs(browser, server));

    heading('Seeding (SQLite, straight into the server database)');
    const big = await register(server, 'tenk');
    info('10,000 products', ms(await seed(server, big, 10_000)));
    const small = await register(server, 'onek');
    info('1,000 products (another user)', ms(await seed(server, small, 1_000)));
    const names = await productNames(server, big.cookie);

    await section('dashboard', () => dashboard(browser, server, big, names));
    await section('API throughput (SQLite)', () => apiThroughput(server, 'SQLite', small));
    await section('latency (SQLite)', () => latency10k(server, 'SQLite', big));

    if (PG_URL) {
      await section('PostgreSQL', async () => {
        heading('PostgreSQL (BENCH_DATABASE_URL / TEST_DATABASE_URL)');
        const pgServer = await startServer({ databaseUrl: PG_URL });
        cleanups.push(() => pgServer.stop());
        info('PostgreSQL server start-up to first answer', ms(pgServer.startupMs));
        const pgBig = await register(pgServer, 'pg-tenk');
        const pgSmall = await register(pgServer, 'pg-onek');
        cleanups.unshift(() => deleteUsers(pgServer, [pgBig.id, pgSmall.id]));
        info('seed 10,000 + 1,000 products', ms((await seed(pgServer, pgBig, 10_000)) + (await seed(pgServer, pgSmall, 1_000))));
        await section('API throughput (PostgreSQL)', () => apiThroughput(pgServer, 'PostgreSQL', pgSmall));
        await section('latency (PostgreSQL)', () => latency10k(pgServer, 'PostgreSQL', pgBig));
      });
    } else {
      heading('PostgreSQL');
      info('skipped', 'set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a postgres:// URL to run the API figures on it');
    }
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    await browser.close();
    rmSync(server.dataDir, { recursive: true, force: true });
  }

  console.log('');
  if (overCount === 0) console.log('All figures within budget.');
  else console.log(`${overCount} figure(s) OVER budget or not measured: ${overList.join('; ')}.`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
