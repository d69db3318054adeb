import {
  firstIssueMessage,
  idParamsSchema,
  MESSAGES,
  storeSettingsUpdateSchema,
  taxRateCreateSchema,
  taxRateCreationRefusal,
  taxRateUpdateSchema,
} from '@inventory/contract';
import { http, HttpResponse } from 'msw';
import { mockDb, newUuid, notifyMockDbChange, type StoredActor, type StoredStoreSettings, type StoredTaxRate } from '../db';
import { api, errorResponse, etag, isStaleEdit, readJsonBody, readMultipart } from '../http';
import { checkImage, storeUpload } from '../images';
import { requireStore } from '../store-auth';
import { savedSettingsOf, storeSettingsAnswer, taxRatesOf, toTaxRate } from '../store-settings';

/**
 * The store settings and tax rate routes with the server's behaviour (features/store-settings): the rules, the order
 * of the rates and what may be written are the contract's; the mock keeps the rows.
 */

function settingsResponse(storeId: string): Response {
  const { settings, version } = storeSettingsAnswer(storeId);
  return HttpResponse.json(settings, { headers: { ETag: etag(version) } });
}

function rateResponse(rate: StoredTaxRate, status = 200): Response {
  return HttpResponse.json(toTaxRate(rate), { status, headers: { ETag: etag(rate.version) } });
}

/** A write of the settings at their version: 409 for a stale If-Match, else the change, stamped, at the next version. */
function writeSettings(request: Request, storeId: string, actor: StoredActor, change: (settings: StoredStoreSettings) => void): Response {
  const stored = savedSettingsOf(storeId);
  if (isStaleEdit(request, stored.version)) return errorResponse(409, MESSAGES.editConflict);
  change(stored);
  stored.changer = actor;
  stored.updatedAt = new Date().toISOString();
  stored.version += 1;
  notifyMockDbChange();
  return settingsResponse(storeId);
}

/** The logo's upload goes once nothing names it. */
function dropUpload(name: string | null): void {
  if (name !== null) mockDb.uploads = mockDb.uploads.filter((upload) => upload.name !== name);
}

const rateNotFound = () => errorResponse(404, MESSAGES.taxRateNotFound);
const validId = (id: string | undefined) => idParamsSchema.safeParse({ id }).success;
const ownRate = (id: string | undefined, storeId: string) => mockDb.taxRates.find((rate) => rate._id === id && rate.storeId === storeId);

function stamp(rate: StoredTaxRate, actor: StoredActor, at: string): void {
  rate.changer = actor;
  rate.updatedAt = at;
  rate.version += 1;
}

/** The store's default stops being one (a new version of it), unless it is `keep`. */
function clearDefault(storeId: string, actor: StoredActor, at: string, keep?: StoredTaxRate): void {
  for (const rate of taxRatesOf(storeId)) {
    if (rate.isDefault && rate !== keep) {
      rate.isDefault = false;
      stamp(rate, actor, at);
    }
  }
}

export const storeSettingsHandlers = [
  http.get(api('/stores/active/settings'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'settings:read');
    return auth.ok ? settingsResponse(auth.store._id) : auth.response;
  }),

  http.put(api('/stores/active/settings'), async ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'settings:update');
    if (!auth.ok) return auth.response;
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = storeSettingsUpdateSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    return writeSettings(request, auth.store._id, auth.actor, (settings) => Object.assign(settings, parsed.data));
  }),

  http.put(api('/stores/active/settings/logo'), async ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'settings:update');
    if (!auth.ok) return auth.response;
    const form = await readMultipart(request);
    if (!form.ok) return form.response;
    const { file, ...otherFiles } = form.files;
    const unexpected = Object.keys(form.fields)[0] ?? Object.keys(otherFiles)[0];
    if (unexpected) return errorResponse(400, `Unexpected field: ${unexpected}`);
    if (!file) return errorResponse(400, MESSAGES.imageRequired);
    const image = await checkImage(file);
    if (!image.ok) return image.response;
    const before = savedSettingsOf(auth.store._id).logoUpload;
    if (isStaleEdit(request, savedSettingsOf(auth.store._id).version)) return errorResponse(409, MESSAGES.editConflict);
    const upload = storeUpload(auth.userId, image.type, image.bytes, auth.store._id);
    const response = writeSettings(request, auth.store._id, auth.actor, (settings) => {
      settings.logoUpload = upload.name;
      settings.logoFileName = image.fileName;
    });
    dropUpload(before);
    return response;
  }),

  http.delete(api('/stores/active/settings/logo'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'settings:update');
    if (!auth.ok) return auth.response;
    const before = savedSettingsOf(auth.store._id).logoUpload;
    const response = writeSettings(request, auth.store._id, auth.actor, (settings) => {
      settings.logoUpload = null;
      settings.logoFileName = null;
    });
    if (response.status === 200) dropUpload(before);
    return response;
  }),

  http.get(api('/tax-rates'), ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'settings:read');
    if (!auth.ok) return auth.response;
    return HttpResponse.json(taxRatesOf(auth.store._id).map(toTaxRate));
  }),

  http.post(api('/tax-rates'), async ({ request, cookies }) => {
    const auth = requireStore(request, cookies, 'settings:update');
    if (!auth.ok) return auth.response;
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = taxRateCreateSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    const refusal = taxRateCreationRefusal(taxRatesOf(auth.store._id).length);
    if (refusal) return errorResponse(refusal.status, refusal.message);
    const at = new Date().toISOString();
    if (parsed.data.isDefault) clearDefault(auth.store._id, auth.actor, at);
    const rate: StoredTaxRate = { _id: newUuid(), storeId: auth.store._id, ...parsed.data, createdAt: at, updatedAt: at, version: 1, creator: auth.actor, changer: auth.actor };
    mockDb.taxRates.push(rate);
    notifyMockDbChange();
    return rateResponse(rate, 201);
  }),

  http.get<{ id: string }>(api('/tax-rates/:id'), ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'settings:read');
    if (!auth.ok) return auth.response;
    const rate = validId(params.id) ? ownRate(params.id, auth.store._id) : undefined;
    return rate ? rateResponse(rate) : rateNotFound();
  }),

  http.patch<{ id: string }>(api('/tax-rates/:id'), async ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'settings:update');
    if (!auth.ok) return auth.response;
    if (!validId(params.id)) return rateNotFound();
    const read = await readJsonBody(request);
    if (!read.ok) return read.response;
    const parsed = taxRateUpdateSchema.safeParse(read.body);
    if (!parsed.success) return errorResponse(400, firstIssueMessage(parsed.error));
    const rate = ownRate(params.id, auth.store._id);
    if (!rate) return rateNotFound();
    if (isStaleEdit(request, rate.version)) return errorResponse(409, MESSAGES.editConflict);
    Object.assign(rate, parsed.data);
    stamp(rate, auth.actor, new Date().toISOString());
    notifyMockDbChange();
    return rateResponse(rate);
  }),

  http.delete<{ id: string }>(api('/tax-rates/:id'), ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'settings:update');
    if (!auth.ok) return auth.response;
    const rate = validId(params.id) ? ownRate(params.id, auth.store._id) : undefined;
    if (!rate) return rateNotFound();
    if (isStaleEdit(request, rate.version)) return errorResponse(409, MESSAGES.editConflict);
    mockDb.taxRates = mockDb.taxRates.filter((other) => other !== rate);
    notifyMockDbChange();
    return HttpResponse.json({ message: MESSAGES.taxRateDeleted });
  }),

  http.post<{ id: string }>(api('/tax-rates/:id/default'), ({ request, params, cookies }) => {
    const auth = requireStore(request, cookies, 'settings:update');
    if (!auth.ok) return auth.response;
    const rate = validId(params.id) ? ownRate(params.id, auth.store._id) : undefined;
    if (!rate) return rateNotFound();
    if (isStaleEdit(request, rate.version)) return errorResponse(409, MESSAGES.editConflict);
    if (!rate.isDefault) {
      const at = new Date().toISOString();
      clearDefault(auth.store._id, auth.actor, at, rate);
      rate.isDefault = true;
      stamp(rate, auth.actor, at);
      notifyMockDbChange();
    }
    return rateResponse(rate);
  }),
];
