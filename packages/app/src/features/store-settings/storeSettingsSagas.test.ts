import { BILLING_MESSAGES, DEFAULT_STORE_SETTINGS, MESSAGES, type StoreSettingsFields, type TaxRate } from '@inventory/contract';
import { bytesOf, TINY_PNG_BASE64 } from '@inventory/mocks/scenarios';
import { mockDb, signedInAs, withStoreSettings } from '@inventory/mocks';
import { server } from '@inventory/mocks/node';
import type { Role } from '@inventory/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedInTestApp, setupMockApi, type TestApp } from '../../../test/harness';
import {
  logoRemoveRequested,
  logoRequested,
  numberingSaveRequested,
  rateDefaultRequested,
  rateDeleteRequested,
  rateSaveRequested,
  saveRequested,
  settingsRequested,
} from './storeSettingsSlice';

setupMockApi();

let requests: string[] = [];
const record = ({ request }: { request: Request }) => void requests.push(`${request.method} ${new URL(request.url).pathname}`);
beforeEach(() => {
  requests = [];
  server.events.on('request:start', record);
});
afterEach(() => void server.events.removeListener('request:start', record));

const SAVED: StoreSettingsFields = { ...DEFAULT_STORE_SETTINGS, legalName: 'Jane’s IT Shop Ltd', paymentTermsDays: 14, currencySymbol: '€' };
const RATES = [
  { name: 'Standard', percent: 23, isDefault: true },
  { name: 'Reduced', percent: 8 },
];

const state = (app: TestApp) => app.store.getState().storeSettings;
const rateNamed = (app: TestApp, name: string) => state(app).rates.find((rate) => rate.name === name)!;

async function loaded(role: Role = 'owner') {
  const app = await signedInTestApp(() => {
    signedInAs(role)();
    withStoreSettings(SAVED, RATES)();
  });
  app.store.dispatch(settingsRequested());
  await vi.waitFor(() => expect(state(app).status).toBe('loaded'));
  return app;
}

describe('the store settings screen', () => {
  it('loads the settings with their ETag and the rates, highest first', async () => {
    const app = await loaded();
    expect(state(app).settings).toMatchObject({ legalName: 'Jane’s IT Shop Ltd', currencySymbol: '€', logo: null });
    expect(state(app).etag).toBe('"1"');
    expect(state(app).rates.map((rate) => [rate.name, rate.isDefault])).toEqual([
      ['Standard', true],
      ['Reduced', false],
    ]);
  });

  it('checks the settings by the contract’s rules first (under the field, nothing sent), then saves them at the version shown', async () => {
    const app = await loaded();
    app.store.dispatch(saveRequested({ ...SAVED, currencyDecimals: 3 }));
    await app.fieldErrorShown('storeSettings', 'currencyDecimals', MESSAGES.currencyDecimalsThree);
    expect(requests).not.toContain('PUT /api/stores/active/settings');
    expect(state(app).saving).toBe(false);

    app.store.dispatch(saveRequested({ ...SAVED, bankDetails: 'IBAN IE29 AIBK 9311 5212 3456 78' }));
    await app.toastShown(MESSAGES.settingsSaved, 'success');
    expect(state(app).settings?.bankDetails).toBe('IBAN IE29 AIBK 9311 5212 3456 78');
    expect(state(app).etag).toBe('"2"');
  });

  it('a save made from settings someone changed meanwhile answers 409: a toast, nothing overwritten', async () => {
    const app = await loaded();
    mockDb.storeSettings[0]!.version += 1;
    app.store.dispatch(saveRequested({ ...SAVED, legalName: 'Mine' }));
    await app.toastShown(MESSAGES.editConflict, 'error');
    expect(state(app).saving).toBe(false);
    expect(mockDb.storeSettings[0]!.legalName).toBe('Jane’s IT Shop Ltd');
  });

  it('uploads a logo and removes it, each at the settings’ version', async () => {
    const app = await loaded();
    app.store.dispatch(logoRequested(new File([bytesOf(TINY_PNG_BASE64)], 'logo.png', { type: 'image/png' })));
    await app.toastShown(MESSAGES.logoSaved, 'success');
    expect(state(app).settings?.logo).toEqual({ url: expect.stringMatching(/\/uploads\/[0-9a-f-]+\.png$/), fileName: 'logo.png' });
    app.store.dispatch(logoRemoveRequested());
    await app.toastShown(MESSAGES.logoRemoved, 'success');
    expect(state(app).settings?.logo).toBeNull();
    expect(state(app).logoBusy).toBe(false);
  });

  it('adds, edits, makes default and deletes tax rates, reading the list again after each', async () => {
    const app = await loaded();
    app.store.dispatch(rateSaveRequested({ rate: null, name: ' ', percent: 5, isDefault: false }));
    await app.fieldErrorShown('taxRate', 'name', MESSAGES.taxRateNameRequired);
    expect(requests).not.toContain('POST /api/tax-rates');

    app.store.dispatch(rateSaveRequested({ rate: null, name: 'NYC', percent: 8.875, isDefault: true }));
    await app.toastShown(MESSAGES.taxRateAdded, 'success');
    expect(state(app).rateFormDone).toBe(1);
    expect(state(app).rates.filter((rate) => rate.isDefault).map((rate) => rate.name)).toEqual(['NYC']);

    app.store.dispatch(rateSaveRequested({ rate: rateNamed(app, 'Reduced'), name: 'Reduced', percent: 7.7, isDefault: true }));
    await app.toastShown(MESSAGES.taxRateUpdated, 'success');
    expect(rateNamed(app, 'Reduced')).toMatchObject({ percent: 7.7, isDefault: true });
    expect(rateNamed(app, 'NYC').isDefault).toBe(false);

    app.store.dispatch(rateDefaultRequested(rateNamed(app, 'Standard')));
    await app.toastShown(MESSAGES.taxRateDefaultSet('Standard'), 'success');
    expect(state(app).rates.filter((rate) => rate.isDefault).map((rate) => rate.name)).toEqual(['Standard']);

    app.store.dispatch(rateDeleteRequested(rateNamed(app, 'NYC')));
    await app.toastShown(MESSAGES.taxRateDeleted, 'success');
    expect(state(app).rates.map((rate: TaxRate) => rate.name)).toEqual(['Standard', 'Reduced']);
    expect(state(app).rateBusy).toBeNull();
  });

  it('an edit from a list someone changed meanwhile is refused (409) with a toast', async () => {
    const app = await loaded();
    const reduced = rateNamed(app, 'Reduced');
    mockDb.taxRates.find((rate) => rate._id === reduced._id)!.version += 1;
    app.store.dispatch(rateSaveRequested({ rate: reduced, name: 'Reduced', percent: 9, isDefault: false }));
    await app.toastShown(MESSAGES.editConflict, 'error');
    expect(state(app).rateBusy).toBeNull();
  });

  it('loads the numbering with the settings; checks the prefixes first (nothing sent), then saves it for the next number', async () => {
    const app = await loaded();
    expect(state(app).numbering).toEqual({ invoicePrefix: 'INV', creditNotePrefix: 'CN', withYear: true });
    app.store.dispatch(numberingSaveRequested({ invoicePrefix: 'INV 1', creditNotePrefix: 'CN', withYear: true }));
    // The card shows it under the field it concerns before dispatching; the saga's own check is a toast.
    await app.toastShown(BILLING_MESSAGES.numberingPrefixInvalid, 'error');
    expect(requests).not.toContain('PUT /api/invoices/numbering');
    expect(state(app).numberingBusy).toBe(false);

    app.store.dispatch(numberingSaveRequested({ invoicePrefix: 'FA', creditNotePrefix: 'AV', withYear: false }));
    await app.toastShown(BILLING_MESSAGES.numberingSaved, 'success');
    expect(state(app).numbering).toEqual({ invoicePrefix: 'FA', creditNotePrefix: 'AV', withYear: false });
    expect(requests).toContain('PUT /api/invoices/numbering');
  });

  it('staff see the settings; a change they try is refused with the role’s message', async () => {
    const app = await loaded('staff');
    expect(state(app).settings?.legalName).toBe('Jane’s IT Shop Ltd');
    app.store.dispatch(saveRequested(SAVED));
    await app.toastShown(MESSAGES.roleForbidden('staff', 'change the store settings or tax rates'), 'error');
  });
});
