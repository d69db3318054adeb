import type { BillingNumbering, MessageResponse, StoreSettings, StoreSettingsFields, TaxRate } from '@inventory/contract/rules';
import { apiClient } from '../../api/client';
import { ifMatch, versioned, type Versioned } from '../../catalogue/versioned';

/** The store settings and tax rate calls of the Store Settings screen. Only sagas call these. */
const SETTINGS = '/api/stores/active/settings';
const LOGO = `${SETTINGS}/logo`;
const RATES = '/api/tax-rates';
const NUMBERING = '/api/invoices/numbering';
const rate = (id: string) => `${RATES}/${encodeURIComponent(id)}`;
const version = (taxRate: Pick<TaxRate, 'version'>) => ifMatch(`"${taxRate.version}"`);

export async function getStoreSettings(): Promise<Versioned<StoreSettings>> {
  return versioned(await apiClient.get<StoreSettings>(SETTINGS));
}

export async function saveStoreSettings(values: StoreSettingsFields, etag: string | null): Promise<Versioned<StoreSettings>> {
  return versioned(await apiClient.put<StoreSettings>(SETTINGS, values, { headers: ifMatch(etag) }));
}

export async function saveLogo(file: File, etag: string | null): Promise<Versioned<StoreSettings>> {
  const form = new FormData();
  form.append('file', file);
  return versioned(await apiClient.put<StoreSettings>(LOGO, form, { headers: ifMatch(etag) }));
}

export async function removeLogo(etag: string | null): Promise<Versioned<StoreSettings>> {
  return versioned(await apiClient.delete<StoreSettings>(LOGO, { headers: ifMatch(etag) }));
}

export async function getTaxRates(): Promise<TaxRate[]> {
  return (await apiClient.get<TaxRate[]>(RATES)).data;
}

export async function createTaxRate(fields: { name: string; percent: number; isDefault: boolean }): Promise<TaxRate> {
  return (await apiClient.post<TaxRate>(RATES, fields)).data;
}

/** An edit made from the list, at the version the list showed (409 when someone changed the rate since). */
export async function updateTaxRate(taxRate: TaxRate, fields: { name: string; percent: number }): Promise<TaxRate> {
  return (await apiClient.patch<TaxRate>(rate(taxRate._id), fields, { headers: version(taxRate) })).data;
}

export async function deleteTaxRate(taxRate: TaxRate): Promise<MessageResponse> {
  return (await apiClient.delete<MessageResponse>(rate(taxRate._id), { headers: version(taxRate) })).data;
}

export async function setDefaultTaxRate(taxRate: TaxRate): Promise<TaxRate> {
  return (await apiClient.post<TaxRate>(`${rate(taxRate._id)}/default`, undefined, { headers: version(taxRate) })).data;
}

export async function getNumbering(): Promise<BillingNumbering> {
  return (await apiClient.get<BillingNumbering>(NUMBERING)).data;
}

export async function saveNumbering(numbering: BillingNumbering): Promise<BillingNumbering> {
  return (await apiClient.put<BillingNumbering>(NUMBERING, numbering)).data;
}
