import { MESSAGES, storeSettingsUpdateSchema, taxRateCreateSchema, taxRateUpdateSchema } from '@inventory/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ifMatchOf, setEtag } from '../../http/etag';
import { HttpError, parse } from '../../http/errors';
import { readMultipart } from '../../http/multipart';
import { requireStore, type StoreAccessDeps, storeOf } from '../../stores/access';
import { processImage } from '../../uploads/images';
import type { StoreSettingsService } from './settings-service';
import type { TaxRateService } from './tax-rates-service';
import { pathId } from '../../http/path-id';

export interface StoreSettingsRoutesOptions {
  settings: StoreSettingsService;
  taxRates: TaxRateService;
  access: StoreAccessDeps;
}

function taxRateId(request: FastifyRequest): string {
  return pathId(request, MESSAGES.taxRateNotFound);
}

/**
 * /api/stores/active/settings (the store's details for its documents, its logo) and /api/tax-rates
 * (docs/decisions/0038-store-details-and-tax-rates.md): every member reads them, owners change them; single answers
 * carry an ETag and every write honours If-Match.
 */
export async function storeSettingsRoutes(app: FastifyInstance, { settings, taxRates, access }: StoreSettingsRoutesOptions) {
  const read = requireStore(access, 'settings:read');
  const change = requireStore(access, 'settings:update');

  app.get('/api/stores/active/settings', { preHandler: read }, async (request, reply) => {
    const { settings: answer, version } = await settings.get(storeOf(request).storeId);
    return setEtag(reply, version).send(answer);
  });

  app.put('/api/stores/active/settings', { preHandler: change }, async (request, reply) => {
    const body = parse(storeSettingsUpdateSchema, request.body);
    const { settings: answer, version } = await settings.update(storeOf(request), body, ifMatchOf(request));
    return setEtag(reply, version).send(answer);
  });

  app.put('/api/stores/active/settings/logo', { preHandler: change }, async (request, reply) => {
    const form = await readMultipart(request, 'file');
    const [unexpected] = Object.keys(form.fields);
    if (unexpected !== undefined) throw new HttpError(400, `Unexpected field: ${unexpected}`);
    if (!form.file) throw new HttpError(400, MESSAGES.imageRequired);
    const image = await processImage(form.file.bytes, form.file.fileName);
    const { settings: answer, version } = await settings.setLogo(storeOf(request), image, ifMatchOf(request));
    return setEtag(reply, version).send(answer);
  });

  app.delete('/api/stores/active/settings/logo', { preHandler: change }, async (request, reply) => {
    const { settings: answer, version } = await settings.removeLogo(storeOf(request), ifMatchOf(request));
    return setEtag(reply, version).send(answer);
  });

  app.get('/api/tax-rates', { preHandler: read }, async (request) => taxRates.list(storeOf(request).storeId));

  app.post('/api/tax-rates', { preHandler: change }, async (request, reply) => {
    const body = parse(taxRateCreateSchema, request.body);
    const { rate, version } = await taxRates.create(storeOf(request), body);
    return setEtag(reply.status(201), version).send(rate);
  });

  app.get('/api/tax-rates/:id', { preHandler: read }, async (request, reply) => {
    const { rate, version } = await taxRates.get(storeOf(request).storeId, taxRateId(request));
    return setEtag(reply, version).send(rate);
  });

  app.patch('/api/tax-rates/:id', { preHandler: change }, async (request, reply) => {
    const id = taxRateId(request);
    const body = parse(taxRateUpdateSchema, request.body);
    const { rate, version } = await taxRates.update(storeOf(request), id, body, ifMatchOf(request));
    return setEtag(reply, version).send(rate);
  });

  app.delete('/api/tax-rates/:id', { preHandler: change }, async (request) => {
    await taxRates.remove(storeOf(request), taxRateId(request), ifMatchOf(request));
    return { message: MESSAGES.taxRateDeleted };
  });

  app.post('/api/tax-rates/:id/default', { preHandler: change }, async (request, reply) => {
    const { rate, version } = await taxRates.setDefault(storeOf(request), taxRateId(request), ifMatchOf(request));
    return setEtag(reply, version).send(rate);
  });
}
