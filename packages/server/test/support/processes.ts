import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SESSION_COOKIE_NAME } from '@inventory/contract';
import { minimalHashing } from './password-cost';

/** Real server processes for the tests that need more than one process, signals or a socket: the built server. */
const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '..', '..', '..', '..');
const SERVER_DIR = path.join(REPO_ROOT, 'packages', 'server');
export const SERVER_ENTRY = path.join(SERVER_DIR, 'dist', 'main.js');
export const OPS_ENTRY = path.join(SERVER_DIR, 'dist', 'ops.js');
export const SERVE_SCRIPT = path.join(REPO_ROOT, 'scripts', 'serve.mjs');

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Build packages/server/dist (main.js, ops.js) when it is missing or older than the server's or the contract's sources. */
export function ensureServerBuilt(): void {
  const sources = [path.join(SERVER_DIR, 'src'), path.join(REPO_ROOT, 'packages', 'contract', 'src')];
  const built = Math.min(
    ...[SERVER_ENTRY, OPS_ENTRY].map((entry) => (existsSync(entry) ? statSync(entry).mtimeMs : 0)),
  );
  if (built > 0 && sources.every((source) => newestMtime(source) <= built)) return;
  const result = spawnSync(process.execPath, [path.join(SERVER_DIR, 'build.mjs')], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`server build failed:\n${result.stdout}\n${result.stderr}`);
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves when the process exits. */
  exited: Promise<Exit>;
  /** Send a signal (SIGTERM by default) and wait for the exit; SIGKILL after `timeoutMs`. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<Exit>;
}

export interface StartOptions {
  /** DATA_DIR, DATABASE_URL and anything else for the server. */
  env: Record<string, string>;
  /** `server`: `node dist/main.js`; `serve`: `node scripts/serve.mjs` (WORKERS). */
  via?: 'server' | 'serve';
  port?: number;
  readyTimeoutMs?: number;
}

/** Start the built server and wait until /readyz answers 200. */
export async function startServer({
  env,
  via = 'server',
  port,
  readyTimeoutMs = 45_000,
}: StartOptions): Promise<ServerProcess> {
  ensureServerBuilt();
  const listenPort = port ?? (await freePort());
  const url = `http://127.0.0.1:${listenPort}`;
  const child = spawn(process.execPath, [via === 'server' ? SERVER_ENTRY : SERVE_SCRIPT], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(listenPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      ...minimalHashing(env),
      APP_DIST: path.join(env.DATA_DIR ?? REPO_ROOT, 'no-app-dist'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'exit' can come before the last output has been read from the pipes; 'close' comes after, unless a worker that
  // outlived its primary still holds them open, so wait for 'close' only briefly.
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const exited = new Promise<Exit>((resolve) =>
    child.once('exit', (code, signal) => {
      const grace = setTimeout(() => resolve({ code, signal }), 2_000);
      void closed.then(() => {
        clearTimeout(grace);
        resolve({ code, signal });
      });
    }),
  );
  let exit: Exit | undefined;
  void exited.then((value) => (exit = value));

  const stop = async (signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 20_000) => {
    if (exit) return exit;
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    try {
      return await exited;
    } finally {
      clearTimeout(timer);
    }
  };

  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (exit) throw new Error(`server exited (${JSON.stringify(exit)}) before it was ready:\n${output}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop('SIGKILL');
      throw new Error(`server not ready after ${readyTimeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, port: listenPort, child, output: () => output, exited, stop };
}

/** The session token in a fetch response's Set-Cookie, or undefined. */
export function sessionOf(response: Response): string | undefined {
  for (const cookie of response.headers.getSetCookie()) {
    const match = new RegExp(`^${SESSION_COOKIE_NAME}=([^;]*)`).exec(cookie);
    if (match?.[1]) return match[1];
  }
  return undefined;
}

export const cookie = (token: string | undefined): Record<string, string> =>
  token ? { cookie: `${SESSION_COOKIE_NAME}=${token}` } : {};

/** JSON request against a running server, as the holder of `token`. */
export function api(
  base: string,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return fetch(`${base}${url}`, {
    method,
    headers: { ...cookie(token), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
