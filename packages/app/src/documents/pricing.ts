import type { StoreSettings, TaxRate } from '@inventory/contract/rules';
import { apiClient } from '../api/client';

/** What a document's line editor needs to price lines: the store's tax rates and how its documents print amounts. */
export interface Pricing {
  taxRates: TaxRate[];
  pricesIncludeTax: boolean;
  currencySymbol: string;
  currencyDecimals: number;
}

/** A line as POST/PATCH of an order or an invoice sends it; an order's edit names a line it keeps by `lineId`. */
export interface OrderLineBody {
  lineId?: string;
  productId: string | null;
  description: string;
  quantity: number;
  unitPrice: number;
  discountPercent: number | null;
  taxRateId: string | null;
}

/** The store's pricing: its settings and its tax rates. Only sagas call this. */
export async function getPricing(): Promise<Pricing> {
  const [settings, rates] = await Promise.all([
    apiClient.get<StoreSettings>('/api/stores/active/settings'),
    apiClient.get<TaxRate[]>('/api/tax-rates'),
  ]);
  const { pricesIncludeTax, currencySymbol, currencyDecimals } = settings.data;
  return { taxRates: rates.data, pricesIncludeTax, currencySymbol, currencyDecimals };
}
