import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Work started by a request and done after its answer; closing the app waits for it. */
    backgroundJobs: BackgroundJobs;
  }
}

/**
 * Work done after the answer has gone out (the password-reset mail), so a request takes the same time whatever work
 * it leaves behind. A job that fails is logged, never left unhandled.
 */
export interface BackgroundJobs {
  /** Start `job` once the current request has been answered. */
  run(name: string, job: () => Promise<void>): void;
  /** Resolves when no job is pending, counting jobs started while waiting. */
  settled(): Promise<void>;
}

export function createBackgroundJobs(log: FastifyBaseLogger): BackgroundJobs {
  const pending = new Set<Promise<void>>();
  return {
    run(name, job) {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(job)
        .catch((error: unknown) => log.error({ err: error, job: name }, 'background job failed'))
        .finally(() => pending.delete(done));
      pending.add(done);
    },
    async settled() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}

/**
 * The app's background jobs, awaited when the app closes (app.close(), SIGTERM). Register it after the hook that
 * closes the mail transport and the database: onClose hooks run last-registered first, so the jobs finish before.
 */
export function registerBackgroundJobs(app: FastifyInstance): BackgroundJobs {
  const jobs = createBackgroundJobs(app.log);
  app.decorate('backgroundJobs', jobs);
  app.addHook('onClose', () => jobs.settled());
  return jobs;
}
