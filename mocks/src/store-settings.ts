import {
  compareTaxRates,
  DEFAULT_STORE_SETTINGS,
  type StoreSettings,
  type StoreSettingsFields,
  type TaxRate,
} from '@inventory/contract';
import { demoUser } from './fixtures';
import { mockDb, newUuid, notifyMockDbChange, storeIdForUser, toActor, type StoredActor, type StoredStoreSettings, type StoredTaxRate } from './db';
import { publicUrlOf } from './urls';

/** A store's settings and tax rates as the server answers them (features/store-settings/mapping.ts). */

export function storeSettingsOf(storeId: string): StoredStoreSettings | undefined {
  return mockDb.storeSettings.find((settings) => settings.storeId === storeId);
}

/** The settings of a store with their version: the contract's defaults at version 0 until the store saves some. */
export function storeSettingsAnswer(storeId: string): { settings: StoreSettings; version: number } {
  const stored = storeSettingsOf(storeId);
  if (!stored) return { settings: { ...DEFAULT_STORE_SETTINGS, logo: null, updatedAt: null, updatedBy: null } as StoreSettings, version: 0 };
  const { storeId: _storeId, logoUpload, logoFileName, changer, version, ...fields } = stored;
  const logo = logoUpload === null ? null : { url: publicUrlOf(`/uploads/${logoUpload}`, mockDb.publicUrl), fileName: logoFileName ?? 'logo' };
  return { settings: { ...(fields as StoreSettings), logo, updatedBy: toActor(changer) }, version };
}

/** The store's settings row, made at version 0 with the defaults when the store saved none yet (as the server's first write). */
export function savedSettingsOf(storeId: string): StoredStoreSettings {
  let stored = storeSettingsOf(storeId);
  if (!stored) {
    stored = { ...DEFAULT_STORE_SETTINGS, storeId, logoUpload: null, logoFileName: null, updatedAt: null, changer: null, version: 0 };
    mockDb.storeSettings.push(stored);
  }
  return stored;
}

export function toTaxRate(stored: StoredTaxRate): TaxRate {
  const { storeId: _storeId, creator: _creator, changer: _changer, ...rate } = stored;
  return rate;
}

/** A store's rates in the contract's order. */
export function taxRatesOf(storeId: string): StoredTaxRate[] {
  return mockDb.taxRates.filter((rate) => rate.storeId === storeId).sort((a, b) => compareTaxRates(a, b));
}

/** Stories and demos: the settings of `userId`'s store (saved once, by them). */
export function seedStoreSettings(fields: Partial<StoreSettingsFields> & { logoUpload?: string; logoFileName?: string }, userId: string = demoUser._id): void {
  const storeId = storeIdForUser(userId);
  mockDb.storeSettings = mockDb.storeSettings.filter((settings) => settings.storeId !== storeId);
  const { logoUpload = null, logoFileName = null, ...rest } = fields;
  mockDb.storeSettings.push({
    ...DEFAULT_STORE_SETTINGS,
    ...rest,
    storeId,
    logoUpload,
    logoFileName,
    updatedAt: '2026-11-20T09:30:00.000Z',
    changer: { userId, token: null } satisfies StoredActor,
    version: 1,
  });
  notifyMockDbChange();
}

/** Stories and demos: replace the tax rates of `userId`'s store (at most one `isDefault`). */
export function seedTaxRates(rates: readonly { name: string; percent: number; isDefault?: boolean }[], userId: string = demoUser._id): TaxRate[] {
  const storeId = storeIdForUser(userId);
  mockDb.taxRates = mockDb.taxRates.filter((rate) => rate.storeId !== storeId);
  const at = '2026-11-20T09:30:00.000Z';
  for (const rate of rates) {
    const actor = { userId, token: null };
    mockDb.taxRates.push({ _id: newUuid(), storeId, name: rate.name, percent: rate.percent, isDefault: rate.isDefault ?? false, createdAt: at, updatedAt: at, version: 1, creator: actor, changer: actor });
  }
  notifyMockDbChange();
  return taxRatesOf(storeId).map(toTaxRate);
}

/** Story state hook (after a signed-in one): the signed-in user's store has these settings and rates. */
export function withStoreSettings(
  settings: Parameters<typeof seedStoreSettings>[0] | null,
  rates: Parameters<typeof seedTaxRates>[0] = [],
): () => () => void {
  return () => {
    const userId = mockDb.defaultSession ? mockDb.sessions[mockDb.defaultSession]?.userId : undefined;
    if (settings) seedStoreSettings(settings, userId);
    seedTaxRates(rates, userId);
    return () => undefined;
  };
}
