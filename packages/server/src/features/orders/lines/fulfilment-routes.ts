import { MESSAGES, returnSchema, SALES_MESSAGES, shipmentParamsSchema, shipmentSchema } from '@inventory/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db';
import { parse } from '../../../http/errors';
import { pathId, pathParams } from '../../../http/path-id';
import { requireStore, type StoreAccessDeps, storeOf } from '../../../stores/access';
import type { FulfilmentService } from './fulfilment-service';
import { packingSlipHtml } from './packing-slip';

export interface FulfilmentRoutesOptions {
  fulfilment: FulfilmentService;
  access: StoreAccessDeps;
  db: Db;
}

/** /api/orders/{id}/shipments and /returns (issue 27): recorded by those who may edit orders, read by those who may read them. */
export async function fulfilmentRoutes(app: FastifyInstance, { fulfilment, access, db }: FulfilmentRoutesOptions) {
  app.post('/api/orders/:id/shipments', { preHandler: requireStore(access, 'catalogue:update') }, async (request, reply) => {
    const id = pathId(request, MESSAGES.orderNotFound);
    const body = parse(shipmentSchema, request.body);
    return reply.code(201).send(await fulfilment.ship(storeOf(request), id, body));
  });

  app.get('/api/orders/:id/shipments', { preHandler: requireStore(access, 'catalogue:read') }, async (request, reply) => {
    const id = pathId(request, MESSAGES.orderNotFound);
    return reply.header('cache-control', 'private, no-store').send(await fulfilment.shipments(storeOf(request).storeId, id));
  });

  app.get('/api/orders/:id/shipments/:shipmentId/packing-slip', { preHandler: requireStore(access, 'catalogue:read') }, async (request, reply) => {
    const { id, shipmentId } = pathParams(shipmentParamsSchema, request, SALES_MESSAGES.shipmentNotFound);
    const html = await packingSlipHtml(db, storeOf(request).storeId, id, shipmentId);
    return reply.header('cache-control', 'private, no-store').type('text/html; charset=utf-8').send(html);
  });

  app.post('/api/orders/:id/returns', { preHandler: requireStore(access, 'catalogue:update') }, async (request, reply) => {
    const id = pathId(request, MESSAGES.orderNotFound);
    const body = parse(returnSchema, request.body);
    return reply.code(201).send(await fulfilment.takeBack(storeOf(request), id, body));
  });

  app.get('/api/orders/:id/returns', { preHandler: requireStore(access, 'catalogue:read') }, async (request, reply) => {
    const id = pathId(request, MESSAGES.orderNotFound);
    return reply.header('cache-control', 'private, no-store').send(await fulfilment.returns(storeOf(request).storeId, id));
  });
}
