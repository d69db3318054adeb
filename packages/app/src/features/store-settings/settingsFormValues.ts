import type { StoreSettings, StoreSettingsFields } from '@inventory/contract/rules';

/** The settings form as typed: numbers are text until sent. */
export type SettingsFormValues = Omit<StoreSettingsFields, 'paymentTermsDays' | 'currencyDecimals'> & {
  paymentTermsDays: string;
  currencyDecimals: string;
};

export function formValuesOf(settings: StoreSettings): SettingsFormValues {
  return {
    legalName: settings.legalName,
    address: settings.address,
    taxId: settings.taxId,
    paymentTermsDays: String(settings.paymentTermsDays),
    bankDetails: settings.bankDetails,
    footerText: settings.footerText,
    currencySymbol: settings.currencySymbol,
    currencyDecimals: String(settings.currencyDecimals),
    pricesIncludeTax: settings.pricesIncludeTax,
  };
}

/** A typed number: empty or not a number stays NaN, which the contract's rules refuse with the field's message. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** What the form sends (the contract's rules check it before it goes). */
export function settingsOf(values: SettingsFormValues): StoreSettingsFields {
  return { ...values, paymentTermsDays: numberOf(values.paymentTermsDays), currencyDecimals: numberOf(values.currencyDecimals) };
}
