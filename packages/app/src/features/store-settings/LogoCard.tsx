import { useState } from 'react';
import type { StoreSettings } from '@inventory/contract/rules';
import { Button, Card, ImageField } from '@inventory/ui';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { logoRemoveRequested, logoRequested, selectStoreSettingsState } from './storeSettingsSlice';

/**
 * The logo documents print: its preview, and for owners a file to choose (sent as soon as it is chosen, checked by the
 * server as product images are: JPEG or PNG, at most 5 MB) and a way to remove it.
 */
export function LogoCard({ settings, readOnly }: { settings: StoreSettings; readOnly: boolean }) {
  const dispatch = useAppDispatch();
  const busy = useAppSelector(selectStoreSettingsState).logoBusy;
  // A new input after each logo saved or removed, so a failed choice can be chosen again.
  const [attempt, setAttempt] = useState(0);
  const { logo } = settings;
  return (
    <Card title="Logo">
      <div className="flex flex-col gap-4">
        {readOnly ? (
          logo ? (
            <img src={logo.url} alt="The store's logo" className="max-h-40 max-w-full self-start rounded border border-line object-contain p-2" />
          ) : (
            <p className="m-0 text-ink-muted">No logo set for this store.</p>
          )
        ) : (
          <ImageField
            key={`${logo?.url ?? 'none'}-${attempt}`}
            label="Logo"
            name="logo"
            previewUrl={logo?.url ?? null}
            emptyText="No logo set for this store."
            hint={logo ? `${logo.fileName}: choose another file to replace it` : 'A JPEG or PNG image, at most 5 MB'}
            disabled={busy}
            onFileChange={(file) => {
              if (!file) return;
              dispatch(logoRequested(file));
              setAttempt((n) => n + 1);
            }}
          />
        )}
        {!readOnly && logo ? (
          <div>
            <Button type="button" variant="secondary" loading={busy} onClick={() => dispatch(logoRemoveRequested())}>
              Remove logo
            </Button>
          </div>
        ) : null}
      </div>
    </Card>
  );
}
