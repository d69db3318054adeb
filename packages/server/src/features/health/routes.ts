import { MESSAGES } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import { type Db, isDbReady } from '../../db';

/** /healthz: the process answers. /readyz: the database answers too. */
export async function healthRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    if (await isDbReady(db)) return { status: 'ok' };
    return reply.status(503).send({ message: MESSAGES.serviceUnavailable });
  });
}
