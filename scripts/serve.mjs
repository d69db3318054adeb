// Run the built server (packages/server/dist/main.js) as one process, or as WORKERS processes sharing one port.
//
//   WORKERS unset or 1   the server runs in this process (the default).
//   WORKERS=<n>          a primary process forks n workers with node:cluster; they share PORT (the primary hands
//                        out connections round-robin). A worker that dies after it was serving is replaced. A worker
//                        that dies before it ever listened (bad configuration, database unreachable, a failed
//                        migration) stops the whole server with exit code 1: restarting it would only fail again.
//                        SIGTERM/SIGINT to the primary drain every worker (each finishes its requests in flight,
//                        see packages/server/src/main.ts) and the primary exits 0 when all of them did.
//   WORKERS=auto         one worker per core: os.availableParallelism().
//
// The primary never opens the database. Workers migrate on start, and migrations are safe to run concurrently
// (packages/server/src/db/migrate.ts): on PostgreSQL under an advisory lock, on SQLite in one transaction retried
// when another process holds the write lock.
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';

const MAX_WORKERS = 64;
/** A replaced worker starts after this delay, so a worker that crashes at once does not spin the CPU. */
const RESTART_DELAY_MS = 1000;
/** The primary's own limit: workers exit within 10 s (SHUTDOWN_TIMEOUT_MS), the rest is slack. */
const PRIMARY_SHUTDOWN_TIMEOUT_MS = 15_000;

/** The number of workers WORKERS asks for, or throws with a one-line message. */
export function parseWorkers(raw) {
  const value = (raw ?? '').trim().toLowerCase();
  if (value === '') return 1;
  if (value === 'auto') return Math.max(1, Math.min(MAX_WORKERS, availableParallelism()));
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > MAX_WORKERS) {
    throw new Error(`Invalid configuration: WORKERS must be a whole number from 1 to ${MAX_WORKERS}, or auto`);
  }
  return Number(value);
}

const log = (message) => console.log(`[primary ${process.pid}] ${message}`);

/** Serve `entry` (the built server) with as many processes as WORKERS says. */
export async function serve(entry, env = process.env) {
  let workers;
  try {
    workers = parseWorkers(env.WORKERS);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  if (workers === 1) {
    await import(entry);
    return;
  }

  cluster.setupPrimary({ exec: entry });
  let stopping = false;
  let exitCode = 0;
  /** Workers that are serving (they emitted 'listening'). */
  const serving = new Set();

  const fork = () => {
    const worker = cluster.fork();
    log(`worker ${worker.id} starting (pid ${worker.process.pid})`);
  };

  const stop = (signal, code) => {
    if (stopping) return;
    stopping = true;
    exitCode = Math.max(exitCode, code);
    log(`${signal}: draining ${Object.keys(cluster.workers ?? {}).length} worker(s)`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    const force = setTimeout(() => {
      log(`workers still running after ${PRIMARY_SHUTDOWN_TIMEOUT_MS / 1000} s: killing them`);
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, PRIMARY_SHUTDOWN_TIMEOUT_MS);
    force.unref();
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
  };

  cluster.on('listening', (worker, address) => {
    serving.add(worker.id);
    log(`worker ${worker.id} (pid ${worker.process.pid}) listening on ${address.port}`);
  });

  cluster.on('exit', (worker, code, signal) => {
    const wasServing = serving.delete(worker.id);
    const how = signal ? `signal ${signal}` : `code ${code}`;
    if (stopping) {
      if (code !== 0) exitCode = 1;
      log(`worker ${worker.id} (pid ${worker.process.pid}) exited with ${how}`);
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log(`all workers stopped, exiting ${exitCode}`);
        process.exit(exitCode);
      }
      return;
    }
    if (!wasServing) {
      log(`worker ${worker.id} (pid ${worker.process.pid}) exited with ${how} before it was serving: stopping`);
      stop('startup failure', 1);
      return;
    }
    log(`worker ${worker.id} (pid ${worker.process.pid}) died with ${how}: starting a replacement`);
    setTimeout(() => {
      if (!stopping) fork();
    }, RESTART_DELAY_MS);
  });

  process.on('SIGTERM', () => stop('SIGTERM', 0));
  process.on('SIGINT', () => stop('SIGINT', 0));

  log(`starting ${workers} workers (WORKERS=${env.WORKERS})`);
  for (let i = 0; i < workers; i += 1) fork();
}

// `node scripts/serve.mjs`: serve the already built server without checking what is stale (tests, containers).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await serve(fileURLToPath(new URL('../packages/server/dist/main.js', import.meta.url)));
}
