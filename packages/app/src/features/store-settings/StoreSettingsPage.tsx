import { useEffect, useMemo } from 'react';
import type { BillingNumbering, StoreSettings, TaxRate } from '@inventory/contract/rules';
import { ErrorState, PageHeader, Spinner } from '@inventory/ui';
import { RequirePermission } from '../../membership/RequirePermission';
import { selectCan } from '../../membership/selectors';
import { usePageTitle } from '../../page/usePageTitle';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { LogoCard } from './LogoCard';
import { NumberingCard } from './NumberingCard';
import { samplePreview } from './samplePreview';
import { settingsOf } from './settingsFormValues';
import { SettingsForm } from './SettingsForm';
import { saveRequested, selectStoreSettingsState, settingsRequested } from './storeSettingsSlice';
import { TaxRatesCard } from './TaxRatesCard';
import { TotalsPreview } from './TotalsPreview';
import { useSettingsForm } from './useSettingsForm';

function LoadedSettings({ settings, rates, numbering }: { settings: StoreSettings; rates: TaxRate[]; numbering: BillingNumbering }) {
  const dispatch = useAppDispatch();
  const saving = useAppSelector(selectStoreSettingsState).saving;
  const readOnly = !useAppSelector(selectCan('settings:update'));
  const { values, errors, onChange, validate } = useSettingsForm(settings);
  const preview = useMemo(
    () => samplePreview(settingsOf(values), { symbol: settings.currencySymbol, decimals: settings.currencyDecimals }, rates),
    [values, settings.currencySymbol, settings.currencyDecimals, rates],
  );
  return (
    <div className="flex flex-col gap-6">
      {readOnly ? <p className="m-0 text-ink-muted">What your documents print about your store. Only the store&apos;s owners change these settings.</p> : null}
      <SettingsForm
        values={values}
        errors={errors}
        onChange={onChange}
        saving={saving}
        readOnly={readOnly}
        onSubmit={() => {
          if (validate()) dispatch(saveRequested(settingsOf(values)));
        }}
      />
      <LogoCard settings={settings} readOnly={readOnly} />
      <TaxRatesCard rates={rates} readOnly={readOnly} />
      <NumberingCard numbering={numbering} readOnly={readOnly} />
      <TotalsPreview preview={preview} />
    </div>
  );
}

/**
 * /store-settings: the active store's details for its documents (business details, logo, invoicing), its tax rates,
 * how its invoices are numbered and a preview of how a document prints amounts and totals. Every member sees it; owners change it.
 */
export function StoreSettingsPage() {
  usePageTitle('Store Settings');
  const dispatch = useAppDispatch();
  const { status, message, settings, rates, numbering } = useAppSelector(selectStoreSettingsState);
  useEffect(() => {
    dispatch(settingsRequested());
  }, [dispatch]);
  return (
    <div>
      <PageHeader title="Store Settings" />
      <RequirePermission permission="settings:read">
        {status === 'loaded' && settings && numbering ? (
          <LoadedSettings settings={settings} rates={rates} numbering={numbering} />
        ) : status === 'failed' ? (
          <ErrorState message={message} onRetry={() => dispatch(settingsRequested())} />
        ) : (
          <div className="flex justify-center py-16">
            <Spinner size="lg" label="Loading store settings" />
          </div>
        )}
      </RequirePermission>
    </div>
  );
}
