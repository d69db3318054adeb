import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

/** How long a shutdown may take before the process gives up on in-flight work and exits 1. */
export const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * Start the server: check the configuration, open the database, migrate, listen.
 *
 * On SIGTERM/SIGINT it drains: the listening socket closes at once (new connections are refused; a request arriving
 * on an already open keep-alive connection answers 503), requests in flight run to their end, then the mail transport
 * and the database close and the process exits 0. If that takes longer than SHUTDOWN_TIMEOUT_MS it logs and exits 1.
 * Under `npm start` with WORKERS > 1 this file runs in every worker; the primary (scripts/start.mjs) forwards the
 * signal.
 */
async function main(): Promise<void> {
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let closing = false;
  const close = (signal: string) => {
    if (closing) return;
    closing = true;
    // Still starting: nothing is in flight (a migration runs in a transaction), so just stop.
    if (!app) {
      console.error(`${signal} while starting: exiting`);
      process.exit(0);
    }
    const running = app;
    const started = Date.now();
    running.log.info({ signal }, `${signal}: shutting down, letting requests in flight finish`);
    const force = setTimeout(() => {
      running.log.error({ signal }, `shutdown took longer than ${SHUTDOWN_TIMEOUT_MS / 1000} s: exiting with requests still in flight`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    running.close().then(
      () => {
        running.log.info({ ms: Date.now() - started }, 'shut down cleanly');
        process.exit(0);
      },
      (error: unknown) => {
        running.log.error({ err: error }, 'error while closing');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => close('SIGTERM'));
  process.on('SIGINT', () => close('SIGINT'));

  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  try {
    app = await buildApp(config);
  } catch (error) {
    console.error(`Could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // A signal that arrived between start and listen closes the app itself.
    if (closing) return;
    console.error(`Could not listen on ${config.host}:${config.port}: ${error instanceof Error ? error.message : String(error)}`);
    await app.close().catch(() => undefined);
    process.exit(1);
  }
  app.log.info(`Inventory is up at ${config.publicUrl} (database: ${config.database.kind}, mail: ${config.smtpUrl ? 'smtp' : 'saved under DATA_DIR/mail'})`);
}

void main();
