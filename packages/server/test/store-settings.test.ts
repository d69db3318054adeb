import { DEFAULT_STORE_SETTINGS, MESSAGES, type StoreSettings, type TaxRate } from '@inventory/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, PUBLIC_URL, register, startApp } from './support/app';
import { multipart, pngImage } from './support/catalogue';
import { databases, type TestDatabase } from './support/databases';
import { call, joinAs, memoryMailer } from './support/team';

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
  currencyDecimals: 2,
  pricesIncludeTax: true,
};

function expectMessage(response: LightMyRequestResponse, status: number, message: string) {
  expect({ status: response.statusCode, body: response.json() }).toEqual({ status, body: { message } });
}

describe.each(databases)('store settings and tax rates on $name', (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const mailer = memoryMailer();

  beforeAll(async () => {
    database = await kind.create();
    app = await startApp(database, {}, { mailer });
  });
  afterAll(async () => {
    await app?.close();
    await database?.cleanup();
  });

  const newStore = async () => {
    const made = await register(app, { name: 'Olivia Owner' });
    return { headers: cookieHeader(made.token), token: made.token! };
  };
  const putLogo = async (headers: Record<string, string>, bytes: Buffer, fileName = 'logo.png', type = 'image/png') => {
    const body = await multipart({}, { field: 'file', fileName, type, bytes });
    return app.inject({ method: 'PUT', url: LOGO, payload: body.payload, headers: { ...body.headers, ...headers } });
  };
  const createRate = async (headers: Record<string, string>, body: object) => {
    const response = await call(app, 'POST', RATES, headers, body);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<TaxRate>();
  };
  const defaults = async (headers: Record<string, string>) => (await call(app, 'GET', RATES, headers)).json<TaxRate[]>().filter((rate) => rate.isDefault).map((rate) => rate.name);

  it('a store that saved nothing answers the defaults at version 0; a save is version 1, stamped, trimmed, and read back', async () => {
    const { headers } = await newStore();
    const fresh = await call(app, 'GET', SETTINGS, headers);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers.etag).toBe('"0"');
    expect(fresh.json()).toEqual({ ...DEFAULT_STORE_SETTINGS, logo: null, updatedAt: null, updatedBy: null });

    const saved = await call(app, 'PUT', SETTINGS, { ...headers, 'if-match': '"0"' }, { ...SAVED, legalName: '  Byte Shop Ltd ', address: '12 Market Street\r\nLeeds LS1 6DT' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers.etag).toBe('"1"');
    const settings = saved.json<StoreSettings>();
    expect(settings).toEqual({ ...SAVED, logo: null, updatedAt: expect.any(String), updatedBy: { name: 'Olivia Owner', token: null } });
    expect((await call(app, 'GET', SETTINGS, headers)).json()).toEqual(settings);

    expectMessage(await call(app, 'PUT', SETTINGS, { ...headers, 'if-match': '"0"' }, SAVED), 409, MESSAGES.editConflict);
    // The whole answer sent back: its read-only fields are ignored.
    const whole = await call(app, 'PUT', SETTINGS, { ...headers, 'if-match': '"1"' }, { ...settings, currencySymbol: 'CHF', logo: { url: 'x', fileName: 'y' } });
    expect(whole.statusCode, whole.body).toBe(200);
    expect(whole.json()).toMatchObject({ currencySymbol: 'CHF', logo: null });
    expect(whole.headers.etag).toBe('"2"');
  });

  it('answers each bad setting with its message (400), and a store of another owner keeps its own', async () => {
    const { headers } = await newStore();
    for (const [change, message] of [
      [{ currencyDecimals: 3 }, MESSAGES.currencyDecimalsThree],
      [{ currencySymbol: 'EURO€' }, MESSAGES.currencySymbolTooLong],
      [{ currencySymbol: ' ' }, MESSAGES.currencySymbolRequired],
      [{ paymentTermsDays: 366 }, MESSAGES.paymentTermsInvalid],
      [{ legalName: 'Byte\nShop' }, MESSAGES.controlCharacters('Legal name')],
      [{ footerText: 'f'.repeat(1001) }, MESSAGES.fieldTooLong('Footer text', 1000)],
      [{ pricesIncludeTax: 'yes' }, MESSAGES.pricesIncludeTaxInvalid],
      [{ owner: 'me' }, 'Unexpected field: owner'],
    ] as const)
      expectMessage(await call(app, 'PUT', SETTINGS, headers, { ...SAVED, ...change }), 400, message);
    expect((await call(app, 'GET', SETTINGS, headers)).headers.etag).toBe('"0"');
    await call(app, 'PUT', SETTINGS, headers, SAVED);
    const other = await newStore();
    expect((await call(app, 'GET', SETTINGS, other.headers)).json()).toMatchObject({ legalName: '', currencySymbol: '$' });
  });

  it('every member reads the settings and the rates; only the owner changes them', async () => {
    const { headers, token } = await newStore();
    await call(app, 'PUT', SETTINGS, headers, SAVED);
    const rate = await createRate(headers, { name: 'Standard', percent: 23 });
    for (const role of ['manager', 'staff', 'viewer'] as const) {
      const member = cookieHeader((await joinAs(app, mailer, token, role, `${role} member`)).token);
      expect((await call(app, 'GET', SETTINGS, member)).json()).toMatchObject({ legalName: 'Byte Shop Ltd' });
      expect((await call(app, 'GET', RATES, member)).json<TaxRate[]>().map((r) => r.name)).toEqual(['Standard']);
      const refused = MESSAGES.roleForbidden(role, 'change the store settings or tax rates');
      expectMessage(await call(app, 'PUT', SETTINGS, member, SAVED), 403, refused);
      expectMessage(await call(app, 'POST', RATES, member, { name: 'Reduced', percent: 8 }), 403, refused);
      expectMessage(await call(app, 'POST', `${RATES}/${rate._id}/default`, member), 403, refused);
      expectMessage(await call(app, 'DELETE', LOGO, member), 403, refused);
    }
  });

  it('a logo: a re-encoded PNG or JPEG, loaded by the store’s members only, replaced and removed with its upload, refused as product images are', async () => {
    const { headers, token } = await newStore();
    const set = await putLogo(headers, await pngImage(64, 32));
    expect(set.statusCode, set.body).toBe(200);
    const { logo } = set.json<StoreSettings>();
    expect(logo).toEqual({ url: expect.stringMatching(new RegExp(`^${PUBLIC_URL}/uploads/[0-9a-f-]{36}\\.png$`)), fileName: 'logo.png' });
    const path = logo!.url.slice(PUBLIC_URL.length);
    const staff = cookieHeader((await joinAs(app, mailer, token, 'staff', 'Sam Staff')).token);
    const loaded = await app.inject({ method: 'GET', url: path, headers: staff });
    expect({ status: loaded.statusCode, type: loaded.headers['content-type'] }).toEqual({ status: 200, type: 'image/png' });
    const stranger = await newStore();
    expect((await app.inject({ method: 'GET', url: path, headers: stranger.headers })).statusCode).toBe(404);

    const replaced = await putLogo(headers, await pngImage(30, 30), 'new.png');
    expect(replaced.json<StoreSettings>().logo).toMatchObject({ fileName: 'new.png' });
    expect((await app.inject({ method: 'GET', url: path, headers })).statusCode).toBe(404);
    expect(await app.db.selectFrom('uploads').select('name').where('name', '=', path.slice('/uploads/'.length)).executeTakeFirst()).toBeUndefined();

    expectMessage(await putLogo(headers, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'logo.svg', 'image/svg+xml'), 415, MESSAGES.imageTypeNotAllowed);
    expectMessage(await putLogo(headers, await pngImage(8001, 5000)), 400, MESSAGES.imageTooManyPixels);
    expect((await putLogo(headers, Buffer.alloc(6 * 1024 * 1024, 1))).statusCode).toBe(413);
    expectMessage(await putLogo({ ...headers, 'if-match': '"1"' }, await pngImage()), 409, MESSAGES.editConflict);
    const empty = await multipart({ note: 'x' });
    expectMessage(await app.inject({ method: 'PUT', url: LOGO, payload: empty.payload, headers: { ...empty.headers, ...headers } }), 400, 'Unexpected field: note');

    const current = replaced.json<StoreSettings>().logo!.url.slice(PUBLIC_URL.length);
    const removed = await call(app, 'DELETE', LOGO, headers);
    expect(removed.json<StoreSettings>().logo).toBeNull();
    expect((await app.inject({ method: 'GET', url: current, headers })).statusCode).toBe(404);
  });

  it('tax rates: added with an ETag, listed highest first, edited at their version, deleted; another store’s answer 404', async () => {
    const { headers } = await newStore();
    const created = await call(app, 'POST', RATES, headers, { name: ' Reduced ', percent: 8 });
    expect(created.statusCode).toBe(201);
    expect(created.headers.etag).toBe('"1"');
    const reduced = created.json<TaxRate>();
    expect(reduced).toEqual({ _id: expect.any(String), name: 'Reduced', percent: 8, isDefault: false, version: 1, createdAt: expect.any(String), updatedAt: expect.any(String) });
    await createRate(headers, { name: 'Standard', percent: 23 });
    await createRate(headers, { name: 'NYC', percent: 8.875 });
    await createRate(headers, { name: 'Zero', percent: 0 });
    expect((await call(app, 'GET', RATES, headers)).json<TaxRate[]>().map((rate) => [rate.name, rate.percent])).toEqual([
      ['Standard', 23],
      ['NYC', 8.875],
      ['Reduced', 8],
      ['Zero', 0],
    ]);
    const url = `${RATES}/${reduced._id}`;
    const edited = await call(app, 'PATCH', url, { ...headers, 'if-match': '"1"' }, { ...reduced, percent: 7.7 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Reduced', percent: 7.7, version: 2 });
    expect(edited.headers.etag).toBe('"2"');
    expectMessage(await call(app, 'PATCH', url, { ...headers, 'if-match': '"1"' }, { name: 'x' }), 409, MESSAGES.editConflict);
    for (const [body, message] of [
      [{ name: 'Half', percent: 8.87501 }, MESSAGES.taxRatePercentDecimals],
      [{ name: 'Over', percent: 101 }, MESSAGES.taxRatePercentInvalid],
      [{ name: '', percent: 5 }, MESSAGES.taxRateNameRequired],
      [{ name: 'Odd', percent: 5, rate: 5 }, 'Unexpected field: rate'],
    ] as const)
      expectMessage(await call(app, 'POST', RATES, headers, body), 400, message);

    const other = await newStore();
    expectMessage(await call(app, 'GET', url, other.headers), 404, MESSAGES.taxRateNotFound);
    expectMessage(await call(app, 'DELETE', url, other.headers), 404, MESSAGES.taxRateNotFound);
    expectMessage(await call(app, 'GET', `${RATES}/not-a-uuid`, headers), 404, MESSAGES.taxRateNotFound);
    expect((await call(app, 'GET', RATES, other.headers)).json()).toEqual([]);

    expectMessage(await call(app, 'DELETE', url, { ...headers, 'if-match': '"1"' }), 409, MESSAGES.editConflict);
    expect((await call(app, 'DELETE', url, headers)).json()).toEqual({ message: MESSAGES.taxRateDeleted });
    expectMessage(await call(app, 'GET', url, headers), 404, MESSAGES.taxRateNotFound);
  });

  it('one default at most: a new default or setting one clears the one before in the same write; deleting it leaves none', async () => {
    const { headers } = await newStore();
    const standard = await createRate(headers, { name: 'Standard', percent: 23, isDefault: true });
    expect(await defaults(headers)).toEqual(['Standard']);
    const reduced = await createRate(headers, { name: 'Reduced', percent: 8, isDefault: true });
    expect(await defaults(headers)).toEqual(['Reduced']);
    const before = (await call(app, 'GET', `${RATES}/${reduced._id}`, headers)).json<TaxRate>();

    const set = await call(app, 'POST', `${RATES}/${standard._id}/default`, { ...headers, 'if-match': `"${(await call(app, 'GET', `${RATES}/${standard._id}`, headers)).json<TaxRate>().version}"` });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ name: 'Standard', isDefault: true });
    expect(await defaults(headers)).toEqual(['Standard']);
    // The rate that stopped being the default has a new version: an edit made from the old list is refused.
    expect((await call(app, 'GET', `${RATES}/${reduced._id}`, headers)).json<TaxRate>().version).toBe(before.version + 1);
    // Setting the default again changes nothing.
    expect((await call(app, 'POST', `${RATES}/${standard._id}/default`, headers)).json()).toEqual(set.json());

    await call(app, 'DELETE', `${RATES}/${standard._id}`, headers);
    expect(await defaults(headers)).toEqual([]);
    // The database's own rule: a second default row of a store is refused whatever writes it.
    await app.db.updateTable('tax_rates').set({ is_default: 1 }).where('id', '=', reduced._id).execute();
    const extra = await createRate(headers, { name: 'Zero', percent: 0 });
    await expect(app.db.updateTable('tax_rates').set({ is_default: 1 }).where('id', '=', extra._id).execute()).rejects.toThrow();
  });

  it('a store has at most 50 rates (409 for the 51st), the list answered whole', async () => {
    const { headers } = await newStore();
    for (let i = 0; i < 50; i += 1) await createRate(headers, { name: `Rate ${String(i).padStart(2, '0')}`, percent: i });
    expectMessage(await call(app, 'POST', RATES, headers, { name: 'One more', percent: 1 }), 409, MESSAGES.tooManyTaxRates(50));
    expect((await call(app, 'GET', RATES, headers)).json<TaxRate[]>()).toHaveLength(50);
  });
});
