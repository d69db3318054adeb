import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { BillingNumbering, StoreSettings, StoreSettingsFields, TaxRate } from '@inventory/contract/rules';
import type { Versioned } from '../../catalogue/versioned';
import { activeStoreChanged } from '../../membership/membershipSlice';

export type SettingsLoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** A rate of the tax rate form: a new one (`rate` null) or an edit of `rate`. */
export interface TaxRateIntent {
  rate: TaxRate | null;
  name: string;
  percent: number;
  isDefault: boolean;
}

export interface StoreSettingsState {
  status: SettingsLoadStatus;
  /** The failed load's message. */
  message: string;
  settings: StoreSettings | null;
  /** The settings' ETag, sent back as If-Match on every write. */
  etag: string | null;
  rates: TaxRate[];
  /** The settings form is being saved. */
  saving: boolean;
  /** A logo is being uploaded or removed. */
  logoBusy: boolean;
  /** The rate being written: its id, 'new' for an added one. */
  rateBusy: string | null;
  /** Counts the rate form's successes: it remounts empty after each (its `key`). */
  rateFormDone: number;
  /** How invoices and credit notes are numbered (GET /api/invoices/numbering). */
  numbering: BillingNumbering | null;
  /** The numbering is being saved. */
  numberingBusy: boolean;
}

export const initialStoreSettingsState: StoreSettingsState = {
  status: 'idle',
  message: '',
  settings: null,
  etag: null,
  rates: [],
  saving: false,
  logoBusy: false,
  rateBusy: null,
  rateFormDone: 0,
  numbering: null,
  numberingBusy: false,
};

function received(state: StoreSettingsState, { item, etag }: Versioned<StoreSettings>) {
  state.settings = item;
  state.etag = etag;
}

/**
 * The Store Settings screen: the active store's details for its documents and its tax rates. `*Requested` actions are
 * intents run by storeSettingsSagas.ts; the rest are results.
 */
const storeSettingsSlice = createSlice({
  name: 'storeSettings',
  initialState: initialStoreSettingsState,
  reducers: {
    settingsRequested(state) {
      if (state.status !== 'loaded') state.status = 'loading';
    },
    settingsLoaded(state, action: PayloadAction<{ settings: Versioned<StoreSettings>; rates: TaxRate[]; numbering: BillingNumbering }>) {
      received(state, action.payload.settings);
      state.rates = action.payload.rates;
      state.numbering = action.payload.numbering;
      state.status = 'loaded';
      state.message = '';
    },
    settingsLoadFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.message = action.payload;
    },
    saveRequested(state, _action: PayloadAction<StoreSettingsFields>) {
      state.saving = true;
    },
    logoRequested(state, _action: PayloadAction<File>) {
      state.logoBusy = true;
    },
    logoRemoveRequested(state) {
      state.logoBusy = true;
    },
    settingsSaved(state, action: PayloadAction<Versioned<StoreSettings>>) {
      received(state, action.payload);
      state.saving = false;
      state.logoBusy = false;
    },
    settingsWriteFailed(state, _action: PayloadAction<string>) {
      state.saving = false;
      state.logoBusy = false;
    },
    rateSaveRequested(state, action: PayloadAction<TaxRateIntent>) {
      state.rateBusy = action.payload.rate?._id ?? 'new';
    },
    rateDeleteRequested(state, action: PayloadAction<TaxRate>) {
      state.rateBusy = action.payload._id;
    },
    rateDefaultRequested(state, action: PayloadAction<TaxRate>) {
      state.rateBusy = action.payload._id;
    },
    ratesReceived(state, action: PayloadAction<{ rates: TaxRate[]; formDone: boolean }>) {
      state.rates = action.payload.rates;
      state.rateBusy = null;
      if (action.payload.formDone) state.rateFormDone += 1;
    },
    rateWriteFailed(state, _action: PayloadAction<string>) {
      state.rateBusy = null;
    },
    numberingSaveRequested(state, _action: PayloadAction<BillingNumbering>) {
      state.numberingBusy = true;
    },
    numberingSaved(state, action: PayloadAction<BillingNumbering>) {
      state.numbering = action.payload;
      state.numberingBusy = false;
    },
    numberingWriteFailed(state, _action: PayloadAction<string>) {
      state.numberingBusy = false;
    },
  },
  extraReducers: (builder) => {
    // Another store's settings are another screen's: loaded again from the start.
    builder.addCase(activeStoreChanged, () => initialStoreSettingsState);
  },
});

export const storeSettingsReducer = storeSettingsSlice.reducer;
export const {
  settingsRequested,
  settingsLoaded,
  settingsLoadFailed,
  saveRequested,
  logoRequested,
  logoRemoveRequested,
  settingsSaved,
  settingsWriteFailed,
  rateSaveRequested,
  rateDeleteRequested,
  rateDefaultRequested,
  ratesReceived,
  rateWriteFailed,
  numberingSaveRequested,
  numberingSaved,
  numberingWriteFailed,
} = storeSettingsSlice.actions;

type WithStoreSettings = { storeSettings: StoreSettingsState };
export const selectStoreSettingsState = (state: WithStoreSettings) => state.storeSettings;
export const selectStoreSettings = (state: WithStoreSettings) => state.storeSettings.settings;
export const selectSettingsEtag = (state: WithStoreSettings) => state.storeSettings.etag;
export const selectTaxRates = (state: WithStoreSettings) => state.storeSettings.rates;
