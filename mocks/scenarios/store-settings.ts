import { DEFAULT_STORE_SETTINGS, documentTotals, MESSAGES, type StoreSettings, type TaxRate } from '@inventory/contract';
import { expect } from 'vitest';
import { join } from './stores';
import { etagOf, fakePng, formOf, isoDate, tinyPng, UNKNOWN_UUID, uploadUrl } from './support';
import type { Scenario } from './types';
import { expectMessage, register } from './users';

const SETTINGS = '/api/stores/active/settings';
const LOGO = `${SETTINGS}/logo`;
const RATES = '/api/tax-rates';
const SAVED = {
  ...DEFAULT_STORE_SETTINGS,
  legalName: 'Byte Shop Ltd',
  address: '12 Market Street\nLeeds LS1 6DT',
  taxId: 'GB123456789',
  paymentTermsDays: 30,
  bankDetails: 'IBAN GB33 BUKB 2020 1555 5555 55',
  footerText: 'Thank you for your business.',
  currencySymbol: '£',
};

export const storeSettingsScenarios: Scenario[] = [
  {
    name: 'store settings: every route answers 401 when signed out',
    async run(client) {
      const rate = `${RATES}/${UNKNOWN_UUID}`;
      for (const response of [
        await client.get(SETTINGS),
        await client.put(SETTINGS, SAVED),
        await client.put(LOGO, formOf({}, { file: tinyPng() })),
        await client.delete(LOGO),
        await client.get(RATES),
        await client.post(RATES, { name: 'Standard', percent: 23 }),
        await client.get(rate),
        await client.patch(rate, { percent: 21 }),
        await client.delete(rate),
        await client.post(`${rate}/default`),
      ])
        expectMessage(response, 401, MESSAGES.notAuthorized);
    },
  },
  {
    name: 'store settings: the defaults at version 0 until saved; a save is trimmed, stamped and versioned; a stale one 409; bad values 400',
    async run(client) {
      const { name } = await register(client, 'sofia');
      const fresh = await client.get(SETTINGS);
      expect({ status: fresh.status, body: fresh.body, etag: etagOf(fresh) }).toEqual({
        status: 200,
        body: { ...DEFAULT_STORE_SETTINGS, logo: null, updatedAt: null, updatedBy: null },
        etag: '"0"',
      });
      const saved = await client.put<StoreSettings>(SETTINGS, { ...SAVED, legalName: ' Byte Shop Ltd ', address: '12 Market Street\r\nLeeds LS1 6DT' }, { headers: { 'if-match': '"0"' } });
      expect({ status: saved.status, body: saved.body, etag: etagOf(saved) }).toEqual({
        status: 200,
        body: { ...SAVED, logo: null, updatedAt: isoDate, updatedBy: { name, token: null } },
        etag: '"1"',
      });
      expect((await client.get(SETTINGS)).body).toEqual(saved.body);
      expectMessage(await client.put(SETTINGS, SAVED, { headers: { 'if-match': '"0"' } }), 409, MESSAGES.editConflict);
      const whole = await client.put<StoreSettings>(SETTINGS, { ...saved.body, currencySymbol: 'CHF', logo: { url: 'x', fileName: 'y' } });
      expect(whole.body).toMatchObject({ currencySymbol: 'CHF', logo: null });
      for (const [change, message] of [
        [{ currencyDecimals: 3 }, MESSAGES.currencyDecimalsThree],
        [{ currencySymbol: 'EURO€' }, MESSAGES.currencySymbolTooLong],
        [{ paymentTermsDays: -1 }, MESSAGES.paymentTermsInvalid],
        [{ bankDetails: 'b'.repeat(501) }, MESSAGES.fieldTooLong('Bank details', 500)],
        [{ taxId: 'GB\n1' }, MESSAGES.controlCharacters('Tax ID')],
        [{ owner: 'me' }, 'Unexpected field: owner'],
      ] as const)
        expectMessage(await client.put(SETTINGS, { ...SAVED, ...change }), 400, message);
      const other = client.newSession();
      await register(other, 'stig');
      expect((await other.get<StoreSettings>(SETTINGS)).body.legalName).toBe('');
    },
  },
  {
    name: "store settings: a logo is an image of the store's, replaced and removed with its upload; not an image 415",
    async run(client, ctx) {
      await register(client, 'lola');
      const set = await client.put<StoreSettings>(LOGO, formOf({}, { file: tinyPng('logo.png') }));
      expect({ status: set.status, logo: set.body.logo, etag: etagOf(set) }).toEqual({ status: 200, logo: { url: uploadUrl('png'), fileName: 'logo.png' }, etag: '"1"' });
      const url = set.body.logo!.url;
      const image = await client.get(url, { headers: { accept: 'image/*' } });
      expect({ status: image.status, type: image.headers.get('content-type') }).toEqual({ status: 200, type: 'image/png' });
      const staff = await join(client, ctx, 'staff', 'sami');
      expect((await staff.client.get(url, { headers: { accept: 'image/*' } })).status).toBe(200);
      expect((await staff.client.get<StoreSettings>(SETTINGS)).body.logo).toEqual(set.body.logo);
      const stranger = client.newSession();
      await register(stranger, 'strom');
      expect((await stranger.get(url, { headers: { accept: 'image/*' } })).status).toBe(404);

      expectMessage(await client.put(LOGO, formOf({}, { file: fakePng() })), 415, MESSAGES.imageTypeNotAllowed);
      expectMessage(await client.put(LOGO, formOf({}, {})), 400, MESSAGES.imageRequired);
      expectMessage(await client.put(LOGO, formOf({}, { file: tinyPng() }), { headers: { 'if-match': '"0"' } }), 409, MESSAGES.editConflict);
      const replaced = await client.put<StoreSettings>(LOGO, formOf({}, { file: tinyPng('new.png') }));
      expect(replaced.body.logo).toEqual({ url: uploadUrl('png'), fileName: 'new.png' });
      expect((await client.get(url, { headers: { accept: 'image/*' } })).status).toBe(404);
      const removed = await client.delete<StoreSettings>(LOGO);
      expect({ status: removed.status, logo: removed.body.logo }).toEqual({ status: 200, logo: null });
      expect((await client.get(replaced.body.logo!.url, { headers: { accept: 'image/*' } })).status).toBe(404);
    },
  },
  {
    name: 'tax rates: added, listed highest first, edited at their version, one default at a time, deleted; staff read only',
    async run(client, ctx) {
      await register(client, 'tara');
      const created = await client.post<TaxRate>(RATES, { name: ' Reduced ', percent: 8 });
      expect({ status: created.status, body: created.body, etag: etagOf(created) }).toEqual({
        status: 201,
        body: { _id: expect.any(String), name: 'Reduced', percent: 8, isDefault: false, version: 1, createdAt: isoDate, updatedAt: isoDate },
        etag: '"1"',
      });
      const standard = (await client.post<TaxRate>(RATES, { name: 'Standard', percent: 23, isDefault: true })).body;
      const nyc = (await client.post<TaxRate>(RATES, { name: 'NYC', percent: 8.875 })).body;
      const listed = await client.get<TaxRate[]>(RATES);
      expect(listed.body.map((rate) => [rate.name, rate.percent, rate.isDefault])).toEqual([
        ['Standard', 23, true],
        ['NYC', 8.875, false],
        ['Reduced', 8, false],
      ]);
      // What a document of these rates comes to: the contract's rule, the Odoo case.
      expect(documentTotals([{ quantity: 1, unitPriceCents: 5555, taxRateId: standard._id }, { quantity: 1, unitPriceCents: 1111, taxRateId: standard._id }], listed.body, false).taxCents).toBe(1533);

      const url = `${RATES}/${created.body._id}`;
      const one = await client.get(url);
      expect({ status: one.status, body: one.body, etag: etagOf(one) }).toEqual({ status: 200, body: created.body, etag: '"1"' });
      const edited = await client.patch<TaxRate>(url, { ...created.body, percent: 7.7 }, { headers: { 'if-match': '"1"' } });
      expect({ status: edited.status, percent: edited.body.percent, version: edited.body.version, etag: etagOf(edited) }).toEqual({ status: 200, percent: 7.7, version: 2, etag: '"2"' });
      expectMessage(await client.patch(url, { name: 'x' }, { headers: { 'if-match': '"1"' } }), 409, MESSAGES.editConflict);
      for (const [body, message] of [
        [{ name: 'Half', percent: 8.87501 }, MESSAGES.taxRatePercentDecimals],
        [{ name: 'Over', percent: 101 }, MESSAGES.taxRatePercentInvalid],
        [{ name: ' ', percent: 5 }, MESSAGES.taxRateNameRequired],
      ] as const)
        expectMessage(await client.post(RATES, body), 400, message);

      const set = await client.post<TaxRate>(`${RATES}/${nyc._id}/default`);
      expect({ status: set.status, name: set.body.name, isDefault: set.body.isDefault }).toEqual({ status: 200, name: 'NYC', isDefault: true });
      const after = (await client.get<TaxRate[]>(RATES)).body;
      expect(after.filter((rate) => rate.isDefault).map((rate) => rate.name)).toEqual(['NYC']);
      expect(after.find((rate) => rate._id === standard._id)!.version).toBe(2);
      await client.post(RATES, { name: 'Zero', percent: 0, isDefault: true });
      expect((await client.get<TaxRate[]>(RATES)).body.filter((rate) => rate.isDefault).map((rate) => rate.name)).toEqual(['Zero']);

      const staff = await join(client, ctx, 'staff', 'timo');
      expect((await staff.client.get<TaxRate[]>(RATES)).body).toHaveLength(4);
      const refused = MESSAGES.roleForbidden('staff', 'change the store settings or tax rates');
      expectMessage(await staff.client.post(RATES, { name: 'Mine', percent: 1 }), 403, refused);
      expectMessage(await staff.client.put(SETTINGS, SAVED), 403, refused);

      const stranger = client.newSession();
      await register(stranger, 'tomas');
      expectMessage(await stranger.get(url), 404, MESSAGES.taxRateNotFound);
      expectMessage(await client.get(`${RATES}/not-a-uuid`), 404, MESSAGES.taxRateNotFound);
      expectMessage(await client.delete(url, { headers: { 'if-match': '"1"' } }), 409, MESSAGES.editConflict);
      expect((await client.delete(url)).body).toEqual({ message: MESSAGES.taxRateDeleted });
      expectMessage(await client.get(url), 404, MESSAGES.taxRateNotFound);
    },
  },
];
