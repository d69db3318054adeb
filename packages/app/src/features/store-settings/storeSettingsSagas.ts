import {
  BILLING_MESSAGES,
  type BillingNumbering,
  firstStoreSettingsError,
  firstTaxRateError,
  MESSAGES,
  type StoreSettings,
  type TaxRate,
  validateBillingNumbering,
  validateStoreSettings,
  validateTaxRate,
} from '@inventory/contract/rules';
import { all, call, put, select, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import type { SagaIterator } from 'redux-saga';
import type { Versioned } from '../../catalogue/versioned';
import { formSettled } from '../../forms/formErrorsSlice';
import { reportFormSuccess } from '../../forms/formSagas';
import { reportFailure, reportInvalid, reportLoadFailure } from '../../session/reportFailure';
import { toast } from '../../toasts/toastsSlice';
import * as api from './api';
import {
  logoRemoveRequested,
  logoRequested,
  numberingSaved,
  numberingSaveRequested,
  numberingWriteFailed,
  rateDefaultRequested,
  rateDeleteRequested,
  rateSaveRequested,
  ratesReceived,
  rateWriteFailed,
  saveRequested,
  selectSettingsEtag,
  settingsLoaded,
  settingsLoadFailed,
  settingsRequested,
  settingsSaved,
  settingsWriteFailed,
} from './storeSettingsSlice';

/** The settings, the rates and the numbering, together: the screen shows them all or its failure. */
export function* loadSettingsSaga(): SagaIterator<void> {
  try {
    const [settings, rates, numbering]: [Versioned<StoreSettings>, TaxRate[], BillingNumbering] = yield all([
      call(api.getStoreSettings),
      call(api.getTaxRates),
      call(api.getNumbering),
    ]);
    yield put(settingsLoaded({ settings, rates, numbering }));
  } catch (error) {
    yield* reportLoadFailure(error, settingsLoadFailed);
  }
}

/** Checked by the contract's rules first (shown under their fields), then PUT with the ETag of the settings shown. */
export function* saveSettingsSaga({ payload }: ReturnType<typeof saveRequested>): SagaIterator<void> {
  yield put(formSettled('storeSettings'));
  const invalid = firstStoreSettingsError(validateStoreSettings(payload));
  if (invalid) {
    yield put(settingsWriteFailed(invalid));
    yield* reportInvalid(invalid, 'storeSettings');
    return;
  }
  try {
    const etag: string | null = yield select(selectSettingsEtag);
    const saved: Versioned<StoreSettings> = yield call(api.saveStoreSettings, payload, etag);
    yield put(settingsSaved(saved));
    yield* reportFormSuccess('storeSettings', MESSAGES.settingsSaved);
  } catch (error) {
    yield* reportFailure(error, { failedAction: settingsWriteFailed, form: 'storeSettings' });
  }
}

export function* logoSaga(action: ReturnType<typeof logoRequested> | ReturnType<typeof logoRemoveRequested>): SagaIterator<void> {
  try {
    const etag: string | null = yield select(selectSettingsEtag);
    const saved: Versioned<StoreSettings> = logoRequested.match(action) ? yield call(api.saveLogo, action.payload, etag) : yield call(api.removeLogo, etag);
    yield put(settingsSaved(saved));
    yield put(toast.success(logoRequested.match(action) ? MESSAGES.logoSaved : MESSAGES.logoRemoved));
  } catch (error) {
    yield* reportFailure(error, { failedAction: settingsWriteFailed });
  }
}

/** After any write of a rate the list is read again: making one the default changes two. */
function* reloadRates(message: string, formDone: boolean): SagaIterator<void> {
  const rates: TaxRate[] = yield call(api.getTaxRates);
  yield put(ratesReceived({ rates, formDone }));
  if (formDone) yield* reportFormSuccess('taxRate', message);
  else yield put(toast.success(message));
}

export function* saveRateSaga({ payload }: ReturnType<typeof rateSaveRequested>): SagaIterator<void> {
  yield put(formSettled('taxRate'));
  const invalid = firstTaxRateError(validateTaxRate(payload));
  if (invalid) {
    yield put(rateWriteFailed(invalid));
    yield* reportInvalid(invalid, 'taxRate');
    return;
  }
  try {
    const { rate, name, percent, isDefault } = payload;
    if (rate === null) {
      yield call(api.createTaxRate, { name, percent, isDefault });
    } else {
      const updated: TaxRate = yield call(api.updateTaxRate, rate, { name, percent });
      if (isDefault && !updated.isDefault) yield call(api.setDefaultTaxRate, updated);
    }
    yield* reloadRates(rate === null ? MESSAGES.taxRateAdded : MESSAGES.taxRateUpdated, true);
  } catch (error) {
    yield* reportFailure(error, { failedAction: rateWriteFailed, form: 'taxRate' });
  }
}

export function* deleteRateSaga({ payload }: ReturnType<typeof rateDeleteRequested>): SagaIterator<void> {
  try {
    const answer: { message: string } = yield call(api.deleteTaxRate, payload);
    yield* reloadRates(answer.message, false);
  } catch (error) {
    yield* reportFailure(error, { failedAction: rateWriteFailed });
  }
}

export function* defaultRateSaga({ payload }: ReturnType<typeof rateDefaultRequested>): SagaIterator<void> {
  try {
    const rate: TaxRate = yield call(api.setDefaultTaxRate, payload);
    yield* reloadRates(MESSAGES.taxRateDefaultSet(rate.name), false);
  } catch (error) {
    yield* reportFailure(error, { failedAction: rateWriteFailed });
  }
}

/** Checked by the contract's rule first (each prefix under its field), then PUT; the next number follows it. */
export function* saveNumberingSaga({ payload }: ReturnType<typeof numberingSaveRequested>): SagaIterator<void> {
  yield put(formSettled('numbering'));
  const errors = validateBillingNumbering(payload);
  const invalid = errors.invoicePrefix ?? errors.creditNotePrefix;
  if (invalid) {
    yield put(numberingWriteFailed(invalid));
    yield* reportInvalid(invalid, 'numbering');
    return;
  }
  try {
    const saved: BillingNumbering = yield call(api.saveNumbering, payload);
    yield put(numberingSaved(saved));
    yield* reportFormSuccess('numbering', BILLING_MESSAGES.numberingSaved);
  } catch (error) {
    yield* reportFailure(error, { failedAction: numberingWriteFailed, form: 'numbering' });
  }
}

export function* storeSettingsSagas(): SagaIterator<void> {
  yield all([
    takeLatest(settingsRequested, loadSettingsSaga),
    takeLeading(saveRequested, saveSettingsSaga),
    takeLeading([logoRequested, logoRemoveRequested], logoSaga),
    takeLeading(rateSaveRequested, saveRateSaga),
    takeEvery(rateDeleteRequested, deleteRateSaga),
    takeLeading(rateDefaultRequested, defaultRateSaga),
    takeLeading(numberingSaveRequested, saveNumberingSaga),
  ]);
}
